import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function testFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

describe('test files that share a worker', () => {
  it("replace no module: server and common files share their worker's modules", () => {
    const replacing = [...testFiles('server'), ...testFiles('common'), ...testFiles('scripts'), ...testFiles('bench')]
      .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')))
      .sort();
    expect(replacing).toEqual([]);
  });
});
