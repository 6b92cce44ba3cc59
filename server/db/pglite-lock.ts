import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * PGlite is a single-process database: two processes on one data directory silently lose writes (the
 * "Go live" issue). A lock file next to the directory names the owner's pid; a second process fails with
 * a message saying who holds it, and a lock left by a dead process is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly ownerPid: number,
  ) {
    super(
      `The embedded database is in use by another process (pid ${ownerPid}, lock file ${lockFile}). ` +
        'Stop that process, or give this one its own DATA_DIR, or use DATABASE_URL for a shared PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else — still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(lockFile: string, pid: number = process.pid): DataDirLock {
  mkdirSync(dirname(lockFile), { recursive: true });
  // Two rounds at most: the second follows the removal of a stale lock.
  for (let round = 0; round < 2; round += 1) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, `${pid}\n`);
      closeSync(fd);
      return {
        release: () => {
          // Only our own lock is removed; a successor's lock must survive a late release.
          if (readOwner(lockFile) === pid) unlinkSync(lockFile);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockFile);
      if (owner !== undefined && (owner === pid || isAlive(owner))) {
        throw new DataDirLockedError(lockFile, owner);
      }
      // Stale (dead owner or unreadable file): take it over.
      try {
        unlinkSync(lockFile);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
    }
  }
  throw new Error(`Could not take the lock file ${lockFile}: another process keeps creating it.`);
}
