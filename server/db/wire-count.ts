import { Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * What a driver sends to the database, counted from the frontend messages of the wire protocol (the
 * round-trip test and the bench; docs/decisions/145-prepared-statements-and-constant-sql.md):
 * - a statement is an Execute (`E`) or a simple Query (`Q`: BEGIN, COMMIT);
 * - a round trip is a message after which the driver waits for the server: Sync (`S`), Flush (`H`, the
 *   Parse/Describe that postgres.js sends first for a statement it has not prepared) or a simple Query.
 */
export interface WireCounts {
  statements: number;
  roundTrips: number;
  /** Bytes sent to the database (PostgreSQL; PGlite's messages too). */
  bytes: number;
}

export function newWireCounts(): WireCounts {
  return { statements: 0, roundTrips: 0, bytes: 0 };
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

/** Parses one direction of a connection (client to server): whole messages, whatever the writes' sizes. */
function frontendCounter(counts: WireCounts): (data: Uint8Array) => void {
  // Until the startup message, messages have no type byte (SSL/GSS requests, startup, cancel).
  let untyped = true;
  let pending = Buffer.alloc(0);
  return (data) => {
    counts.bytes += data.length;
    pending = pending.length === 0 ? Buffer.from(data) : Buffer.concat([pending, data]);
    for (;;) {
      if (untyped) {
        if (pending.length < 8) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        const code = pending.readInt32BE(4);
        if (code !== SSL_REQUEST && code !== GSS_REQUEST && code !== CANCEL_REQUEST) untyped = false;
        pending = pending.subarray(length);
        continue;
      }
      if (pending.length < 5) return;
      const length = pending.readInt32BE(1) + 1;
      if (pending.length < length) return;
      const type = String.fromCharCode(pending[0] ?? 0);
      if (type === 'E' || type === 'Q') counts.statements += 1;
      if (type === 'S' || type === 'H' || type === 'Q') counts.roundTrips += 1;
      pending = pending.subarray(length);
    }
  };
}

/**
 * postgres.js's `socket` option: a socket to the URL's first host whose writes are counted. Connected before
 * it is handed over, as postgres.js expects of a socket of its own.
 */
export function countingSocket(
  counts: WireCounts,
): (options: { host: string[]; port: number[] }) => Promise<Socket> {
  return (options) =>
    new Promise((resolve, reject) => {
      const host = options.host[0] ?? '127.0.0.1';
      const port = options.port[0] ?? 5432;
      const socket = new Socket();
      const count = frontendCounter(counts);
      // Every byte leaves through the stream's _write/_writev (postgres.js's calls to `write` do not all
      // pass through an own `write` property).
      const internal = socket as unknown as {
        _write(chunk: Uint8Array, encoding: string, callback: (error?: Error | null) => void): void;
        _writev(chunks: { chunk: Uint8Array }[], callback: (error?: Error | null) => void): void;
      };
      const writeOne = internal._write.bind(socket);
      const writeMany = internal._writev.bind(socket);
      internal._write = (chunk, encoding, callback) => {
        count(chunk);
        writeOne(chunk, encoding, callback);
      };
      internal._writev = (chunks, callback) => {
        for (const { chunk } of chunks) count(chunk);
        writeMany(chunks, callback);
      };
      socket.once('error', reject);
      const connected = () => {
        socket.off('error', reject);
        resolve(socket);
      };
      if (host.startsWith('/')) socket.connect(`${host}/.s.PGSQL.${port}`, connected);
      else socket.connect(port, host, connected);
    });
}

/** PGlite in this process: every protocol message it is given, counted the same way. */
export function countPglite(client: PGlite, counts: WireCounts): void {
  const count = frontendCounter(counts);
  // Its startup is done: messages are typed from the first.
  count(Buffer.from([0, 0, 0, 8, 0, 3, 0, 0]));
  counts.bytes = 0;
  const original = client.execProtocolRawSync.bind(client);
  client.execProtocolRawSync = (message: Uint8Array) => {
    count(message);
    return original(message);
  };
}
