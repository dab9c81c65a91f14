// One HTTP request the proxy reads (plain HTTP in absolute form, or inside an intercepted HTTPS
// tunnel), forwarded to its checked destination: methods limited under 'read', hop-by-hop headers
// dropped, Host set from the destination (never the client's own: no fronting another name),
// credentials written in for bound hosts over HTTPS only, and echoed credentials taken out of
// the answer.
import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { Agent as HttpAgent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { finished, type Readable } from 'node:stream';
import { bodyDecoder, injectCredentials, valueEchoes, type BoundCredential } from './credentials.js';
import { CredentialScrubber, scrubHeaders, scrubLine, scrubText } from './echoes.js';
import { pinnedLookup } from '../../../runtime/net/guarded.js';
import type { CheckedDestination, Refusal } from './destination.js';
import { answerCodings, codingNames, forwardedHeaders, hostLines, requestFraming } from './framing.js';
import { hostText } from './hosts.js';
import type { ConnectionRecord } from './audit.js';

export const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Headers by which many servers take a request for another method (a GET for a DELETE). */
const METHOD_OVERRIDES = ['x-http-method-override', 'x-http-method', 'x-method-override'];

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
  agents: { http: HttpAgent; https: HttpsAgent };
  /** Answers a refusal to the client (status, line) and records it. */
  refuse(res: ServerResponse, refusal: Refusal, method: string): void;
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
  let headers = forwardedHeaders(req.rawHeaders);
  const framing = requestFraming(req);
  if (framing.header) headers.push(framing.header);
  const defaultPort = ctx.tls ? 443 : 80;
  headers.push(['host', destination.port === defaultPort ? shown : `${shown}:${destination.port}`]);
  let injected = false;
  // Written in over HTTPS only, for the bound host only.
  const bound = ctx.bound;
  if (bound.length && ctx.tls) {
    const result = injectCredentials(headers, target, bound);
    headers = result.headers;
    target = result.target;
    injected = result.injected;
  }
  // Taken out of every answer, plain HTTP too: after the injection, with the forms it has just made.
  const echoes = ctx.scrubbed.length ? valueEchoes(ctx.scrubbed) : undefined;
  // A line of the proxy's own quotes what a server or Node said (a coding, an error): told with
  // every value taken out, as the answer would be.
  const told = (line: string) => (echoes ? scrubLine(line, echoes) : line);
  const refuse = (refusal: Refusal) => ctx.refuse(res, { ...refusal, line: told(refusal.line) }, method);
  if (echoes) {
    // Answers are scrubbed of the real values: ask for them uncompressed (a compressed one is decoded).
    headers = headers.filter(([name]) => name !== 'accept-encoding');
    headers.push(['accept-encoding', 'identity']);
  }
  let bytesSent = 0;
  let bytesReceived = 0;
  let status: number | undefined;
  let settled = false;
  const finish = (failed: boolean, address?: string) => {
    if (settled) return;
    settled = true;
    ctx.done({
      startedAt,
      method,
      path,
      ...(address ? { address } : {}),
      decision: 'allowed',
      rule: destination.entry.text,
      ...(injected ? { credentials: bound.map((b) => b.rule.env) } : {}),
      ...(status !== undefined ? { status } : {}),
      bytesSent,
      bytesReceived,
      failed,
    });
  };
  const request = ctx.tls ? httpsRequest : httpRequest;
  let upstream: ClientRequest;
  try {
    upstream = request({
      host: destination.host.host,
      port: destination.port,
      method,
      path: target,
      headers: headers.flat(),
      setHost: false,
      agent: ctx.tls ? ctx.agents.https : ctx.agents.http,
      // A connection the agent opens for it goes to the addresses checked for this request.
      ...(destination.host.ip
        ? {}
        : { lookup: pinnedLookup(new Map([[destination.host.host, destination.addresses]])) }),
      ...(ctx.tls && !destination.host.ip ? { servername: destination.host.host } : {}),
    });
  } catch (error) {
    // Node refuses to write it (a credential's value holding what no header can carry): the
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
  let answered: IncomingMessage | undefined;
  const onAnswer = (answer: IncomingMessage) => {
    answered = answer;
    status = answer.statusCode ?? 502;
    let answerHeaders = forwardedHeaders(answer.rawHeaders).filter(([name]) => name !== 'host');
    // The length Node read the answer by, kept where the body goes on unchanged (or there is none:
    // HEAD, 204, 304, whose length is the resource's).
    const length = answer.headers['content-length'];
    const bodiless = method === 'HEAD' || status === 204 || status === 304;
    if (length !== undefined && (bodiless || !echoes)) answerHeaders.push(['content-length', String(Number(length))]);
    let body: NodeJS.ReadableStream = answer;
    const refuseAnswer = (line: string) => {
      answer.destroy();
      status = 502;
      refuse({ status: 502, reason: 'unsupported', line });
      finish(true);
    };
    const codings = answerCodings(answer.rawHeaders);
    // Node takes the chunks off and leaves any other transfer coding on the body, which would reach
    // the command with nothing saying how to read it (and past the scrubber).
    const transfer = codings.transfer.filter((coding) => coding !== 'chunked');
    if (transfer.length)
      return refuseAnswer(
        `toolwright: the answer of ${shown} has the transfer coding ${codingNames(transfer)}, which the proxy does not pass on; refused`,
      );
    // Every answer, not only those to requests that carried a value: a server can hand back what it
    // was given before (a session, a token listing), and so can another name of the same service.
    if (echoes) {
      answerHeaders = scrubHeaders(answerHeaders, echoes);
      // Every Content-Encoding line counts, not the first: codings the proxy does not undo would
      // carry the value past the scrubber.
      const decoder = codings.content.length > 1 ? undefined : bodyDecoder(codings.content[0]);
      if (decoder === undefined)
        return refuseAnswer(
          `toolwright: the answer of ${shown} is encoded as ${codingNames(codings.content)}, which the proxy cannot check for the credentials it holds; refused`,
        );
      // The body changes length (placeholders differ in length from values): sent chunked.
      answerHeaders = answerHeaders.filter(([name]) => name !== 'content-encoding');
      const scrubber = new CredentialScrubber(echoes);
      body = decoder ? answer.pipe(decoder).pipe(scrubber) : answer.pipe(scrubber);
      if (decoder) decoder.on('error', () => res.destroy());
      // A pipe passes no failure on: an answer cut short upstream would leave the scrubber waiting,
      // and the command with it, for an end that never comes.
      finished(answer, (error) => {
        if (!error && answer.complete) return;
        const cut = error ?? new Error('the answer was cut short');
        decoder?.destroy(cut);
        scrubber.destroy(cut);
      });
    }
    const message = echoes ? scrubText(answer.statusMessage ?? '', echoes) : (answer.statusMessage ?? '');
    res.writeHead(status, message, answerHeaders.flat());
    const address = answer.socket?.remoteAddress;
    answer.on('data', (chunk: Buffer) => (bytesReceived += chunk.length));
    relay(body as Readable, res, answer, (failed) => finish(failed, address));
  };
  upstream.on('response', (answer: IncomingMessage) => {
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
      const code = error.code ? ` (${error.code})` : '';
      const body = told(`toolwright: the request to ${shown}:${destination.port} failed${code}: ${error.message}\n`);
      res.writeHead(502, reasonPhrase(`toolwright: the request to ${shown} failed${code}`), {
        'content-type': 'text/plain; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        connection: 'close',
      });
      res.end(body);
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
      line: `toolwright: ${shown} answered without an answer the proxy can pass on (a protocol switch nobody asked for, or none at all)`,
    });
    finish(true);
  });
  res.on('close', () => {
    // The client left before the answer was all written. A client that reads an answer to its end
    // and closes at once does so often before that write is confirmed: when the server's answer
    // is complete the upstream connection is sound, and drained (relay) it goes back to the pool;
    // cut, the next request would pay a new TLS handshake upstream. Otherwise the exchange is cut.
    if (!res.writableFinished && !answered?.complete) upstream.destroy();
  });
  // A request without a body goes at once, its head in one write, not after the end of an empty
  // stream a few turns later.
  if (!framing.body) {
    upstream.end();
    req.resume();
  } else req.pipe(upstream);
}

/**
 * Streams an answer's body to the client, ending `res` after it; `done` once, failed when either
 * side broke off. What one turn of the event loop brings (the last chunk, the scrubber's held-back
 * bytes, the chunked terminator) leaves in one write, not one each: every write is a wake-up of
 * the client, which a short answer would pay several times over. Once the server's answer is all
 * read (`answer.complete`), the rest follows within a few turns and ends `res`, whose end writes
 * everything held at once.
 */
function relay(body: Readable, res: ServerResponse, answer: IncomingMessage, done: (failed: boolean) => void): void {
  let settled = false;
  const settle = (failed: boolean) => {
    if (settled) return;
    settled = true;
    done(failed);
  };
  const socket = res.socket;
  let corked = false;
  const uncork = () => {
    if (!corked) return;
    corked = false;
    socket?.uncork();
  };
  // Held while the rest is on its way, for a few turns at most, and never past a full buffer (the
  // pipe would wait for a drain that a held socket never gives).
  const check = (turns: number) => {
    if (!corked) return;
    if (!answer.complete || res.destroyed || socket!.writableNeedDrain || turns === 0) uncork();
    else setImmediate(check, turns - 1);
  };
  body.on('data', () => {
    if (corked || !socket || socket.destroyed) return;
    corked = true;
    socket.cork();
    setImmediate(check, 3);
  });
  body.pipe(res);
  // After the pipe's own: `res` has ended (and written what was held) when this runs.
  body.once('end', uncork);
  finished(body, (error) => {
    if (!error) return;
    uncork();
    res.destroy();
    settle(true);
  });
  finished(res, (error) => {
    if (!error) return settle(false);
    // The client is gone: the rest of the body is read and dropped (forwardRequest cuts the
    // upstream exchange when the answer was not complete). An answer written whole counts as delivered.
    body.unpipe(res);
    body.resume();
    settle(!res.writableEnded);
  });
}
