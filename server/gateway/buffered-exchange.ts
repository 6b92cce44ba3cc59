import type { Dispatcher } from 'undici';

/** The gateway's answer, read whole: its status, its `Date` header and its body as text. */
export interface BufferedAnswer {
  status: number;
  date: string | undefined;
  text: string;
}

/**
 * A failure once the status line had arrived (the body was cut, too slow or too large): the gateway saw the
 * request. `cause` is undici's error, or ours with code `too-large`.
 */
export class AnswerReadError extends Error {
  readonly status: number;

  constructor(status: number, cause: unknown) {
    super('The gateway answer could not be read whole.', { cause });
    this.status = status;
  }
}

function tooLarge(): Error {
  return Object.assign(new Error('response too large'), { code: 'too-large' });
}

/**
 * Collects an answer straight from undici's dispatcher callbacks. `pool.request()` would wrap the body in a
 * Node stream that is then read through an async iterator: a `Readable`, its listeners and a promise per
 * chunk for an answer of about 1 kB (docs/decisions/277-sixth-pass-on-payment-cpu.md). One class, so every
 * call's handler has one shape.
 */
class BufferingHandler implements Dispatcher.DispatchHandler {
  private status = 0;
  private date: string | undefined = undefined;
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private abort: ((reason?: Error) => void) | undefined = undefined;
  private readonly resolve: (answer: BufferedAnswer) => void;
  private readonly reject: (error: unknown) => void;
  private readonly limit: number;
  private readonly signal: AbortSignal | undefined;
  private readonly onAbort: (() => void) | undefined;

  constructor(
    resolve: (answer: BufferedAnswer) => void,
    reject: (error: unknown) => void,
    limit: number,
    signal: AbortSignal | undefined,
  ) {
    this.resolve = resolve;
    this.reject = reject;
    this.limit = limit;
    this.signal = signal;
    this.onAbort = signal === undefined ? undefined : () => this.abort?.(abortReason(signal.reason));
    if (signal !== undefined && this.onAbort !== undefined)
      signal.addEventListener('abort', this.onAbort, { once: true });
  }

  onConnect(abort: (reason?: Error) => void): void {
    this.abort = abort;
    if (this.signal?.aborted === true) abort(abortReason(this.signal.reason));
  }

  onHeaders(statusCode: number, headers: Buffer[]): boolean {
    // 1xx (100 Continue, 103 Early Hints) come before the answer itself.
    if (statusCode < 200) return true;
    this.status = statusCode;
    for (let index = 0; index + 1 < headers.length; index += 2) {
      const name = headers[index];
      if (name?.length === 4 && name.toString('latin1').toLowerCase() === 'date')
        this.date = headers[index + 1]?.toString('latin1');
    }
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.size > this.limit) return false;
    this.size += chunk.length;
    if (this.size > this.limit) {
      this.abort?.(tooLarge());
      return false;
    }
    this.chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    this.settled();
    this.resolve({
      status: this.status,
      date: this.date,
      text: Buffer.concat(this.chunks, this.size).toString('utf8'),
    });
  }

  onError(error: Error): void {
    this.settled();
    this.reject(this.status === 0 ? error : new AnswerReadError(this.status, error));
  }

  private settled(): void {
    if (this.signal !== undefined && this.onAbort !== undefined)
      this.signal.removeEventListener('abort', this.onAbort);
  }
}

function abortReason(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error('aborted');
}

/**
 * Sends one request through `dispatcher` and reads its answer whole, refusing one over `limit` bytes. Rejects
 * with undici's error when no status line arrived (then whether the request was sent depends on the error),
 * or with an `AnswerReadError` after it. The dispatcher's own headers and body time-outs apply; `signal`
 * can end it sooner.
 */
export function exchange(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  limit: number,
  signal?: AbortSignal,
): Promise<BufferedAnswer> {
  return new Promise((resolve, reject) => {
    dispatcher.dispatch(options, new BufferingHandler(resolve, reject, limit, signal));
  });
}
