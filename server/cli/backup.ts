import { parseArgs } from 'node:util';
import { backupDataDir } from '../backup/backup.js';
import { loadConfig } from '../config.js';
import { describeBytes, stopOnRefusal } from './backup-output.js';

const USAGE = `Usage: npm run backup -- FILE [--force]
  FILE     the archive to write: a tar file of the SQLite database and the uploaded images (DATA_DIR/uploads)
  --force  replace FILE if it exists`;

const started = performance.now();
const { file, force } = stopOnRefusal(USAGE, () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1) throw new Error('Name one file to write.');
  return { file: positionals[0] ?? '', force: values.force };
});
const config = loadConfig();
const summary = await stopOnRefusal(null, () =>
  backupDataDir({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, file, force }),
);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `Backed up ${config.dataDir} to ${summary.file} in ${seconds} s: the database (${describeBytes(summary.databaseBytes)}, migration ${summary.migration ?? 'none'}) and ${summary.images} uploaded images (${describeBytes(summary.imageBytes)}).`,
);
if (summary.missingImages.length > 0) {
  console.log(
    `${summary.missingImages.length} images the database lists were not in DATA_DIR/uploads: ${summary.missingImages.join(', ')}`,
  );
}
