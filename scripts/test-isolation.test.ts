import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_FILES_THAT_MOCK_MODULES } from '../vitest.config.js';

function testFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

describe('test files that share a worker', () => {
  it('leave module replacement to the web files that run isolated', () => {
    const replacing = [...testFiles('web'), ...testFiles('server'), ...testFiles('common')]
      .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')))
      .sort();
    expect(replacing).toEqual([...WEB_FILES_THAT_MOCK_MODULES].sort());
  });
});
