import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

export interface LineFile {
  /** The file's size on disk, and how much of it has been read: progress without counting lines first. */
  size: number;
  bytesRead(): number;
  lines(): AsyncGenerator<string>;
}

async function isGzipped(file: string): Promise<boolean> {
  const handle = await open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/**
 * The lines of a text file, gzipped or not (told by its first bytes, not its name). A missing or
 * corrupt file rejects instead of hanging, and a reader that stops early closes the file.
 */
export async function openLineFile(file: string): Promise<LineFile> {
  const { size } = await stat(file);
  const gzipped = await isGzipped(file);
  const source = createReadStream(file);
  let text: Readable = source;
  if (gzipped) {
    const gunzip = createGunzip();
    source.on('error', (error) => gunzip.destroy(error));
    text = source.pipe(gunzip);
  }
  text.setEncoding('utf8');
  return {
    size,
    bytesRead: () => source.bytesRead,
    async *lines() {
      let pending = '';
      try {
        for await (const chunk of text as AsyncIterable<string>) {
          const parts = (pending + chunk).split('\n');
          pending = parts.pop() ?? '';
          yield* parts;
        }
        if (pending) yield pending;
      } finally {
        source.destroy();
      }
    },
  };
}
