// The bench's questions to a server under test (scripts/bench-server.mjs), answered over IPC the same way by this
// project's server (bench-target.ts) and the minimal one (bench-minimal.ts), so their figures and profiles compare:
// - { measure: true }: its CPU time (process.cpuUsage), its time in garbage collection, its system calls that
//   read and write (/proc/self/io: on loopback sockets each write carries the kernel's whole TCP path, so their
//   count is a cost of its own) and what it sent to the database (server/db/wire-count.ts);
// - { profile: 'start' } … { profile: 'stop', file }: a V8 CPU profile of one run, written to `file`.
import { readFileSync, writeFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import type { WireCounts } from '../server/db/wire-count.ts';

/** Read and write system calls so far (`syscr`, `syscw` of /proc/self/io); zero where /proc has no such file. */
function systemCalls(): { reads: number; writes: number } {
  try {
    const io = readFileSync('/proc/self/io', 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? 0);
    return { reads: field('syscr'), writes: field('syscw') };
  } catch {
    return { reads: 0, writes: 0 };
  }
}

export function answerBenchQuestions(wire: WireCounts): void {
  // Time spent in garbage collection (V8's pauses, as perf_hooks reports them), for the bench's `GC µs`.
  const gc = { ms: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gc.ms += entry.duration;
  }).observe({ entryTypes: ['gc'] });
  const inspector = new Session();
  process.on('message', (message: { profile?: 'start' | 'stop'; file?: string; measure?: true }) => {
    void (async () => {
      if (message.measure) {
        process.send?.({ cpu: process.cpuUsage(), io: systemCalls(), gcMs: gc.ms, wire: { ...wire } });
        return;
      }
      if (message.profile === 'start') {
        inspector.connect();
        await inspector.post('Profiler.enable');
        await inspector.post('Profiler.start');
      } else if (message.profile === 'stop' && message.file) {
        const { profile } = await inspector.post('Profiler.stop');
        writeFileSync(message.file, JSON.stringify(profile));
        inspector.disconnect();
      }
      process.send?.('profiled');
    })();
  });
}
