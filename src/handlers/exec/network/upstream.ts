// The proxy's client to allowed hosts: each request written on a kept-alive connection of its own
// pool (TLS for intercepted HTTPS, TCP for plain HTTP), its answer read by llhttp, the parser Node's
// own client uses (framing, chunks, duplicate lengths and the other smuggling cases stay Node's
// strict reading), without Node's ClientRequest, Agent and IncomingMessage around it: on a fresh
// intercepted GET those cost more than the checks the proxy makes.
import { createRequire } from 'node:module';
import { connect as netConnect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { connect as tlsConnect, type ConnectionOptions, type SecureContext } from 'node:tls';
import { pinnedLookup } from '../../../runtime/net/guarded.js';
import type { ResolvedAddress } from '../../../runtime/net/address-guard.js';
import { requestHead, type UpstreamRequestOptions } from './heads.js';
import { IDLE_UPSTREAM_MS, MAX_IDLE_UPSTREAM } from './limits.js';
import { UpstreamAnswer } from './upstream-answer.js';

export { UpstreamAnswer };
export type { UpstreamRequestOptions };

interface Parser {
  initialize(type: number, resource: object, maxHeaderSize: number, lenient: number): void;
  execute(data: Buffer): number | Error;
  finish(): number | Error | undefined;
  close(): void;
  [slot: number]: unknown;
}
interface ParserClass {
  new (): Parser;
  RESPONSE: number;
  kOnHeaders: number;
  kOnHeadersComplete: number;
  kOnBody: number;
  kOnMessageComplete: number;
}

const { HTTPParser } = createRequire(import.meta.url)('_http_common') as { HTTPParser: ParserClass };
/** Node's default: an answer head past 16 KiB is a parse error. */
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Methods sent once more when a reused connection turns out closed before any answer: safe ones
 * only (a POST without a body may still have been acted on).
 */
export const RETRIED_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface UpstreamTarget {
  tls: boolean;
  host: string;
  port: number;
  /** Whether `host` is an address (then no server name is sent). */
  ip: boolean;
  /** The addresses checked for `host`: a new connection goes to these only. */
  addresses: readonly ResolvedAddress[];
}

/** What a connection passes on to the exchange it serves. */
export interface Exchange {
  /** Bytes of the answer from the connection. */
  received(data: Buffer): void;
  /** The server ended its side. */
  ended(): void;
  failed(error: Error): void;
}

/** One connection to a host: its parser, the exchange it serves, whether it may be used again. */
export class Connection {
  readonly socket: Socket;
  readonly key: string;
  readonly parser = new HTTPParser();
  exchange: Exchange | undefined;
  /** Answers it has given: a request on a used connection may meet the server's close of it. */
  served = 0;
  idleTimer: NodeJS.Timeout | undefined;

  constructor(socket: Socket, key: string) {
    this.socket = socket;
    this.key = key;
  }
}

/** What reading one answer on a connection tells its exchange. */
export interface AnswerReader {
  /** The final answer's head (interim ones are read past). */
  head(status: number, message: string, raw: string[], keepAlive: boolean): void;
  /** A 101 or an upgrade nobody asked for: the connection is closed next. */
  switched(status: number, message: string, raw: string[]): void;
  body(chunk: Buffer): void;
  complete(): void;
}

/**
 * Readies `connection`'s parser for the answer to one request of `method`: a second answer to it,
 * or a protocol switch, closes the connection (the server's framing is not the proxy's).
 */
export function readAnswer(connection: Connection, method: string, reader: AnswerReader): void {
  const parser = connection.parser;
  parser.initialize(HTTPParser.RESPONSE, {}, MAX_HEADER_BYTES, 0);
  let pending: string[] = [];
  let answered = false;
  parser[HTTPParser.kOnHeaders] = (headers: string[]) => {
    for (const item of headers) pending.push(item);
  };
  parser[HTTPParser.kOnHeadersComplete] = (
    _major: number,
    _minor: number,
    headers: string[] | undefined,
    _method: unknown,
    _url: unknown,
    status: number,
    message: string,
    upgrade: boolean,
    keepAlive: boolean,
  ): number => {
    const raw = headers ? [...pending, ...headers] : pending;
    pending = [];
    // Interim answers (100 Continue, 103 Early Hints) are read past: the final one follows.
    if (status >= 100 && status < 200 && status !== 101) return 1;
    if (answered) {
      connection.socket.destroy();
      return 1;
    }
    answered = true;
    if (status === 101 || upgrade) {
      reader.switched(status, message, raw);
      connection.socket.destroy();
      return 1;
    }
    reader.head(status, message, raw, keepAlive);
    return method === 'HEAD' ? 1 : 0;
  };
  parser[HTTPParser.kOnBody] = (chunk: Buffer) => reader.body(chunk);
  parser[HTTPParser.kOnMessageComplete] = () => {
    // The end of an interim answer.
    if (answered) reader.complete();
  };
}

/** Kept-alive connections by destination, at most MAX_IDLE_UPSTREAM idle ones in all. */
export class UpstreamPool {
  readonly #idle = new Map<string, Connection[]>();
  readonly #all = new Set<Connection>();
  #idleCount = 0;
  readonly #secureContext: () => SecureContext | undefined;
  #closed = false;

  /** `secureContext`: the context trusted upstream (undefined: Node's default, the system's CAs). */
  constructor(secureContext: () => SecureContext | undefined) {
    this.#secureContext = secureContext;
  }

  /** Starts a request to `to` (its head is written at once; its body through the returned stream). */
  request(to: UpstreamTarget, options: UpstreamRequestOptions): UpstreamRequest {
    const head = requestHead(options);
    return new UpstreamRequest(this, to, head, options);
  }

  /** An idle connection to `to`, or a new one (always, with `fresh`). */
  take(to: UpstreamTarget, fresh = false): Connection {
    const key = `${to.tls ? 's' : 'p'}|${to.host}|${to.port}`;
    const list = fresh ? undefined : this.#idle.get(key);
    while (list?.length) {
      const connection = list.pop()!;
      this.#idleCount--;
      if (!list.length) this.#idle.delete(key);
      clearTimeout(connection.idleTimer);
      const { socket } = connection;
      // Bytes already held from it were sent unasked: the connection is unsafe, not reused.
      if (!socket.destroyed && socket.readable && socket.writable && socket.readableLength === 0) return connection;
      socket.destroy();
    }
    // Every address checked for the name is tried (Node's happy eyeballs), none other.
    const where: ConnectionOptions = { host: to.host, port: to.port, autoSelectFamily: true } as ConnectionOptions;
    if (!to.ip) where.lookup = pinnedLookup(new Map([[to.host, to.addresses]]));
    let socket: Socket;
    if (to.tls) {
      const secureContext = this.#secureContext();
      if (!to.ip) where.servername = to.host;
      if (secureContext) where.secureContext = secureContext;
      socket = tlsConnect(where);
    } else socket = netConnect(where as Parameters<typeof netConnect>[0]);
    socket.setNoDelay(true);
    const connection = new Connection(socket, key);
    this.#all.add(connection);
    socket.on('data', (data: Buffer) => this.#onData(connection, data));
    socket.on('end', () => connection.exchange?.ended());
    socket.on('error', (error: Error) => {
      connection.exchange?.failed(error);
      socket.destroy();
    });
    socket.on('close', () => {
      this.#forget(connection);
      connection.exchange?.failed(new Error('the connection to the server closed'));
      connection.parser.close();
    });
    if (this.#closed) socket.destroy();
    return connection;
  }

  #onData(connection: Connection, data: Buffer): void {
    const exchange = connection.exchange;
    // Nothing was asked: what a server writes unasked (a second answer) makes the connection unsafe.
    if (!exchange) {
      connection.socket.destroy();
      return;
    }
    exchange.received(data);
  }

  /** Puts a connection whose exchange ended cleanly back for reuse, or closes it. */
  release(connection: Connection): void {
    connection.exchange = undefined;
    connection.served++;
    if (this.#closed || connection.socket.destroyed) {
      connection.socket.destroy();
      return;
    }
    // Paused by a slow reader of the answer before: idle, it must read, so that what a server writes
    // unasked closes it (#onData) rather than waiting to be read as the next request's answer.
    connection.socket.resume();
    let list = this.#idle.get(connection.key);
    if (!list) this.#idle.set(connection.key, (list = []));
    list.push(connection);
    this.#idleCount++;
    connection.idleTimer = setTimeout(() => connection.socket.destroy(), IDLE_UPSTREAM_MS);
    connection.idleTimer.unref();
    // The oldest idle connections go first.
    while (this.#idleCount > MAX_IDLE_UPSTREAM) {
      const [key, oldest] = this.#oldestIdle();
      oldest.shift()!.socket.destroy();
      this.#idleCount--;
      if (!oldest.length) this.#idle.delete(key);
    }
  }

  #oldestIdle(): [string, Connection[]] {
    // Each list is oldest first; the lists in the order their hosts first had an idle connection.
    return this.#idle.entries().next().value as [string, Connection[]];
  }

  #forget(connection: Connection): void {
    this.#all.delete(connection);
    const list = this.#idle.get(connection.key);
    const at = list?.indexOf(connection) ?? -1;
    if (at >= 0) {
      list!.splice(at, 1);
      this.#idleCount--;
      if (!list!.length) this.#idle.delete(connection.key);
    }
    clearTimeout(connection.idleTimer);
  }

  /** Closes every connection, idle or busy. */
  destroy(): void {
    this.#closed = true;
    for (const connection of [...this.#all]) connection.socket.destroy();
  }
}

/**
 * One request: a stream of its body (framed as it was asked), emitting `response` with its answer,
 * `error` when it fails before one, and `close` when the exchange is over.
 */
export class UpstreamRequest extends Writable {
  readonly #pool: UpstreamPool;
  readonly #to: UpstreamTarget;
  readonly #head: string;
  readonly #options: UpstreamRequestOptions;
  #connection: Connection;
  #answer: UpstreamAnswer | undefined;
  /** Whether any of the answer has come: before, a used connection's close is met by trying a new one. */
  #heard = false;
  #retried = false;
  #done = false;

  constructor(pool: UpstreamPool, to: UpstreamTarget, head: string, options: UpstreamRequestOptions) {
    super({ autoDestroy: false, decodeStrings: true });
    this.#pool = pool;
    this.#to = to;
    this.#head = head;
    this.#options = options;
    this.#connection = this.#start();
  }

  #start(fresh = false): Connection {
    const connection = this.#pool.take(this.#to, fresh);
    connection.exchange = this;
    readAnswer(connection, this.#options.method, {
      head: (status, message, raw, keepAlive) => {
        const answer = new UpstreamAnswer(connection.socket, status, message, raw, keepAlive);
        this.#answer = answer;
        this.emit('response', answer);
      },
      // A protocol switch nobody asked for: no answer is passed on (forward.ts tells the command).
      switched: (status, message, raw) => {
        this.#answer = new UpstreamAnswer(connection.socket, status, message, raw, false);
      },
      body: (chunk) => {
        if (!this.#answer!.push(chunk)) connection.socket.pause();
      },
      complete: () => {
        const answer = this.#answer!;
        answer.complete = true;
        answer.push(null);
        this.#settle();
      },
    });
    connection.socket.write(this.#head, 'latin1');
    return connection;
  }

  /** Bytes of the answer from the connection. */
  received(data: Buffer): void {
    this.#heard = true;
    const result = this.#connection.parser.execute(data);
    if (result instanceof Error) this.failed(result);
  }

  /** The server ended its side: an answer read to the connection's close is whole now. */
  ended(): void {
    if (this.#answer && !this.#answer.complete) {
      const result = this.#connection.parser.finish();
      if (result instanceof Error) this.failed(result);
      else if (!this.#answer.complete) this.failed(new Error('the answer was cut short'));
    } else if (!this.#answer) this.failed(new Error('the server closed the connection without answering'));
  }

  /**
   * The exchange broke off: a safe request without a body that met a used connection the server
   * had closed is sent once more, on a new connection.
   */
  failed(error: Error): void {
    if (this.#done) return;
    const connection = this.#connection;
    if (connection.exchange === this) connection.exchange = undefined;
    connection.socket.destroy();
    if (
      !this.#heard &&
      !this.#retried &&
      connection.served > 0 &&
      this.#options.body === 'none' &&
      RETRIED_METHODS.has(this.#options.method)
    ) {
      this.#retried = true;
      this.#connection = this.#start(true);
      return;
    }
    this.#done = true;
    const answer = this.#answer;
    if (answer) {
      if (!answer.complete) answer.destroy(error);
    } else this.emit('error', error);
    this.destroy();
  }

  /** The answer is read and the request written: the connection goes back when both are true. */
  #settle(): void {
    if (this.#done || !this.#answer?.complete || !this.writableFinished) return;
    this.#done = true;
    const connection = this.#connection;
    if (this.#answer.keepAlive && connection.exchange === this) this.#pool.release(connection);
    else {
      connection.exchange = undefined;
      connection.socket.destroy();
    }
    this.destroy();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.#done) return callback();
    const socket = this.#connection.socket;
    if (this.#options.body === 'chunked') {
      if (!chunk.length) return callback();
      socket.write(`${chunk.length.toString(16)}\r\n`, 'latin1');
      socket.write(chunk);
      socket.write('\r\n', 'latin1', () => callback());
    } else socket.write(chunk, () => callback());
  }

  override _final(callback: (error?: Error | null) => void): void {
    if (this.#options.body === 'chunked' && !this.#done) this.#connection.socket.write('0\r\n\r\n', 'latin1');
    callback();
    // After 'finish' is emitted (the connection may then go back).
    process.nextTick(() => this.#settle());
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // Cut before its end (the client left): the connection is not reused.
    if (!this.#done) {
      this.#done = true;
      if (this.#connection.exchange === this) this.#connection.exchange = undefined;
      this.#connection.socket.destroy();
      if (this.#answer && !this.#answer.complete) this.#answer.destroy();
    }
    callback(error);
  }
}
