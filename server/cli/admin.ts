import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { type AppConfig, ConfigError, loadConfig } from '../config.js';
import { type DbHandle, describeDatabase } from '../db/connect.js';
import { AppError } from '../errors.js';
import { createLogger } from '../logger.js';
import { createServices } from '../services.js';
import { openDatabase } from '../startup.js';

const HELP = `Usage: npm run admin -- <command> [options]

Commands:
  create-admin   Create a verified admin, or promote an existing account to one.
    --email E      The admin's email address (required).
    --name N       The admin's display name (required for a new account).
    --password P   The admin's password (required for a new account).

Options:
  -h, --help     Print this help.

The database is the one the site uses: DATABASE_URL when set, otherwise site.db in DATA_DIR (./data).`;

/** Exit status for a command line the CLI does not understand, as shells use it. */
const USAGE_ERROR = 2;

/** A command line without a command it can run: the reason, then what it can run. */
function stopWithUsage(reason: string): never {
  console.error(`${reason}\n\n${HELP}`);
  process.exit(USAGE_ERROR);
}

/** Anything else an operator can fix (an option, the environment, the database): one line, no stack trace. */
function stop(reason: string, status: number): never {
  console.error(reason);
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
    return stop(`${error instanceof Error ? error.message : String(error)}. See npm run admin -- --help.`, USAGE_ERROR);
  }
}

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) stop(`Invalid configuration: ${error.problems.join('; ')}`, 1);
    throw error;
  }
}

async function open(config: AppConfig, log: FastifyBaseLogger): Promise<DbHandle> {
  try {
    return await openDatabase({ ...config, seedDemo: false }, log);
  } catch (error) {
    return stop(`Cannot open ${describeDatabase(config)}: ${error instanceof Error ? error.message : error}`, 1);
  }
}

const { positionals, values } = readArguments();
const command = positionals[0];

if (values.help) {
  console.log(HELP);
  process.exit(0);
}
if (command === undefined) stopWithUsage('Missing command.');
if (command !== 'create-admin') stopWithUsage(`Unknown command "${command}".`);
// Checked before the database is opened, so a mistyped command line changes nothing.
if (values.email === undefined) stop('create-admin needs --email, the address of the admin.', USAGE_ERROR);

const config = readConfig();
const log = createLogger('warn');
const handle = await open(config, log);
// The same services as the web role, so an admin made here follows the sign-up rules.
const { users, close } = createServices({ config, handle, log });
try {
  const { user, created } = await users.createOrPromoteAdmin({
    email: values.email,
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
  if (!(error instanceof AppError)) throw error;
  process.exitCode = 1;
  console.error(error.message);
} finally {
  await close();
  await handle.close();
}
