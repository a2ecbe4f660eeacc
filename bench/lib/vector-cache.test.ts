import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openVectorCache } from './vector-cache.js';

let directory = '';
afterEach(() => rmSync(directory, { recursive: true, force: true }));

describe('the vector cache', () => {
  it('keeps vectors by id across openings, and cuts off a torn last record', () => {
    directory = mkdtempSync(path.join(tmpdir(), 'vector-cache-'));
    const first = openVectorCache(directory, 'papers@model', 3);
    first.append([
      { arxivId: '2501.00001', vector: new Float32Array([1, 0, 0]) },
      { arxivId: 'cond-mat.stat-mech/0601001', vector: new Float32Array([0, 0.5, 0.5]) },
    ]);
    first.close();
    appendFileSync(first.file, Buffer.alloc(7, 1));

    const again = openVectorCache(directory, 'papers@model', 3);
    again.append([{ arxivId: '2501.00003', vector: new Float32Array([0, 0, 1]) }]);
    expect(again.read()).toEqual(
      new Map([
        ['2501.00001', new Float32Array([1, 0, 0])],
        ['cond-mat.stat-mech/0601001', new Float32Array([0, 0.5, 0.5])],
        ['2501.00003', new Float32Array([0, 0, 1])],
      ]),
    );
    again.close();
  });

  it('refuses a second writer while the first has it open, and vectors of the wrong length', () => {
    directory = mkdtempSync(path.join(tmpdir(), 'vector-cache-'));
    const cache = openVectorCache(directory, 'papers@model', 3);
    expect(() => openVectorCache(directory, 'papers@model', 3)).toThrow(/is filling/);
    expect(() => cache.append([{ arxivId: '2501.00001', vector: new Float32Array(2) }])).toThrow(/not 3/);
    cache.close();
    openVectorCache(directory, 'papers@model', 3).close();
  });
});
