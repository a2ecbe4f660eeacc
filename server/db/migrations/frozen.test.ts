import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MIGRATIONS_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * What a migration may import besides its neighbours in this folder: the query builder, and the
 * dialect's name as a type (erased when compiled). Module code or data would change what a released
 * migration does whenever the module changes.
 */
const ALLOWED_PACKAGES = new Set(['kysely']);
const ALLOWED_TYPE_ONLY = new Set(['../connect.js']);

interface ModuleImport {
  specifier: string;
  typeOnly: boolean;
}

/** Every module a file names: static imports and re-exports, side-effect imports, import() and require(). */
function importsOf(source: string): ModuleImport[] {
  const statements = [...source.matchAll(/^\s*(?:import|export)\b([^;]*?)\bfrom\s*['"]([^'"]+)['"]/gms)].map(
    ([, clause = '', specifier = '']) => ({ specifier, typeOnly: /^\s*type\s/.test(clause) }),
  );
  const bare = [...source.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)].map(([, specifier = '']) => ({
    specifier,
    typeOnly: false,
  }));
  const dynamic = [...source.matchAll(/\b(?:import|require)\s*\(\s*([^)]*)\)/g)].map(([, argument = '']) => ({
    specifier: argument.trim(),
    typeOnly: false,
  }));
  return [...statements, ...bare, ...dynamic];
}

function isAllowed({ specifier, typeOnly }: ModuleImport): boolean {
  if (ALLOWED_PACKAGES.has(specifier)) return true;
  if (typeOnly && ALLOWED_TYPE_ONLY.has(specifier)) return true;
  if (!specifier.startsWith('.')) return false;
  return path.resolve(MIGRATIONS_DIR, specifier).startsWith(MIGRATIONS_DIR + path.sep);
}

const migrationFiles = readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

describe('the migrations', () => {
  it('are found', () => {
    expect(migrationFiles).toContain('0001_initial.ts');
    expect(migrationFiles).toContain('index.ts');
  });

  it.each(migrationFiles)('%s imports no module code or data', (file) => {
    const imports = importsOf(readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((found) => !isAllowed(found))).toEqual([]);
  });

  it.each([
    ["import { names } from '../../modules/categories/names.js';", false],
    ["import type { Database } from '../schema.js';", false],
    ["import { sql } from 'kysely';", true],
    ["export { x } from '../seed.js';", false],
    ["import '../../config.js';", false],
    ["const module = await import('../../modules/papers/repo.js');", false],
    ["import type { DialectName } from '../connect.js';", true],
    ["import { DialectName } from '../connect.js';", false],
    ["import {\n  a,\n  b,\n} from './0001_initial.js';", true],
  ])('tells an allowed import from another: %s', (source, allowed) => {
    expect(importsOf(source).every(isAllowed)).toBe(allowed);
  });
});
