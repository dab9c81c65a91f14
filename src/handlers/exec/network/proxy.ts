// The proxy of one toolkit: outside every sandbox, reached from each sandboxed command through a
// unix socket of its own (so each connection is known to belong to that command's call), it
// speaks HTTP CONNECT and plain HTTP forwarding, admits only allowed names (destination.ts),
// tunnels CONNECT as is unless the host needs interception (credentials bound to it, or methods
// 'read'), then terminates TLS with the toolkit's CA and forwards request by request (forward.ts).
// Made on the first command that needs it; close() ends every listener and removes its folder.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Agent as HttpAgent, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { TLSSocket, createSecureContext, rootCertificates } from 'node:tls';
import { ToolError } from '../../../runtime/errors.js';
import type { ResolvedAddress, Resolver } from '../../../runtime/net/address-guard.js';
import { pinnedLookup } from '../../../runtime/net/guarded.js';
import type { CommandNote } from '../run/runner.js';
import type { ConnectionAudit, ConnectionOwner, ConnectionRecord } from './audit.js';
import { InterceptionCa } from './ca.js';
import { newPlaceholder, type BoundCredential } from './credentials.js';
import { checkDestination, defaultResolver, isRefusal, type CheckedDestination, type Refusal } from './destination.js';
import { answerRefusal, forwardRequest, reasonPhrase, type ForwardContext } from './forward.js';
import { canonicalHost, entryFor, hostText, parseAuthority, type CanonicalHost } from './hosts.js';
import type { ProxyPolicy } from './settings.js';
import { trustBundle } from './trust.js';

/** Distinct refusals kept as notes per command; more are counted. */
const MAX_NOTES = 20;

export interface ProxyOptions {
  policy: ProxyPolicy;
  /** Resolver of the proxy (tests inject one); default the system's. */
  lookup?: Resolver;
  /** CAs trusted upstream besides the system's (PEM). */
  ca?: readonly string[];
  audit?: ConnectionAudit;
  /** Placeholder of each credential, by variable. */
  placeholders: ReadonlyMap<string, string>;
}

interface Intercepted {
  session: ProxySession;
  destination: CheckedDestination;
}

export class NetworkProxy {
  /** Private folder (0700) holding the sockets and the CA bundle; never bound whole into a sandbox. */
  readonly dir: string;
  readonly policy: ProxyPolicy;
  readonly bound: readonly BoundCredential[];
  readonly #resolve: Resolver;
  readonly #audit: ConnectionAudit | undefined;
  readonly #pins = new Map<string, ResolvedAddress[]>();
  readonly #agents: ForwardContext['agents'];
  readonly #sessions = new Set<ProxySession>();
  readonly #intercepted = new WeakMap<object, Intercepted>();
  readonly #interceptServer: Server;
  #authority: Promise<InterceptionCa> | undefined;
  #bundle: Promise<string> | undefined;
  #next = 0;
  #closed = false;

  constructor(options: ProxyOptions) {
    this.policy = options.policy;
    this.#resolve = options.lookup ?? defaultResolver;
    this.#audit = options.audit;
    this.bound = options.policy.credentials.map((rule) => ({
      rule,
      placeholder: options.placeholders.get(rule.env) ?? newPlaceholder(),
    }));
    this.dir = mkdtempSync(path.join(tmpdir(), 'toolwright-net-'));
    const lookup = pinnedLookup(this.#pins);
    this.#agents = {
      http: new HttpAgent({ keepAlive: true, noDelay: true, lookup } as ConstructorParameters<typeof HttpAgent>[0]),
      https: new HttpsAgent({
        keepAlive: true,
        noDelay: true,
        lookup,
        // One context made here, not a `ca` list: the agent would spell every CA into the name it
        // pools connections by, for every request.
        ...(options.ca?.length
          ? { secureContext: createSecureContext({ ca: [...rootCertificates, ...options.ca] }) }
          : {}),
      } as ConstructorParameters<typeof HttpsAgent>[0]),
    };
    this.#interceptServer = createServer();
    this.#interceptServer.on('request', (req, res) => this.#onIntercepted(req, res));
    this.#interceptServer.on('connect', (_req, socket: Duplex) =>
      rawAnswer(socket, unsupported('CONNECT inside a tunnel is')),
    );
    this.#interceptServer.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
      const found = this.#intercepted.get(req.socket);
      const refusal = unsupported('protocol upgrades (WebSocket) are');
      if (found) found.session.refused(hostText(found.destination.host), found.destination.port, 'GET', refusal);
      rawAnswer(socket, refusal);
    });
    this.#interceptServer.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
      const found = this.#intercepted.get(socket);
      const refusal = unreadable(error);
      if (found) found.session.refused(hostText(found.destination.host), found.destination.port, '-', refusal);
      if (socket.writable) rawAnswer(socket, refusal);
      else socket.destroy();
    });
  }

  /** Whether any HTTPS is intercepted (then commands get the CA bundle). */
  get intercepts(): boolean {
    return this.policy.read || this.bound.length > 0;
  }

  /** The credentials bound to a host. */
  boundTo(host: CanonicalHost): BoundCredential[] {
    return this.bound.filter((b) => entryFor(host, b.rule.hosts) !== undefined);
  }

  /** The CA bundle file the sandbox trusts (made with the CA, once). */
  trust(): Promise<string> {
    return (this.#bundle ??= this.#ca().then((ca) => {
      const file = path.join(this.dir, 'ca-bundle.pem');
      writeFileSync(file, trustBundle(ca.certPem), { mode: 0o644 });
      return file;
    }));
  }

  #ca(): Promise<InterceptionCa> {
    if (!this.#authority) {
      this.#authority = InterceptionCa.create(this.dir);
      // A failure is not kept: the next command tries again.
      this.#authority.catch(() => (this.#authority = undefined));
    }
    return this.#authority;
  }

  /** A listener for one command: its own unix socket in the private folder. */
  async open(owner: ConnectionOwner): Promise<ProxySession> {
    if (this.#closed) throw new ToolError('UNAVAILABLE', 'the toolkit is closed; its network proxy is gone');
    const session = new ProxySession(this, owner, path.join(this.dir, `c${++this.#next}.sock`));
    await session.listen();
    this.#sessions.add(session);
    return session;
  }

  /** Stops every listener and connection, removes the folder (sockets, bundle) and writes the audit. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#sessions].map((session) => session.close()));
    this.#interceptServer.close();
    this.#agents.http.destroy();
    this.#agents.https.destroy();
    rmSync(this.dir, { recursive: true, force: true });
    await this.#audit?.flush();
  }

  forget(session: ProxySession): void {
    this.#sessions.delete(session);
  }

  record(owner: ConnectionOwner, record: ConnectionRecord): void {
    this.#audit?.record(owner, record);
  }

  check(host: CanonicalHost, port: number): Promise<CheckedDestination | Refusal> {
    return checkDestination(host, port, this.policy, this.#resolve);
  }

  /** Forwarding context for one destination as seen from a session. */
  forwardContext(session: ProxySession, destination: CheckedDestination, tls: boolean): ForwardContext {
    if (!destination.host.ip) this.#pins.set(destination.host.host, destination.addresses);
    return {
      destination,
      tls,
      bound: this.boundTo(destination.host),
      read: this.policy.read,
      agents: this.#agents,
      refuse: (res, refusal, method) => {
        session.refused(hostText(destination.host), destination.port, method, refusal);
        answerRefusal(res, refusal);
      },
      done: (record) => session.record({ ...record, host: hostText(destination.host), port: destination.port }),
    };
  }

  /** Terminates TLS of an allowed CONNECT with a certificate for its host, then serves requests in it. */
  async intercept(session: ProxySession, destination: CheckedDestination, socket: Duplex, head: Buffer): Promise<void> {
    const context = await (await this.#ca()).contextFor(destination.host);
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length) socket.unshift(head);
    const secure = new TLSSocket(socket as Socket, {
      isServer: true,
      secureContext: context,
      ALPNProtocols: ['http/1.1'],
    });
    secure.on('error', () => secure.destroy());
    secure.once('secure', () => {
      const sni = secure.servername;
      if (sni && canonicalHost(sni)?.host !== destination.host.host) {
        session.refused(hostText(destination.host), destination.port, 'CONNECT', {
          status: 421,
          reason: 'not-allowed',
          line: `toolwright: the TLS server name ${sni} differs from the CONNECT target ${hostText(destination.host)}; refused`,
        });
        secure.destroy();
      }
    });
    this.#intercepted.set(secure, { session, destination });
    this.#interceptServer.emit('connection', secure);
  }

  #onIntercepted(req: IncomingMessage, res: ServerResponse): void {
    const found = this.#intercepted.get(req.socket);
    if (!found) {
      res.destroy();
      return;
    }
    const { session, destination } = found;
    const method = (req.method ?? 'GET').toUpperCase();
    const context = this.forwardContext(session, destination, true);
    // Inside the tunnel the request must be for the host the tunnel was allowed to.
    const given = req.headers.host;
    const named = given === undefined ? undefined : /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(given);
    const host = named ? canonicalHost(named[1]!) : undefined;
    if (
      given !== undefined &&
      (!host ||
        host.host !== destination.host.host ||
        (named![2] !== undefined && Number(named![2]) !== destination.port))
    ) {
      context.refuse(
        res,
        {
          status: 421,
          reason: 'not-allowed',
          line: `toolwright: the request's Host ${JSON.stringify(given).slice(0, 100)} differs from the tunnel's ${hostText(destination.host)}; refused`,
        },
        method,
      );
      req.resume();
      return;
    }
    let target = req.url ?? '/';
    if (!target.startsWith('/')) {
      try {
        const url = new URL(target);
        target = `${url.pathname}${url.search}`;
      } catch {
        target = '/';
      }
    }
    forwardRequest(context, req, res, target);
  }
}

/** One command's listener: the refusals it saw (for the result's notes) and its connections. */
export class ProxySession {
  readonly #proxy: NetworkProxy;
  readonly #owner: ConnectionOwner;
  readonly socketPath: string;
  readonly #server: Server;
  readonly #sockets = new Set<Duplex>();
  readonly #notes = new Map<string, CommandNote>();
  #dropped = 0;
  #closing: Promise<void> | undefined;

  constructor(proxy: NetworkProxy, owner: ConnectionOwner, socketPath: string) {
    this.#proxy = proxy;
    this.#owner = owner;
    this.socketPath = socketPath;
    this.#server = createServer();
    this.#server.keepAliveTimeout = 5_000;
    this.#server.requestTimeout = 0;
    this.#server.on('connection', (socket: Socket) => this.track(socket));
    this.#server.on('request', (req, res) => void this.#onRequest(req, res));
    this.#server.on(
      'connect',
      (req: IncomingMessage, socket: Duplex, head: Buffer) => void this.#onConnect(req, socket, head),
    );
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

  listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#server.once('error', (error) =>
        reject(new ToolError('UNAVAILABLE', `the network proxy could not listen for the command: ${error.message}`)),
      );
      this.#server.listen(this.socketPath, () => resolve());
    });
  }

  track(socket: Duplex): void {
    this.#sockets.add(socket);
    socket.once('close', () => this.#sockets.delete(socket));
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
    upstream.once('connect', () => {
      connected = true;
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
    socket.once('close', () => upstream.destroy());
    upstream.once('close', () => {
      socket.destroy();
      this.record({
        startedAt,
        host: hostText(destination.host),
        port: destination.port,
        method: 'CONNECT',
        ...(upstream.remoteAddress ? { address: upstream.remoteAddress } : {}),
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
      this.#server.close(() => resolve());
      for (const socket of this.#sockets) socket.destroy();
      this.#server.closeAllConnections();
    }).then(() => rmSync(this.socketPath, { force: true })));
  }
}

/** A request the HTTP parser refused (a lower-case method, a malformed header). */
function unreadable(error: Error & { code?: string }): Refusal {
  return {
    status: 400,
    reason: 'bad-request',
    line: `toolwright: the proxy could not read the request (${error.code ?? error.message}); methods are upper case, e.g. GET`,
  };
}

/** `what` ends with its verb ("… are", "… is"). */
function unsupported(what: string): Refusal {
  return { status: 501, reason: 'unsupported', line: `toolwright: ${what} not proxied from the sandbox` };
}

/** A refusal written straight on a socket (CONNECT and upgrade answers), then the socket is closed. */
function rawAnswer(socket: Duplex, refusal: Refusal): void {
  const body = `${refusal.line}\n`;
  socket.end(
    `HTTP/1.1 ${refusal.status} ${reasonPhrase(refusal.line)}\r\n` +
      'Content-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Toolwright-Refused: ${refusal.reason}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
