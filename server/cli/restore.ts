import { parseArgs } from 'node:util';
import { restoreDataDir } from '../backup/restore.js';
import { loadConfig } from '../config.js';
import { stopOnRefusal } from './backup-output.js';

const USAGE = `Usage: npm run restore -- FILE
  FILE  a backup written by npm run backup (or an SQLite database file); stop every process using DATA_DIR first`;

const file = stopOnRefusal(USAGE, () => {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1) throw new Error('Name one backup to restore.');
  return positionals[0] ?? '';
});
const config = loadConfig();
const restored = await stopOnRefusal(null, () =>
  restoreDataDir({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, file }),
);
const images =
  restored.images === null ? 'the uploaded images left as they were' : `${restored.images} uploaded images`;
const pending =
  restored.pending.length === 0
    ? 'It is up to date with this version.'
    : `The next start runs the ${restored.pending.length} migrations it lacks (${restored.pending.join(', ')}).`;
const replaced = restored.replaced ? ` What it replaced is kept in ${restored.replaced} until the next restore.` : '';
console.log(
  `Restored ${file} into ${config.dataDir}: the database (migration ${restored.migration ?? 'none'}) and ${images}.${replaced} ${pending}`,
);
