import { parseArgs } from 'node:util';
import { CONSOLE_ROLES, consoleRoleSchema } from '../../contract/console/console-auth.ts';
import { addConsoleUser } from '../console/console-users.ts';
import { openDatabase } from '../db/open-database.ts';
import { readServerEnv } from '../env.ts';

/**
 * `npm run console:add-user -- --email ana@loja.com.br --role owner [--password-stdin]`: a console user on
 * the database the server uses (DATABASE_URL, or the embedded one in DATA_DIR — stop `npm start` first,
 * PGlite has one process at a time). The password is read from stdin with `--password-stdin`; otherwise
 * one is generated and printed once.
 */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    role: { type: 'string', default: 'staff' },
    'password-stdin': { type: 'boolean', default: false },
  },
});
if (!values.email)
  fail(
    `Usage: npm run console:add-user -- --email <e-mail> --role <${CONSOLE_ROLES.join('|')}> [--password-stdin]`,
  );
const role = consoleRoleSchema.safeParse(values.role);
if (!role.success) fail(`--role is one of ${CONSOLE_ROLES.join(', ')}.`);
const password = values['password-stdin'] ? await readStdin() : undefined;

const env = readServerEnv({});
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  const result = await addConsoleUser(
    database.db,
    { email: values.email, role: role.data, password },
    { userId: null, email: 'cli' },
    new Date(),
  );
  if (result.kind === 'exists') fail(`A console user with the e-mail ${values.email} exists already.`);
  if (result.kind === 'invalid') fail(result.message);
  process.stdout.write(`Console user ${result.user.email} (${result.user.role}) created.\n`);
  if (result.generated) process.stdout.write(`Password (shown once): ${result.password}\n`);
} finally {
  await database.close();
}
