import { parseArgs } from 'node:util';
import { CONSOLE_ROLES, consoleRoleSchema } from '../../contract/console/console-auth.ts';
import { addConsoleUser } from '../console/console-users.ts';
import { newPasswordRefusal } from '../console/password-policy.ts';
import { openDatabase } from '../db/open-database.ts';
import { readServerEnv } from '../env.ts';

/** The sub-command of the server's entry that adds a console user (server/main.ts runs it first). */
export const ADD_CONSOLE_USER_COMMAND = 'console:add-user';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/**
 * `npm run console:add-user -- --email ana@loja.com.br --role owner [--password-stdin]` (or, on a
 * production build, `node dist-server/main.js console:add-user …`): a console user on the database the
 * server uses (DATABASE_URL, or the embedded one in DATA_DIR — stop the server first, PGlite has one
 * process at a time). With `--password-stdin` the password is read from stdin; otherwise one is generated
 * and printed once. Answers the exit code.
 */
export async function addConsoleUserCommand(args: string[]): Promise<number> {
  const fail = (message: string) => {
    process.stderr.write(`${message}\n`);
    return 1;
  };
  let values: {
    email?: string | undefined;
    role?: string | undefined;
    'password-stdin'?: boolean | undefined;
  };
  try {
    values = parseArgs({
      args,
      options: {
        email: { type: 'string' },
        role: { type: 'string', default: 'staff' },
        'password-stdin': { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const usage = `Usage: npm run console:add-user -- --email <e-mail> --role <${CONSOLE_ROLES.join('|')}> [--password-stdin]`;
  if (!values.email) return fail(usage);
  const role = consoleRoleSchema.safeParse(values.role);
  if (!role.success) return fail(`--role is one of ${CONSOLE_ROLES.join(', ')}.`);
  const password = values['password-stdin'] ? await readStdin() : undefined;
  // Said before the database is opened: an embedded one would need the server stopped for nothing.
  const refusal = password === undefined ? undefined : await newPasswordRefusal(password);
  if (refusal) return fail(refusal.message);
  const env = readServerEnv({});
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const result = await addConsoleUser(
      database.db,
      { email: values.email, role: role.data, password },
      { userId: null, email: 'cli' },
      new Date(),
    );
    if (result.kind === 'exists')
      return fail(`A console user with the e-mail ${values.email} exists already.`);
    if (result.kind === 'invalid') return fail(result.message);
    if (result.kind === 'refused-password') return fail(result.refusal.message);
    process.stdout.write(`Console user ${result.user.email} (${result.user.role}) created.\n`);
    if (result.generated) process.stdout.write(`Password (shown once): ${result.password}\n`);
    return 0;
  } finally {
    await database.close();
  }
}
