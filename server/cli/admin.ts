import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { type AppConfig, ConfigError, loadConfig } from '../config.js';
import { type DbHandle, describeDatabase } from '../db/connect.js';
import { AppError } from '../errors.js';
import { createLogger } from '../logger.js';
import { createServices } from '../services.js';
import { openDatabase } from '../startup.js';
import { type AdminCommand, isAdminCommand } from './admin-commands.js';

const HELP = `Usage: npm run admin -- <command> [options]

Commands:
  create-admin   Create a verified admin, or promote an existing account to one.
    --email E      The admin's email address (required).
    --name N       The admin's display name (required for a new account).
    --password P   The admin's password (required for a new account).
  promote        Make an existing account an admin.
    --email E      The account's email address (required).
  demote         Make an admin a reader again; never the last admin.
    --email E      The account's email address (required).
  delete-account Delete an account; its comments stay, shown as by 'deleted user'.
    --email E      The account's email address (required).

Each change is recorded in the audit log as the command line's, and mailed to the account.

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
if (!isAdminCommand(command)) stopWithUsage(`Unknown command "${command}".`);
// Checked before the database is opened, so a mistyped command line changes nothing.
if (values.email === undefined) {
  const whose = command === 'create-admin' ? 'the admin' : 'the account';
  stop(`${command} needs --email, the address of ${whose}.`, USAGE_ERROR);
}
const email = values.email;

const config = readConfig();
const log = createLogger('warn');
const handle = await open(config, log);
// The same services as the web role, so that changes made here follow the site's rules.
const services = createServices({ config, handle, log });
const database = describeDatabase(config);

/** Runs the command; answers the line that tells the operator what changed. */
async function run(name: AdminCommand, address: string): Promise<string> {
  const { users, accounts } = services;
  if (name === 'create-admin') {
    const { user, created } = await users.createOrPromoteAdmin({
      email: address,
      name: values.name,
      password: values.password,
    });
    return created
      ? `Created the verified admin ${user.email} (id ${user.id}) in ${database}.`
      : `Promoted ${user.email} to a verified admin (password unchanged) in ${database}.`;
  }
  const userId = await accounts.userIdByEmail(address);
  if (name === 'delete-account') {
    await accounts.deleteByAdmin(null, userId);
    return `Deleted the account ${address} (id ${userId}) from ${database}; its comments stay, shown as by 'deleted user'.`;
  }
  const user = await accounts.setRole(null, userId, name === 'promote' ? 'admin' : 'user');
  return `${user.email} (id ${user.id}) is ${name === 'promote' ? 'an admin' : 'a reader'} in ${database}.`;
}

try {
  console.log(await run(command, email));
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  process.exitCode = 1;
  console.error(error.message);
} finally {
  // The account's mail goes before the process ends.
  await services.mailer.idle();
  await services.close();
  await handle.close();
}
