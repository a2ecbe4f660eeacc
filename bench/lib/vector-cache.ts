import {
  closeSync,
  existsSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/** Room for an arXiv id (the longest old-style ones are 26 characters), padded with zeros. */
const ID_BYTES = 32;

/**
 * Vectors of papers by arXiv id, in one append-only file of fixed-size records (id, then the vector
 * as float32), so that a long embedding run can stop at any time and resume: a torn last record is
 * cut off at open.
 */
export interface VectorCache {
  file: string;
  /** The vectors stored so far. */
  read(): Map<string, Float32Array>;
  append(entries: { arxivId: string; vector: Float32Array }[]): void;
  close(): void;
}

/** Whether a process of this id is running. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Claims the cache for this process: two writers would interleave their records. A claim left by a
 * process that has ended is taken over.
 */
function claim(lock: string): void {
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(readFileSync(lock, 'utf8'));
    if (isRunning(owner)) throw new Error(`process ${owner} is filling ${lock.replace(/\.lock$/, '')}; wait for it`);
    writeFileSync(lock, String(process.pid));
  }
}

export function openVectorCache(directory: string, name: string, dimensions: number): VectorCache {
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, `${name.replace(/[^\w.-]+/g, '_')}.vectors`);
  const lock = `${file}.lock`;
  claim(lock);
  const recordBytes = ID_BYTES + dimensions * 4;
  const handle = openSync(file, existsSync(file) ? 'r+' : 'w+');
  const size = fstatSync(handle).size;
  let end = size - (size % recordBytes);
  if (end !== size) ftruncateSync(handle, end);

  return {
    file,
    read() {
      const bytes = readFileSync(file).subarray(0, end);
      const vectors = new Map<string, Float32Array>();
      for (let offset = 0; offset < bytes.length; offset += recordBytes) {
        const idBytes = bytes.subarray(offset, offset + ID_BYTES);
        const arxivId = idBytes.subarray(0, idBytes.indexOf(0) === -1 ? ID_BYTES : idBytes.indexOf(0)).toString();
        const vector = new Float32Array(dimensions);
        new Uint8Array(vector.buffer).set(bytes.subarray(offset + ID_BYTES, offset + recordBytes));
        vectors.set(arxivId, vector);
      }
      return vectors;
    },
    append(entries) {
      const buffer = Buffer.alloc(entries.length * recordBytes);
      entries.forEach(({ arxivId, vector }, i) => {
        if (vector.length !== dimensions) throw new Error(`${arxivId}: ${vector.length} numbers, not ${dimensions}`);
        const id = Buffer.from(arxivId);
        if (id.length > ID_BYTES) throw new Error(`${arxivId}: an id longer than ${ID_BYTES} bytes`);
        id.copy(buffer, i * recordBytes);
        Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).copy(buffer, i * recordBytes + ID_BYTES);
      });
      writeSync(handle, buffer, 0, buffer.length, end);
      end += buffer.length;
    },
    close() {
      closeSync(handle);
      rmSync(lock, { force: true });
    },
  };
}
