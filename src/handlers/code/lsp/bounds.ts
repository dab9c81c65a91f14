// The bounds every language-server exchange keeps: a deadline on each wait (a timeout or the
// caller's abort), and a size bound on each message read from a server.
import { Transform, type TransformCallback } from 'node:stream';
import { ToolError, abortError } from '../../../runtime/errors.js';

/** `promise` within `ms` (TIMEOUT saying `what`) unless `signal` aborts first (CANCELLED). */
export function withDeadline<T>(
  promise: Promise<T>,
  ms: number,
  signal: AbortSignal | undefined,
  what: string,
  keepAlive = true,
): Promise<T> {
  if (signal?.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => finish(() => reject(new ToolError('TIMEOUT', what))), ms);
    if (!keepAlive) timer.unref();
    const onAbort = () => finish(() => reject(abortError(signal!)));
    signal?.addEventListener('abort', onAbort, { once: true });
    let done = false;
    const finish = (outcome: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    promise.then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error)),
    );
  });
}

/**
 * Passes LSP frames through, ending the server at a frame whose Content-Length is over the bound,
 * before any of its body is buffered.
 */
export class MessageSizeGuard extends Transform {
  #header = '';
  #bodyLeft = 0;

  constructor(
    private readonly max: number,
    private readonly tooLarge: () => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.#bodyLeft > 0) {
        const take = Math.min(this.#bodyLeft, chunk.length - offset);
        this.#bodyLeft -= take;
        offset += take;
        continue;
      }
      const end = chunk.indexOf(10, offset);
      const piece = chunk.toString('latin1', offset, end < 0 ? chunk.length : end + 1);
      this.#header += piece;
      offset = end < 0 ? chunk.length : end + 1;
      if (this.#header.length > 8192) return this.#fail(done);
      if (this.#header.endsWith('\r\n\r\n')) {
        const length = /content-length:\s*(\d+)/i.exec(this.#header);
        this.#header = '';
        const bytes = length ? Number(length[1]) : 0;
        if (bytes > this.max) return this.#fail(done);
        this.#bodyLeft = bytes;
      }
    }
    done(null, chunk);
  }

  #fail(done: TransformCallback): void {
    this.tooLarge();
    done(new Error('a language server message over the size bound'));
  }
}
