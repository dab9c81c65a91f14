// A request without a body, sent on a connection of the proxy's pool with no stream around it: its
// head written at once, its answer read by the same parser as every other (upstream.ts), and the
// body held whole when the caller asks for that, or else pushed into an UpstreamAnswer stream.
// A fresh intercepted GET would otherwise pay for two streams and their end-of-stream listeners,
// more than the checks the proxy makes.
import {
  readAnswer,
  RETRIED_METHODS,
  UpstreamAnswer,
  type Connection,
  type Exchange,
  type UpstreamPool,
  type UpstreamTarget,
} from './upstream.js';
import { requestHead, type UpstreamRequestOptions } from './heads.js';

/** An answer's head as the server sent it. */
export interface AnswerHead {
  status: number;
  message: string;
  rawHeaders: string[];
  /** The first Content-Length line, as the parser checked it. */
  contentLength: string | undefined;
  /** The server's address, read while the connection is open. */
  address: string | undefined;
}

/** What the caller does with the answer. */
export interface BodilessHandlers {
  /**
   * The head: 'hold' has the body read whole and given to `whole`; `stream` has it pushed into the
   * returned UpstreamAnswer (the caller takes it from `stream()`).
   */
  head(head: AnswerHead, stream: () => UpstreamAnswer): 'hold' | UpstreamAnswer;
  /** A held answer, read to its end. */
  whole(body: Buffer): void;
  /** No answer came (or a held one broke off): nothing of it was passed on. */
  failed(error: Error): void;
  /** Bytes of a held body as they are read (a streamed one is counted by its reader). */
  received(bytes: number): void;
}

export class BodilessExchange implements Exchange {
  readonly #pool: UpstreamPool;
  readonly #to: UpstreamTarget;
  readonly #head: string;
  readonly #method: string;
  readonly #handlers: BodilessHandlers;
  #connection: Connection;
  /** The body held so far ('hold'), or the stream it is pushed into. */
  #parts: Buffer[] | undefined;
  #answer: UpstreamAnswer | undefined;
  #keepAlive = false;
  /** The parser has read the answer's end (handed on once it returns). */
  #complete = false;
  #heard = false;
  #retried = false;
  #done = false;

  /** Throws (nothing sent) when the request cannot be written as an HTTP/1.1 head. */
  constructor(pool: UpstreamPool, to: UpstreamTarget, options: UpstreamRequestOptions, handlers: BodilessHandlers) {
    this.#pool = pool;
    this.#to = to;
    this.#head = requestHead(options);
    this.#method = options.method;
    this.#handlers = handlers;
    this.#connection = this.#start();
  }

  #start(fresh = false): Connection {
    const connection = this.#pool.take(this.#to, fresh);
    connection.exchange = this;
    const { socket } = connection;
    readAnswer(connection, this.#method, {
      head: (status, message, raw, keepAlive) => {
        this.#keepAlive = keepAlive;
        let contentLength: string | undefined;
        for (let i = 0; i < raw.length; i += 2)
          if (raw[i]!.toLowerCase() === 'content-length') {
            contentLength = raw[i + 1]!;
            break;
          }
        const head: AnswerHead = { status, message, rawHeaders: raw, contentLength, address: socket.remoteAddress };
        const stream = () => (this.#answer = new UpstreamAnswer(socket, status, message, raw, keepAlive));
        if (this.#handlers.head(head, stream) === 'hold') this.#parts = [];
      },
      switched: () =>
        this.failed(
          Object.assign(new Error('the server switched protocols though none was asked for'), { code: 'SWITCHED' }),
        ),
      body: (chunk) => {
        if (this.#parts) {
          this.#handlers.received(chunk.length);
          this.#parts.push(chunk);
        } else if (this.#answer && !this.#answer.push(chunk)) socket.pause();
      },
      // Handed on once the parser has returned: the connection may serve the next request at once.
      complete: () => {
        if (!this.#done) this.#complete = true;
      },
    });
    socket.write(this.#head, 'latin1');
    return connection;
  }

  received(data: Buffer): void {
    this.#heard = true;
    const result = this.#connection.parser.execute(data);
    if (this.#complete) this.#finish();
    else if (result instanceof Error) this.failed(result);
  }

  ended(): void {
    if (this.#done) return;
    const result = this.#connection.parser.finish();
    if (this.#complete) return this.#finish();
    if (result instanceof Error) return this.failed(result);
    if (this.#done) return;
    this.failed(
      new Error(this.#heard ? 'the answer was cut short' : 'the server closed the connection without answering'),
    );
  }

  /** The answer is read whole: the connection goes back (or is closed), the answer on. */
  #finish(): void {
    if (this.#done) return;
    this.#done = true;
    const connection = this.#connection;
    if (this.#keepAlive && connection.exchange === this) this.#pool.release(connection);
    else {
      if (connection.exchange === this) connection.exchange = undefined;
      connection.socket.destroy();
    }
    if (this.#answer) {
      this.#answer.complete = true;
      this.#answer.push(null);
    } else {
      const parts = this.#parts ?? [];
      this.#handlers.whole(parts.length === 1 ? parts[0]! : Buffer.concat(parts));
    }
  }

  /** As UpstreamRequest's: a safe request that met a used connection the server had closed goes once more. */
  failed(error: Error): void {
    if (this.#done) return;
    const connection = this.#connection;
    if (connection.exchange === this) connection.exchange = undefined;
    connection.socket.destroy();
    if (!this.#heard && !this.#retried && connection.served > 0 && RETRIED_METHODS.has(this.#method)) {
      this.#retried = true;
      this.#connection = this.#start(true);
      return;
    }
    this.#done = true;
    if (this.#answer) this.#answer.destroy(error);
    else this.#handlers.failed(error);
  }

  /** The client left: an exchange not over yet is cut (its connection is not reused). */
  cancel(): void {
    if (this.#done) return;
    this.#done = true;
    const connection = this.#connection;
    if (connection.exchange === this) connection.exchange = undefined;
    connection.socket.destroy();
    this.#answer?.destroy();
  }
}
