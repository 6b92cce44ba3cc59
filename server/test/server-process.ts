import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the server's production bundle (main.js), built once for the run. */
    serverBundle: string;
  }
}

/**
 * The arguments that start the server as `npm run serve` does — its production bundle, built once for the run
 * by scripts/vitest-global-setup.ts — followed by the command's own (`--api-only`, `console:add-user …`).
 */
export function serverProcessArgs(...args: string[]): string[] {
  return ['--enable-source-maps', join(inject('serverBundle'), 'main.js'), ...args];
}

/** One line of the server's JSON log (server/platform/logger.ts): `msg` and its fields. */
export type LogLine = Readonly<Record<string, unknown>>;

export interface ServerProcess {
  readonly child: ChildProcessByStdio<null, Readable, null>;
  /** Its exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /**
   * The first line of its log whose `msg` is `msg`, already written or still to come: what a test waits for
   * instead of a time ("listening", "shutdown: draining"). Rejects once the process has ended without it.
   * The process's LOG_LEVEL must let the line through (`info` for these two).
   */
  logLine(msg: string): Promise<LogLine>;
}

function isLogLine(value: unknown): value is LogLine {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The server process (serverProcessArgs), its stdout read as log lines, its stderr the test run's. */
export function startServerProcess(args: string[], env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(process.execPath, serverProcessArgs(...args), {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines: LogLine[] = [];
  const waiters = new Set<{ msg: string; resolve: (line: LogLine) => void }>();
  createInterface({ input: child.stdout }).on('line', (text) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return; // not a log line (development's banner)
    }
    if (!isLogLine(parsed)) return;
    lines.push(parsed);
    for (const waiter of waiters) {
      if (parsed.msg !== waiter.msg) continue;
      waiters.delete(waiter);
      waiter.resolve(parsed);
    }
  });
  // `close` comes after stdout has ended: every line the process wrote has been read by then.
  const ended = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    child,
    exited,
    logLine(msg) {
      const written = lines.find((line) => line.msg === msg);
      if (written) return Promise.resolve(written);
      return new Promise<LogLine>((resolve, reject) => {
        const waiter = { msg, resolve };
        waiters.add(waiter);
        void ended.then(() => {
          if (!waiters.delete(waiter)) return;
          reject(new Error(`the server process ended without logging "${msg}"`));
        });
      });
    },
  };
}
