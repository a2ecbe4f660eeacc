import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** Tracked files that are data rather than the project's code or texts: each needs its licence named in NOTICE. */
const dataFile = /\.(json|jsonl|gz|xml|pdf|txt|csv|tsv)$/;
const ownTexts = /^(package(-lock)?\.json|tsconfig[\w.]*\.json|biome\.json|content\/|web\/locales\/)/;

function trackedDataFiles(): string[] {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n');
  return files.filter((file) => dataFile.test(file) && !ownTexts.test(file));
}

/** A NOTICE line names a file, or a folder's files with a `*` pattern. */
function namedInNotice(notice: string, file: string): boolean {
  const patterns = notice.match(/[\w./-]+\/[\w.*-]+/g) ?? [];
  return patterns.some((pattern) => {
    const regex = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
    return regex.test(file);
  });
}

describe('licence notices', () => {
  it('names every tracked data file in NOTICE, so each ships with its licence', () => {
    const notice = readFileSync(path.join(root, 'NOTICE'), 'utf8');
    const unnamed = trackedDataFiles().filter((file) => !namedInNotice(notice, file));
    expect(unnamed).toEqual([]);
  });

  it('licenses the code under the Apache License 2.0, in LICENSE and package.json alike', () => {
    const licence = readFileSync(path.join(root, 'LICENSE'), 'utf8');
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { license?: string };
    expect(licence).toContain('Apache License\n                           Version 2.0, January 2004');
    expect(pkg.license).toBe('Apache-2.0');
  });
});
