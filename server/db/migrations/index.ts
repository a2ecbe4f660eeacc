import type { Migration } from 'kysely';
import type { DialectName } from '../connect.js';
import { initialMigration } from './0001_initial.js';
import { contentVersionMigration } from './0002_content_version.js';

/** Every migration in order of name. They live in code (not read from a folder) so tsx and the build run the same list. */
export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_initial': initialMigration(dialect),
    '0002_content_version': contentVersionMigration(dialect),
  };
}
