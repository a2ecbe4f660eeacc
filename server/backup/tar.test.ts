import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTarWriter, extractEntry, readTarEntries, TarFormatError } from './tar.js';

const workDir = mkdtempSync(path.join(tmpdir(), 'site-tar-'));
const at = (...names: string[]) => path.join(workDir, ...names);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** Files of awkward sizes: empty, one block exactly, a byte past it, and larger than a copy chunk. */
const FILES: [string, Buffer][] = [
  ['site.db', randomBytes(1024 * 1024 + 7)],
  ['uploads/empty.png', Buffer.alloc(0)],
  ['uploads/block.png', randomBytes(512)],
  ['uploads/block-and-one.png', randomBytes(513)],
];

async function writeArchive(file: string): Promise<void> {
  mkdirSync(at('in', 'uploads'), { recursive: true });
  for (const [name, bytes] of FILES) writeFileSync(at('in', name), bytes);
  const target = await open(file, 'w');
  const tar = createTarWriter(target);
  await tar.addFile('site.db', at('in', 'site.db'));
  await tar.addDirectory('uploads');
  for (const [name] of FILES.slice(1)) await tar.addFile(name, at('in', name));
  await tar.finish();
  await target.close();
}

describe('the backup archive format', () => {
  beforeAll(() => writeArchive(at('ours.tar')));

  it('writes archives that tar itself lists and extracts byte for byte', async () => {
    const listed = execFileSync('tar', ['-tf', at('ours.tar')], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(listed).toEqual(['site.db', 'uploads/', ...FILES.slice(1).map(([name]) => name)]);
    mkdirSync(at('out'));
    execFileSync('tar', ['-xf', at('ours.tar'), '-C', at('out')]);
    for (const [name, bytes] of FILES) expect(readFileSync(at('out', name)).equals(bytes), name).toBe(true);
  });

  it('reads back what tar writes in the ustar format', async () => {
    execFileSync('tar', ['--format=ustar', '-cf', at('theirs.tar'), '-C', at('in'), 'site.db', 'uploads']);
    const archive = await open(at('theirs.tar'), 'r');
    try {
      const entries = await readTarEntries(archive);
      expect(entries.map(({ name, type }) => `${type} ${name}`).sort()).toEqual(
        ['file site.db', 'directory uploads/', ...FILES.slice(1).map(([name]) => `file ${name}`)].sort(),
      );
      mkdirSync(at('read'));
      for (const entry of entries.filter(({ type }) => type === 'file')) {
        const target = at('read', path.basename(entry.name));
        await extractEntry(archive, entry, target);
        expect(readFileSync(target).equals(readFileSync(at('in', entry.name))), entry.name).toBe(true);
      }
    } finally {
      await archive.close();
    }
  });

  it('refuses a damaged header, a cut-short archive and entries other than files and folders', async () => {
    const good = readFileSync(at('ours.tar'));
    const damaged = Buffer.from(good);
    damaged[10] = (damaged[10] ?? 0) ^ 0xff;
    writeFileSync(at('symlink-target'), 'x');
    execFileSync('ln', ['-sf', 'symlink-target', at('in', 'link')]);
    execFileSync('tar', ['--format=ustar', '-cf', at('link.tar'), '-C', at('in'), 'link']);
    const cases: [string, Buffer, RegExp][] = [
      ['damaged.tar', damaged, /a header is damaged/],
      ['short.tar', good.subarray(0, 2048), /the archive ends inside site\.db/],
      ['no-end.tar', good.subarray(0, good.length - 1024), /the archive ends before its end marker/],
      ['link.tar', readFileSync(at('link.tar')), /link is neither a file nor a folder/],
    ];
    for (const [name, bytes, reason] of cases) {
      writeFileSync(at(name), bytes);
      const archive = await open(at(name), 'r');
      try {
        const reading = readTarEntries(archive);
        await expect(reading, name).rejects.toThrow(TarFormatError);
        await expect(reading, name).rejects.toThrow(reason);
      } finally {
        await archive.close();
      }
    }
  });
});
