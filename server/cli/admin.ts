import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { describeDatabase } from '../db/connect.js';
import { AppError } from '../errors.js';
import { createLogger } from '../logger.js';
import { createServices } from '../services.js';
import { openDatabase } from '../startup.js';

const HELP = `Usage: npm run admin -- <command> [options]

Commands:
  create-admin   Create a verified admin, or promote an existing account to one.

Options:
  --email E      The admin's email address (create-admin, required).
  --name N       The admin's display name (create-admin, for a new account).
  --password P   The admin's password (create-admin, for a new account).
  -h, --help     Print this help.

The database is the one the site uses: DATABASE_URL when set, otherwise site.db in DATA_DIR.`;

/** Exit status for a command line the CLI does not understand, as shells use it. */
const USAGE_ERROR = 2;

function stop(message: string, status: number): never {
  console.error(`${message}\n\n${HELP}`);
  process.exit(status);
}

function readArguments() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return stop(error instanceof Error ? error.message : String(error), USAGE_ERROR);
  }
}

const { positionals, values } = readArguments();
const command = positionals[0];

if (values.help || command === undefined) {
  console.log(HELP);
  process.exit(0);
}
if (command !== 'create-admin') stop(`Unknown command "${command}".`, USAGE_ERROR);

const config = loadConfig();
const log = createLogger('warn');
const handle = await openDatabase({ ...config, seedDemo: false }, log);
// The same services as the web role, so an admin made here follows the sign-up rules.
const { users, close } = createServices({ config, handle, log });
try {
  const { user, created } = await users.createOrPromoteAdmin({
    email: values.email ?? '',
    name: values.name,
    password: values.password,
  });
  const database = describeDatabase(config);
  console.log(
    created
      ? `Created the verified admin ${user.email} (id ${user.id}) in ${database}.`
      : `Promoted ${user.email} to a verified admin (password unchanged) in ${database}.`,
  );
} catch (error) {
  if (error instanceof AppError) stop(error.message, 1);
  throw error;
} finally {
  await close();
  await handle.close();
}
