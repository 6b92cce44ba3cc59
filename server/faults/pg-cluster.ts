import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throw-away PostgreSQL cluster the fault suite owns (it restarts it), made like
 * scripts/with-postgres.mjs does: initdb under /tmp, started on `port`, run as the `postgres` user when
 * this process is root (PostgreSQL refuses root).
 */
export interface PgCluster {
  url: string;
  restart(): void;
  stop(): void;
}

function pgCommand(tool: string, args: string[]): [string, string[]] {
  const full = tool;
  if (process.getuid?.() !== 0) return [full, args];
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser'].find((path) => existsSync(path));
  if (!runuser) throw new Error('running as root without runuser: cannot start PostgreSQL as `postgres`');
  return [runuser, ['-u', 'postgres', '--', full, ...args]];
}

function pg(tool: string, args: string[]): void {
  const [command, argv] = pgCommand(tool, args);
  const result = spawnSync(command, argv, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${tool} failed (${String(result.status)}): ${result.stdout}${result.stderr}`);
}

export function startPgCluster(port: number): PgCluster {
  const root = mkdtempSync(join(tmpdir(), 'checkout-faults-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(root, uid, gid);
  }
  const data = join(root, 'data');
  pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-locale', '--no-sync', '-E', 'UTF8']);
  const options = [
    `-p ${port}`,
    `-k ${root}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c max_connections=200',
  ].join(' ');
  const start = () =>
    pg('pg_ctl', ['-D', data, '-l', join(root, 'log'), '-o', options, '-w', '-t', '60', 'start']);
  start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () =>
      pg('pg_ctl', ['-D', data, '-l', join(root, 'log'), '-o', options, '-m', 'fast', '-w', 'restart']),
    stop: () => {
      if (running) {
        running = false;
        try {
          pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      }
    },
  };
}
