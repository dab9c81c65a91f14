// One command's listener on the toolkit's proxy: the TCP listener made in its sandbox's network
// namespace (listener.ts), or (relay) a unix socket of its own bound into its sandbox; the HTTP CONNECT
// and plain HTTP requests that come in on it checked against the allow list, tunnelled, intercepted
// (proxy.ts) or forwarded (forward.ts), and the refusals it saw kept as the command's notes.
import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type Server as NetServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { ToolError } from '../../../runtime/contract/errors.js';
import { pinnedLookup } from '../../../runtime/net/guarded.js';
import type { CommandNote } from '../run/runner.js';
import type { ConnectionOwner, ConnectionRecord } from './audit.js';
import { isRefusal, type CheckedDestination, type Refusal } from './destination.js';
import { answerRefusal, forwardRequest, onClosed } from './forward.js';
import { canonicalHost, hostText, parseAuthority } from './hosts.js';
import type { NetworkProxy } from './proxy.js';
import { firstRequestTimeout, inTurn, MAX_CONNECTIONS, tooManyConnections, tooManyPipelined } from './limits.js';
import { proxyFailed, rawAnswer, unreadable, unsupported } from './raw-answer.js';

/** Distinct refusals kept as notes per command; more are counted. */
const MAX_NOTES = 20;

/** One command's listener: the refusals it saw (for the result's notes) and its connections. */
export class ProxySession {
  readonly #proxy: NetworkProxy;
  readonly #owner: ConnectionOwner;
  /** The unix socket the relay connects to; undefined unless the command uses the relay. */
  #socketPath: string | undefined;
  readonly #server: Server;
  /** The listener in the command's sandbox, once made. */
  #listener: NetServer | undefined;
  readonly #sockets = new Set<Duplex>();
  readonly #notes = new Map<string, CommandNote>();
  /** Connections from the command open now. */
  #clients = 0;
  #dropped = 0;
  #closing: Promise<void> | undefined;

  constructor(proxy: NetworkProxy, owner: ConnectionOwner) {
    this.#proxy = proxy;
    this.#owner = owner;
    // A request without Host is the proxy's to answer (its destination says where it goes), not Node's bare 400.
    this.#server = createServer({ requireHostHeader: false });
    this.#server.keepAliveTimeout = 5_000;
    this.#server.requestTimeout = 0;
    // The relay's connections arrive here; the listener's pass its check first (adopt).
    this.#server.on('connection', (socket: Socket) => {
      if (this.#socketPath !== undefined) this.admit(socket);
      this.track(socket);
      // Left unanswered (Node's server closes it) unless a request head comes in time.
      socket.setTimeout(firstRequestTimeout());
    });
    this.#server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      // From here Node's keep-alive timeout takes over between requests.
      req.socket.setTimeout(0);
      const started = inTurn(req.socket, res, () => {
        this.#onRequest(req, res).catch((error: unknown) => this.#failed(req, res, error));
      });
      if (!started) this.#overrun(req);
    });
    this.#server.on('connect', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      // A tunnel may be quiet as long as its command likes.
      (socket as Socket).setTimeout(0);
      this.#onConnect(req, socket, head).catch((error: unknown) => {
        const refusal = proxyFailed('CONNECT', error);
        this.refused('-', 0, 'CONNECT', refusal);
        if (socket.writable) rawAnswer(socket, refusal);
        else socket.destroy();
      });
    });
    this.#server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
      const refusal = unsupported('protocol upgrades (WebSocket) are');
      this.refused('-', 0, (req.method ?? 'GET').toUpperCase(), refusal);
      rawAnswer(socket, refusal);
    });
    this.#server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
      const refusal = unreadable(error);
      this.refused('-', 0, '-', refusal);
      if (socket.writable) rawAnswer(socket, refusal);
      else socket.destroy();
    });
  }

  /** Listens on the unix socket `socketPath` the relay in the sandbox connects to. */
  listen(socketPath: string): Promise<void> {
    if (this.#closing) return Promise.reject(new ToolError('UNAVAILABLE', 'the command has ended'));
    this.#socketPath = socketPath;
    return new Promise((resolve, reject) => {
      this.#server.once('error', (error) =>
        reject(new ToolError('UNAVAILABLE', `the network proxy could not listen for the command: ${error.message}`)),
      );
      this.#server.listen(socketPath, () => resolve());
    });
  }

  /** Serves the connections of the listener made in the command's sandbox; closed with the session. */
  adopt(listener: NetServer): void {
    if (this.#closing) {
      listener.close();
      return;
    }
    this.#listener = listener;
    listener.on('connection', (socket: Socket) => {
      if (!this.admit(socket)) return;
      // As the HTTP server's own sockets: a client's half-close must not end the answer's way back.
      socket.allowHalfOpen = true;
      // Small writes go at once: Nagle against the client's delayed ACK costs 40 ms a request.
      socket.setNoDelay(true);
      this.#server.emit('connection', socket);
    });
    listener.on('error', () => undefined);
  }

  /** Counts a connection from the command; answers 503 and closes it past MAX_CONNECTIONS. */
  admit(socket: Duplex): boolean {
    if (this.#clients >= MAX_CONNECTIONS) {
      this.refused('-', 0, '-', tooManyConnections);
      socket.on('error', () => socket.destroy());
      rawAnswer(socket, tooManyConnections);
      return false;
    }
    this.#clients++;
    socket.once('close', () => this.#clients--);
    return true;
  }

  /** A request that failed in the proxy itself: the command reads why, the host process goes on. */
  #failed(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    const refusal = proxyFailed('request', error);
    this.refused('-', 0, (req.method ?? '-').toUpperCase(), refusal);
    answerRefusal(res, refusal);
    req.resume();
  }

  /** Too many requests written ahead on one connection: it is closed. */
  #overrun(req: IncomingMessage): void {
    this.refused('-', 0, (req.method ?? '-').toUpperCase(), tooManyPipelined);
    req.socket.destroy();
  }

  track(socket: Duplex): void {
    // Opened after the command ended: nothing may outlive it.
    if (this.#closing) {
      socket.destroy();
      return;
    }
    this.#sockets.add(socket);
    onClosed(socket, () => this.#sockets.delete(socket));
  }

  /**
   * True (and the client's socket destroyed) when the client left or the command ended while
   * the proxy was waiting on something: nothing is opened for it then.
   */
  #gone(socket: Duplex): boolean {
    if (!socket.destroyed && !this.#closing) return false;
    socket.destroy();
    return true;
  }

  /** The refusals this command met, as notes (deduplicated, at most MAX_NOTES and a count of the rest). */
  get notes(): CommandNote[] {
    const notes = [...this.#notes.values()];
    if (this.#dropped)
      notes.push({
        code: 'NETWORK_REFUSED',
        path: '-',
        action: 'refused',
        message: `toolwright: ${this.#dropped} more refused connections (not listed)`,
      });
    return notes;
  }

  refused(host: string, port: number, method: string, refusal: Refusal): void {
    const where = `${host}:${port}`;
    const key = `${where} ${refusal.line}`;
    if (!this.#notes.has(key)) {
      if (this.#notes.size < MAX_NOTES)
        this.#notes.set(key, {
          code: 'NETWORK_REFUSED',
          path: where,
          action: 'refused',
          message: refusal.line,
        });
      else this.#dropped++;
    }
    this.#proxy.record(this.#owner, {
      startedAt: Date.now(),
      host,
      port,
      method,
      decision: 'refused',
      reason: refusal.reason,
      bytesSent: 0,
      bytesReceived: 0,
    });
  }

  record(record: ConnectionRecord): void {
    this.#proxy.record(this.#owner, record);
  }

  async #onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const raw = req.url ?? '';
    let url: URL | undefined;
    try {
      url = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? new URL(raw) : undefined;
    } catch {
      url = undefined;
    }
    const bad = (line: string) => {
      this.refused('-', 0, method, { status: 400, reason: 'bad-request', line });
      answerRefusal(res, { status: 400, reason: 'bad-request', line });
      req.resume();
    };
    if (!url)
      return bad(
        `toolwright: this is the sandbox's proxy: send requests with an absolute http:// URL (got ${JSON.stringify(raw.slice(0, 80))})`,
      );
    if (url.protocol !== 'http:')
      return bad(`toolwright: ${url.protocol}// URLs go through CONNECT (HTTPS_PROXY), not as a plain request`);
    if (url.username || url.password)
      return bad('toolwright: a URL with user:password@ is refused; send credentials in a header');
    const host = canonicalHost(url.hostname);
    if (!host) return bad(`toolwright: ${JSON.stringify(url.hostname.slice(0, 80))} is not a valid host`);
    const port = url.port ? Number(url.port) : 80;
    const checked = await this.#proxy.check(host, port);
    // The name took a while to resolve: the client or the command may be gone meanwhile.
    if (this.#gone(req.socket)) return;
    if (isRefusal(checked)) {
      this.refused(hostText(host), port, method, checked);
      answerRefusal(res, checked);
      req.resume();
      return;
    }
    forwardRequest(this.#proxy.forwardContext(this, checked, false), req, res, `${url.pathname}${url.search}`);
  }

  async #onConnect(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    const raw = req.url ?? '';
    const target = parseAuthority(raw);
    if (!target) {
      const line = `toolwright: CONNECT needs host:port, got ${JSON.stringify(raw.slice(0, 80))}`;
      this.refused('-', 0, 'CONNECT', { status: 400, reason: 'bad-request', line });
      rawAnswer(socket, { status: 400, reason: 'bad-request', line });
      return;
    }
    const shown = hostText(target.host);
    let checked: CheckedDestination | Refusal;
    try {
      checked = await this.#proxy.check(target.host, target.port);
    } catch (error) {
      checked = { status: 502, reason: 'unresolved', line: `toolwright: ${shown}: ${(error as Error).message}` };
    }
    if (this.#gone(socket)) return;
    if (isRefusal(checked)) {
      this.refused(shown, target.port, 'CONNECT', checked);
      rawAnswer(socket, checked);
      return;
    }
    const destination = checked;
    if (this.#proxy.policy.read || this.#proxy.boundTo(destination.host).length) {
      try {
        await this.#proxy.intercept(this, destination, socket, head);
      } catch (error) {
        const line = `toolwright: ${shown} needs HTTPS interception, which failed: ${(error as Error).message}`;
        this.refused(shown, target.port, 'CONNECT', { status: 502, reason: 'unsupported', line });
        rawAnswer(socket, { status: 502, reason: 'unsupported', line });
      }
      return;
    }
    this.#tunnel(destination, socket, head);
  }

  /** Pipes the client to the destination byte for byte (no interception): one audit entry when it closes. */
  #tunnel(destination: CheckedDestination, socket: Duplex, head: Buffer): void {
    const startedAt = Date.now();
    const pins = new Map([[destination.host.host, destination.addresses]]);
    const upstream = connect({
      host: destination.host.host,
      port: destination.port,
      autoSelectFamily: true,
      ...(destination.host.ip ? {} : { lookup: pinnedLookup(pins) }),
    });
    this.track(upstream);
    let connected = false;
    // Read at once: a closed socket no longer knows its peer.
    let address: string | undefined;
    upstream.once('connect', () => {
      connected = true;
      address = upstream.remoteAddress;
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected) {
        rawAnswer(socket, {
          status: 502,
          reason: 'unresolved',
          line: `toolwright: could not connect to ${hostText(destination.host)}:${destination.port}${error.code ? ` (${error.code})` : ''}`,
        });
      } else socket.destroy();
    });
    // The client may have closed already (while the name resolved): then the tunnel closes at once.
    onClosed(socket, (hadError) => closeAfterFlush(upstream, hadError));
    upstream.once('close', (hadError: boolean) => {
      closeAfterFlush(socket, hadError || !connected);
      this.record({
        startedAt,
        host: hostText(destination.host),
        port: destination.port,
        method: 'CONNECT',
        ...(address ? { address } : {}),
        decision: 'allowed',
        rule: destination.entry.text,
        bytesSent: upstream.bytesWritten,
        bytesReceived: upstream.bytesRead,
        failed: !connected,
      });
    });
  }

  /** Ends the listener and every connection of the command, removes its socket. */
  close(): Promise<void> {
    return (this.#closing ??= new Promise<void>((resolve) => {
      this.#proxy.forget(this);
      // No new connection from the sandbox; its namespace goes with the last descriptor of it.
      this.#listener?.close();
      if (this.#server.listening) this.#server.close(() => resolve());
      else resolve();
      for (const socket of this.#sockets) socket.destroy();
      this.#server.closeAllConnections();
    }).then(() => {
      if (this.#socketPath !== undefined) rmSync(this.#socketPath, { force: true });
      // The entries of the connections just cut are recorded as their sockets close: on the next turn.
      setImmediate(() => this.#proxy.releaseAudit());
    }));
  }
}

/**
 * Closes one side of a tunnel once the other closed: at once after an error, else once what was
 * already piped into it is written (a destroy would drop the last bytes a slow reader had not taken).
 */
function closeAfterFlush(stream: Duplex, now: boolean): void {
  if (now || stream.destroyed) {
    stream.destroy();
    return;
  }
  stream.once('finish', () => stream.destroy());
  stream.end();
  if (stream.writableFinished) stream.destroy();
}
