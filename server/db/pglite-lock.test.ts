import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from './open-pglite.ts';
import { DataDirLockedError, lockDataDir } from './pglite-lock.ts';

const CHILD = fileURLToPath(new URL('../test/fixtures/open-pglite.ts', import.meta.url));
const dirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-pglite-'));
  dirs.push(dir);
  return dir;
}

/** The pid of a process that has exited: a lock it held is stale. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

function runSecondProcess(dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir], { stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('PGlite data directory lock', () => {
  it('a second holder is refused with the owner’s pid; release lets the next one in', () => {
    const file = join(tempDir(), 'pglite.lock');
    const lock = lockDataDir(file);
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    expect(() => lockDataDir(file)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(file)).toThrow(/in use by another process \(pid \d+/);
    lock.release();
    expect(existsSync(file)).toBe(false);
    lockDataDir(file).release();
  });

  it('a lock left by a dead process is taken over; a late release never removes a successor’s lock', () => {
    const file = join(tempDir(), 'pglite.lock');
    writeFileSync(file, `${deadPid()}\n`);
    const lock = lockDataDir(file);
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();

    const stale = lockDataDir(file, deadPid());
    const successor = lockDataDir(file);
    stale.release();
    expect(readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    successor.release();
  });

  it('two processes on one data directory: the second fails with a clear message', async () => {
    const dataDir = tempDir();
    const first = await openPglite(dataDir);
    try {
      const second = await runSecondProcess(dataDir);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`in use by another process (pid ${process.pid}`);
      expect(second.stderr).toContain('DATABASE_URL');
    } finally {
      await first.close();
    }
    // Once the first has closed, the directory is free again (and keeps its data).
    const again = await runSecondProcess(dataDir);
    expect(again.stdout).toContain('opened');
  }, 60_000);
});
