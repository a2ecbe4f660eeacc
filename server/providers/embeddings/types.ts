/**
 * Which queue a request joins: `query` for a search's question, `background` (the default) for
 * papers. A question never waits behind papers: the bundled encoder gives it a thread of its own.
 */
export type EmbedLane = 'query' | 'background';

/**
 * Turns texts into vectors. The bundled Universal Sentence Encoder lite (in worker threads) and an
 * OpenAI-compatible embeddings endpoint both answer to this.
 */
export interface TextEmbedder {
  /**
   * Names the model and whatever changes its vectors; a vector is stored with the id that made it,
   * and vectors of another id are re-made.
   */
  readonly modelId: string;
  /** One vector per text, in order; every vector of one model has the same length. */
  embed(texts: string[], signal?: AbortSignal, lane?: EmbedLane): Promise<Float32Array[]>;
  /** Ends the worker threads or the connections; later calls fail. */
  close(): Promise<void>;
}
