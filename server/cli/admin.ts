import { parseArgs } from 'node:util';
import { EMAIL_PATTERN, MIN_PASSWORD_LENGTH } from '../../common/account-rules.js';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { createUsersRepo } from '../modules/users/repo.js';

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
const email = values.email?.trim() ?? '';
if (!EMAIL_PATTERN.test(email)) stop('--email must be an email address.');

const handle = connectDatabase(loadConfig());
try {
  await migrateToLatest(handle);
  const users = createUsersRepo(handle.db);
  const existing = await users.findByEmail(email);
  if (existing) {
    await users.update(existing.id, { role: 'admin', verified: true });
    console.log(`Promoted ${existing.email} to a verified admin (password unchanged).`);
  } else {
    const name = values.name?.trim() ?? '';
    const password = values.password ?? '';
    if (!name) stop('--name is required for a new user.');
    if (password.length < MIN_PASSWORD_LENGTH) stop(`--password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
    const user = await users.insert({
      name,
      email,
      passwordHash: await hashPassword(password),
      role: 'admin',
      verified: true,
    });
    console.log(`Created the verified admin ${user.email} (id ${user.id}).`);
  }
} finally {
  await handle.close();
}
