// The requests inside an intercepted tunnel, read by llhttp (Node's own parser, as strict) one at a
// time: each clean request without a body (HTTP/1.1, no Content-Length, Transfer-Encoding, Expect
// or Upgrade) is given to `serve`, which answers it on the socket itself. Anything else (a body, a
// parse error, a request `serve` declines) hands the connection, from that request's first byte
// on, to the proxy's HTTP server, which serves the rest of it. Node's server costs a fresh GET more
// than all the proxy's checks; its full reading is kept for the requests that need it.
import { createRequire } from 'node:module';
import type { TLSSocket } from 'node:tls';
import { firstRequestTimeout } from './limits.js';

interface Parser {
  initialize(type: number, resource: object, maxHeaderSize: number, lenient: number): void;
  execute(data: Buffer): number | Error;
  close(): void;
  [slot: number]: unknown;
}
const { HTTPParser, methods } = createRequire(import.meta.url)('_http_common') as {
  HTTPParser: { new (): Parser; REQUEST: number; kOnHeaders: number; kOnHeadersComplete: number };
  methods: string[];
};

/** Node's default limit of a request head. */
const MAX_HEADER_BYTES = 16 * 1024;
/** Node's server's default wait for the next request on a kept-alive connection (its answers say so). */
export const KEEP_ALIVE_MS = 5_000;
/** Bytes written ahead while a request is served; past them the socket is read no further until it is answered. */
const MAX_AHEAD_BYTES = 64 * 1024;
/** Headers that give a request a body or a step the proxy's HTTP server takes (100-continue, upgrade). */
const NOT_BARE = new Set(['content-length', 'transfer-encoding', 'expect', 'upgrade']);

export interface TunnelRequest {
  method: string;
  /** The request target as sent. */
  url: string;
  rawHeaders: string[];
  /** Whether the client keeps the connection after the answer. */
  keepAlive: boolean;
}

/** Answers one request: `done(close)` once its answer is written (close: the connection ends after it). */
export type Serve = (request: TunnelRequest, done: (close: boolean) => void) => boolean;

/**
 * Reads `socket`'s requests. `serve` returns false to decline one before anything of it is done;
 * `handOff(bytes)` gives the connection away with what it has not served.
 */
export function readTunnel(socket: TLSSocket, serve: Serve, handOff: (unread: Buffer) => void): void {
  const parser = new HTTPParser();
  /** What arrived since the current request's first byte. */
  let held: Buffer[] = [];
  /** Of those, what the parser has not read yet. */
  let unparsed: Buffer[] = [];
  let heldBytes = 0;
  let busy = false;
  let gone = false;
  let headTimer: NodeJS.Timeout | undefined;
  let found: TunnelRequest | undefined;
  let bare = true;
  let pendingHeaders: string[] = [];
  let pendingUrl = '';

  const reset = () => {
    parser.initialize(HTTPParser.REQUEST, {}, MAX_HEADER_BYTES, 0);
    found = undefined;
    bare = true;
    pendingHeaders = [];
    pendingUrl = '';
  };
  parser[HTTPParser.kOnHeaders] = (headers: string[], url: string) => {
    for (const item of headers) pendingHeaders.push(item);
    pendingUrl += url;
  };
  parser[HTTPParser.kOnHeadersComplete] = (
    major: number,
    minor: number,
    headers: string[] | undefined,
    method: number,
    url: string | undefined,
    _status: unknown,
    _message: unknown,
    upgrade: boolean,
    keepAlive: boolean,
  ): number => {
    const raw = headers ? [...pendingHeaders, ...headers] : pendingHeaders;
    for (let i = 0; i < raw.length && bare; i += 2) if (NOT_BARE.has(raw[i]!.toLowerCase())) bare = false;
    const name = methods[method];
    if (major !== 1 || minor !== 1 || upgrade || name === undefined || name === 'CONNECT') bare = false;
    found = { method: name ?? '', url: url || pendingUrl, rawHeaders: raw, keepAlive };
    // Parsing stops after this head (as for an upgrade): the rest waits until it is answered.
    return 2;
  };

  const leave = () => {
    gone = true;
    clearTimeout(headTimer);
    socket.off('data', onData);
    socket.off('timeout', onTimeout);
    socket.off('end', onEnd);
    parser.close();
  };
  const giveAway = () => {
    const unread = heldBytes ? Buffer.concat(held) : Buffer.alloc(0);
    leave();
    socket.resume();
    // The proxy's server waits for the request head as long as this connection waited for its first.
    socket.setTimeout(firstRequestTimeout());
    handOff(unread);
  };
  const onTimeout = () => {
    if (!busy) socket.destroy();
  };
  /**
   * The client will send nothing more: the connection ends, and a request in hand is cut (as
   * Node's server does): a client that left cannot be told from one that only half-closed, and a
   * server that never answers would hold its connection for good.
   */
  const onEnd = () => {
    leave();
    socket.end();
  };

  /** Goes on reading once an answer is out. */
  const next = () => {
    if (gone) return;
    if (socket.isPaused()) socket.resume();
    parse();
  };
  /** Feeds the parser what it has not read; serves or hands off a request whose head is whole. */
  const parse = () => {
    while (!gone && !busy && !found && unparsed.length) {
      const chunk = unparsed.shift()!;
      const result = parser.execute(chunk);
      if (result instanceof Error) return giveAway();
      if (found) unparsed.unshift(chunk.subarray(result));
    }
    if (gone || busy) return;
    if (!found) {
      // Bytes of a new request: its whole head must come within the wait for a first request.
      if (heldBytes && !headTimer) headTimer = setTimeout(() => socket.destroy(), firstRequestTimeout());
      return;
    }
    clearTimeout(headTimer);
    headTimer = undefined;
    if (!bare) return giveAway();
    busy = true;
    socket.setTimeout(0);
    const served = serve(found, (close) => {
      if (gone) return;
      busy = false;
      if (close || socket.destroyed) {
        leave();
        // Read to its end (what was written ahead is dropped): the client's close must be seen.
        socket.resume();
        socket.end();
        return;
      }
      // The next request begins where this head ended.
      held = unparsed.filter((chunk) => chunk.length);
      unparsed = [...held];
      heldBytes = held.reduce((sum, chunk) => sum + chunk.length, 0);
      reset();
      socket.setTimeout(KEEP_ALIVE_MS);
      // An answer the client has not read yet: no further request is read (and answered into
      // memory) until it drains, as Node's server does.
      if (socket.writableNeedDrain) {
        socket.pause();
        socket.once('drain', next);
      } else next();
    });
    if (!served) {
      busy = false;
      giveAway();
    }
  };
  const onData = (chunk: Buffer) => {
    held.push(chunk);
    unparsed.push(chunk);
    heldBytes += chunk.length;
    if (busy) {
      if (heldBytes > MAX_AHEAD_BYTES) socket.pause();
      return;
    }
    parse();
  };
  reset();
  socket.on('data', onData);
  socket.on('timeout', onTimeout);
  socket.on('end', onEnd);
  socket.once('close', () => {
    if (!gone) leave();
  });
}
