// One HTTP request the proxy reads (plain HTTP in absolute form, or inside an intercepted HTTPS
// tunnel), forwarded to its checked destination: methods limited under 'read', hop-by-hop headers
// dropped, Host set from the destination (never the client's own: no fronting another name),
// credentials written in for bound hosts over HTTPS only, and echoed credentials taken out of
// the answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { injectCredentials, valueEchoes, type BoundCredential, type HeaderList } from './credentials.js';
import { scrubLine } from './echoes.js';
import { passAnswer } from './answer.js';
import type { CheckedDestination, Refusal } from './destination.js';
import { forwardedHeaders, hostLines, requestFraming } from './framing.js';
import { hostText } from './hosts.js';
import type { ConnectionRecord } from './audit.js';
import type { UpstreamAnswer, UpstreamPool, UpstreamRequest, UpstreamTarget } from './upstream.js';
import type { Echoes } from './echoes.js';

export const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Headers by which many servers take a request for another method (a GET for a DELETE). */
export const METHOD_OVERRIDES = ['x-http-method-override', 'x-http-method', 'x-method-override'];

/** What forwarding a request needs from the proxy. */
export interface ForwardContext {
  destination: CheckedDestination;
  /** HTTPS (an intercepted tunnel) or plain HTTP. */
  tls: boolean;
  /** Credentials bound to this host (injected over HTTPS only). */
  bound: readonly BoundCredential[];
  /**
   * Every credential of the toolkit: each answer the proxy reads is scrubbed of them all, not only
   * the bound host's (what one host was given, another name of the same service can hand back).
   */
  scrubbed: readonly BoundCredential[];
  read: boolean;
  upstream: UpstreamPool;
  /** Answers a refusal to the client (status, line) and records it. */
  refuse(res: ServerResponse, refusal: Refusal, method: string): void;
  /** Records a refusal (as the command's note and in the audit) answered otherwise. */
  noted(refusal: Refusal, method: string): void;
  /** Records the request once it is over. */
  done(record: Omit<ConnectionRecord, 'host' | 'port'>): void;
}

/** A refusal as a plain-text HTTP answer the command prints (curl, pip and git show the body or the reason). */
export function answerRefusal(res: ServerResponse, refusal: Refusal): void {
  const body = `${refusal.line}\n`;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(refusal.status, reasonPhrase(refusal.line), {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'x-toolwright-refused': refusal.reason,
    connection: 'close',
  });
  res.end(body);
}

/** The line as an HTTP reason phrase: printable ASCII, bounded. */
export function reasonPhrase(line: string): string {
  return line.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
}

/** Forwards `req` (its target `target`: path and query) to the destination and streams the answer back. */
export function forwardRequest(ctx: ForwardContext, req: IncomingMessage, res: ServerResponse, target: string): void {
  const method = (req.method ?? 'GET').toUpperCase();
  const { destination } = ctx;
  const shown = hostText(destination.host);
  // HTTP/1.1 holds a request with two Host lines malformed: servers and proxies on the way disagree
  // on which one counts.
  if (hostLines(req.rawHeaders) > 1) {
    ctx.refuse(
      res,
      {
        status: 400,
        reason: 'bad-request',
        line: `toolwright: the request to ${shown} has more than one Host header; refused`,
      },
      method,
    );
    req.resume();
    return;
  }
  if (ctx.read && !READ_METHODS.has(method)) {
    ctx.refuse(
      res,
      {
        status: 403,
        reason: 'method',
        line: `toolwright: ${method} to ${shown} is refused: exec.network.methods is 'read' (GET, HEAD and OPTIONS only)`,
      },
      method,
    );
    req.resume();
    return;
  }
  const override = ctx.read ? METHOD_OVERRIDES.find((name) => req.headers[name] !== undefined) : undefined;
  if (override !== undefined) {
    ctx.refuse(
      res,
      {
        status: 403,
        reason: 'method',
        line: `toolwright: ${method} to ${shown} with ${override} is refused: exec.network.methods is 'read', and servers take that header for another method`,
      },
      method,
    );
    req.resume();
    return;
  }
  const startedAt = Date.now();
  const path = target.split('?')[0]!.slice(0, 200);
  const framing = requestFraming(req);
  const out = outgoingRequest(ctx, req.rawHeaders, framing.header, target);
  const { headers, echoes, told, injected } = out;
  target = out.target;
  const refuse = (refusal: Refusal) => ctx.refuse(res, { ...refusal, line: told(refusal.line) }, method);
  let bytesSent = 0;
  let bytesReceived = 0;
  let status: number | undefined;
  const record = exchangeRecorder(ctx, { startedAt, method, path, injected });
  const finish = (failed: boolean, address?: string) => record({ failed, address, status, bytesSent, bytesReceived });
  let upstream: UpstreamRequest;
  try {
    // A connection opened for it goes to the addresses checked for this request.
    upstream = ctx.upstream.request(upstreamTarget(ctx), {
      method,
      target,
      headers,
      body: !framing.body ? 'none' : framing.header?.[0] === 'transfer-encoding' ? 'chunked' : 'length',
    });
  } catch (error) {
    // A request no HTTP/1.1 head can carry (a credential's value holding a line break): the
    // command reads why; nothing went out.
    const code = (error as NodeJS.ErrnoException).code;
    refuse({
      status: 502,
      reason: 'unsupported',
      line: `toolwright: the request to ${shown} could not be made${code ? ` (${code})` : ''}: ${(error as Error).message}`,
    });
    req.resume();
    return;
  }
  req.on('data', (chunk: Buffer) => (bytesSent += chunk.length));
  let answered: UpstreamAnswer | undefined;
  const onAnswer = (answer: UpstreamAnswer) => {
    answered = answer;
    status = answer.statusCode;
    passAnswer(answer, {
      res,
      method,
      shown,
      echoes,
      refuse: (line) => {
        status = 502;
        refuse({ status: 502, reason: 'unsupported', line });
        finish(true);
      },
      received: (bytes) => (bytesReceived += bytes),
      done: finish,
    });
  };
  upstream.on('response', (answer: UpstreamAnswer) => {
    try {
      onAnswer(answer);
    } catch {
      // An answer Node will not pass on as it is (a status or header it refuses to write): cut.
      answer.destroy();
      res.destroy();
      finish(true);
    }
  });
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    if (!res.headersSent) {
      const failure = upstreamFailure(ctx, error, told);
      res.writeHead(502, failure.phrase, {
        'content-type': 'text/plain; charset=utf-8',
        'content-length': Buffer.byteLength(failure.body),
        connection: 'close',
      });
      res.end(failure.body);
    } else res.destroy();
    finish(true);
  });
  // The server switched protocols though none was asked for (a 101): Node gives no answer and no
  // error, only the end of the exchange.
  upstream.once('close', () => {
    if (answered || res.headersSent) return;
    // The client left first (its exchange was cut): recorded, nothing to answer.
    if (res.destroyed) return finish(true);
    refuse({
      status: 502,
      reason: 'unsupported',
      line: noAnswerLine(shown),
    });
    finish(true);
  });
  res.on('close', () => {
    // The client left before the answer was all written. A client that reads an answer to its end
    // and closes at once does so often before that write is confirmed: when the server's answer
    // is complete the upstream connection is sound, and drained (relay) it goes back to the pool;
    // cut, the next request would pay a new TLS handshake upstream. Otherwise the exchange is cut.
    if (!res.writableFinished && !answered?.complete) upstream.destroy();
    // An answer given before the request's body is whole does not end an upload the client goes
    // on sending; a client that leaves before its end does (the connection would wait for it).
    else if (!upstream.writableFinished) onClosed(req.socket, () => req.complete || upstream.destroy());
  });
  // A request without a body goes at once, its head in one write, not after the end of an empty
  // stream a few turns later.
  if (!framing.body) {
    upstream.end();
    req.resume();
  } else req.pipe(upstream);
}

/** The request as it goes upstream: its headers, its target, and what its answer is scrubbed of. */
export interface OutgoingRequest {
  headers: HeaderList;
  target: string;
  /** Whether credentials were written in. */
  injected: boolean;
  /** What the answer is scrubbed of; undefined when the toolkit holds no credential. */
  echoes: Echoes | undefined;
  /** A line of the proxy's own, with every value taken out. */
  told: (line: string) => string;
}

/**
 * Hop-by-hop headers dropped, the framing the proxy read (`framing`), Host set from the
 * destination, credentials written in over HTTPS for the bound host, and identity asked for when
 * answers are scrubbed.
 */
export function outgoingRequest(
  ctx: ForwardContext,
  rawHeaders: readonly string[],
  framing: [string, string] | undefined,
  target: string,
): OutgoingRequest {
  const { destination } = ctx;
  const shown = hostText(destination.host);
  let headers = forwardedHeaders(rawHeaders);
  if (framing) headers.push(framing);
  const defaultPort = ctx.tls ? 443 : 80;
  headers.push(['host', destination.port === defaultPort ? shown : `${shown}:${destination.port}`]);
  let injected = false;
  // Written in over HTTPS only, for the bound host only.
  if (ctx.bound.length && ctx.tls) {
    const result = injectCredentials(headers, target, ctx.bound);
    headers = result.headers;
    target = result.target;
    injected = result.injected;
  }
  // Taken out of every answer, plain HTTP too: after the injection, with the forms it has just made.
  const echoes = ctx.scrubbed.length ? valueEchoes(ctx.scrubbed) : undefined;
  // A line of the proxy's own quotes what a server or Node said (a coding, an error): told with
  // every value taken out, as the answer would be.
  const told = (line: string) => (echoes ? scrubLine(line, echoes) : line);
  if (echoes) {
    // Answers are scrubbed of the real values: ask for them uncompressed (a compressed one is decoded).
    headers = headers.filter(([name]) => name !== 'accept-encoding');
    headers.push(['accept-encoding', 'identity']);
  }
  return { headers, target, injected, echoes, told };
}

/** Where a request to the context's destination goes upstream: the addresses checked for it only. */
export function upstreamTarget(ctx: ForwardContext): UpstreamTarget {
  const { destination } = ctx;
  return {
    tls: ctx.tls,
    host: destination.host.host,
    port: destination.port,
    ip: destination.host.ip !== 0,
    addresses: destination.addresses,
  };
}

/** How an allowed exchange ended, for its audit record. */
export interface ExchangeOutcome {
  failed: boolean;
  address?: string | undefined;
  status?: number | undefined;
  bytesSent: number;
  bytesReceived: number;
}

/** Records an allowed exchange once, when it is over (later calls are ignored). */
export function exchangeRecorder(
  ctx: ForwardContext,
  exchange: { startedAt: number; method: string; path: string; injected: boolean },
): (outcome: ExchangeOutcome) => void {
  let settled = false;
  return ({ failed, address, status, bytesSent, bytesReceived }) => {
    if (settled) return;
    settled = true;
    ctx.done({
      startedAt: exchange.startedAt,
      method: exchange.method,
      path: exchange.path,
      ...(address ? { address } : {}),
      decision: 'allowed',
      rule: ctx.destination.entry.text,
      ...(exchange.injected ? { credentials: ctx.bound.map((b) => b.rule.env) } : {}),
      ...(status !== undefined ? { status } : {}),
      bytesSent,
      bytesReceived,
      failed,
    });
  };
}

/** The 502 a command reads when its request failed upstream before an answer. */
export function upstreamFailure(
  ctx: ForwardContext,
  error: NodeJS.ErrnoException,
  told: (line: string) => string,
): { phrase: string; body: string } {
  const shown = hostText(ctx.destination.host);
  const code = error.code ? ` (${error.code})` : '';
  return {
    phrase: reasonPhrase(`toolwright: the request to ${shown} failed${code}`),
    body: told(`toolwright: the request to ${shown}:${ctx.destination.port} failed${code}: ${error.message}\n`),
  };
}

/** An exchange that ended with no answer to pass on. */
export function noAnswerLine(shown: string): string {
  return `toolwright: ${shown} answered without an answer the proxy can pass on (a protocol switch nobody asked for, or none at all)`;
}

/** Calls `then` when `stream` closes, or at once (as after an error) when it has closed already. */
export function onClosed(stream: Duplex, then: (hadError: boolean) => void): void {
  if (stream.closed) then(true);
  else stream.once('close', (hadError: boolean) => then(hadError));
}
