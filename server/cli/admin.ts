import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { AppError } from '../errors.js';
import { createLogger } from '../logger.js';
import { createServices } from '../services.js';
import { openDatabase } from '../startup.js';

const USAGE = 'Usage: npm run admin -- create-admin --email E --name N --password P';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
});

function stop(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

if (positionals[0] !== 'create-admin') stop(`Unknown command "${positionals[0] ?? ''}".`);

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
  console.log(
    created
      ? `Created the verified admin ${user.email} (id ${user.id}).`
      : `Promoted ${user.email} to a verified admin (password unchanged).`,
  );
} catch (error) {
  if (error instanceof AppError) stop(error.message);
  throw error;
} finally {
  await close();
  await handle.close();
}
