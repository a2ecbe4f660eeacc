import { type FileHandle, open } from 'node:fs/promises';

/**
 * The little of the POSIX tar format (ustar) that a backup needs: regular files and folders, written
 * and read back, so that a backup is one file that `tar -xf` also opens. Sizes past ustar's 8 GiB are
 * written in GNU tar's base-256 form, which GNU tar and bsdtar read.
 */
const BLOCK = 512;
const CHUNK = 1024 * 1024;
const MAX_OCTAL_SIZE = 8 ** 11 - 1;

export interface TarEntry {
  name: string;
  type: 'file' | 'directory';
  size: number;
  /** Where the contents start in the archive. */
  offset: number;
}

/** The archive is not one this reader takes: cut short, damaged, or holding other kinds of entry. */
export class TarFormatError extends Error {}

function writeOctal(header: Buffer, value: number, offset: number, length: number): void {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
}

function writeSize(header: Buffer, size: number): void {
  if (size <= MAX_OCTAL_SIZE) {
    writeOctal(header, size, 124, 12);
    return;
  }
  header[124] = 0x80;
  let rest = size;
  for (let at = 135; at > 124; at--) {
    header[at] = rest % 256;
    rest = Math.floor(rest / 256);
  }
}

function readSize(header: Buffer): number {
  if (((header[124] ?? 0) & 0x80) === 0) return readOctal(header, 124, 12);
  let size = 0;
  for (let at = 125; at < 136; at++) size = size * 256 + (header[at] ?? 0);
  return size;
}

function readOctal(header: Buffer, offset: number, length: number): number {
  const text = header
    .toString('ascii', offset, offset + length)
    .replace(/[\0 ]+$/, '')
    .trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError(`a header field is not an octal number ("${text}")`);
  return Number.parseInt(text, 8);
}

/** The header checksum: the sum of its bytes, the checksum field counted as spaces. */
function checksumOf(header: Buffer): number {
  let sum = 0;
  for (let at = 0; at < BLOCK; at++) sum += at >= 148 && at < 156 ? 0x20 : (header[at] ?? 0);
  return sum;
}

function headerOf(name: string, type: TarEntry['type'], size: number): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`A tar entry name is at most 100 bytes: ${name}`);
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0, 100, 'utf8');
  writeOctal(header, type === 'directory' ? 0o755 : 0o644, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeSize(header, size);
  writeOctal(header, Math.floor(Date.now() / 1000), 136, 12);
  header.write(type === 'directory' ? '5' : '0', 156, 'ascii');
  header.write('ustar\u000000', 257, 'ascii');
  header.write(`${checksumOf(header).toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return header;
}

/** Writes entries one after the other into an open file; finish() ends the archive. */
export function createTarWriter(target: FileHandle) {
  return {
    async addDirectory(name: string): Promise<void> {
      await target.write(headerOf(name.endsWith('/') ? name : `${name}/`, 'directory', 0));
    },

    /** Copies a file whole; fails if it changes size while being copied. */
    async addFile(name: string, sourcePath: string): Promise<number> {
      const source = await open(sourcePath, 'r');
      try {
        const { size } = await source.stat();
        await target.write(headerOf(name, 'file', size));
        const buffer = Buffer.alloc(Math.min(CHUNK, Math.max(size, 1)));
        for (let copied = 0; copied < size; ) {
          const { bytesRead } = await source.read(buffer, 0, Math.min(buffer.length, size - copied), copied);
          if (bytesRead === 0) throw new Error(`${sourcePath} became shorter while it was copied`);
          await target.write(buffer, 0, bytesRead);
          copied += bytesRead;
        }
        const padding = (BLOCK - (size % BLOCK)) % BLOCK;
        if (padding > 0) await target.write(Buffer.alloc(padding));
        return size;
      } finally {
        await source.close();
      }
    },

    async finish(): Promise<void> {
      await target.write(Buffer.alloc(2 * BLOCK));
    },
  };
}

/** Lists an archive's entries, checking every header; the contents are read later with extractEntry. */
export async function readTarEntries(archive: FileHandle): Promise<TarEntry[]> {
  const { size: archiveSize } = await archive.stat();
  const entries: TarEntry[] = [];
  const header = Buffer.alloc(BLOCK);
  for (let position = 0; ; ) {
    const { bytesRead } = await archive.read(header, 0, BLOCK, position);
    if (bytesRead < BLOCK) {
      throw new TarFormatError(position === 0 ? 'not a tar archive' : 'the archive ends before its end marker');
    }
    if (header.every((byte) => byte === 0)) return entries;
    if (header.toString('ascii', 257, 262) !== 'ustar') throw new TarFormatError('not a tar archive');
    if (readOctal(header, 148, 8) !== checksumOf(header)) throw new TarFormatError('a header is damaged');
    const name = header.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    const flag = header.toString('ascii', 156, 157);
    const type = flag === '0' || flag === '\0' ? 'file' : flag === '5' ? 'directory' : null;
    if (!type) throw new TarFormatError(`${name} is neither a file nor a folder`);
    const size = readSize(header);
    const offset = position + BLOCK;
    if (offset + size > archiveSize) throw new TarFormatError(`the archive ends inside ${name}`);
    entries.push({ name, type, size, offset });
    position = offset + Math.ceil(size / BLOCK) * BLOCK;
  }
}

/** Writes one file entry's contents to `targetPath` (created, never overwritten) and flushes it to disk. */
export async function extractEntry(archive: FileHandle, entry: TarEntry, targetPath: string): Promise<void> {
  const target = await open(targetPath, 'wx');
  try {
    const buffer = Buffer.alloc(Math.min(CHUNK, Math.max(entry.size, 1)));
    for (let copied = 0; copied < entry.size; ) {
      const length = Math.min(buffer.length, entry.size - copied);
      const { bytesRead } = await archive.read(buffer, 0, length, entry.offset + copied);
      if (bytesRead === 0) throw new TarFormatError(`the archive ends inside ${entry.name}`);
      await target.write(buffer, 0, bytesRead);
      copied += bytesRead;
    }
    await target.sync();
  } finally {
    await target.close();
  }
}
