// The proxy of one toolkit: outside every sandbox, reached from each sandboxed command through a
// listener of its own (made in the command's network namespace, or the relay's unix socket: each
// connection is known to belong to that command's call), it speaks HTTP CONNECT and plain HTTP
// forwarding, admits only allowed names (destination.ts), tunnels CONNECT as is unless the host
// needs interception (credentials bound to it, or methods 'read'), then terminates TLS with the
// toolkit's CA and forwards request by request (forward.ts). Made on the first command that needs it; close() ends
// every listener and removes its folder.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { TLSSocket, createSecureContext, rootCertificates, type SecureContext, type TLSSocketOptions } from 'node:tls';
import { ToolError } from '../../../runtime/contract/errors.js';
import { inertLine } from '../../../runtime/text/control-text.js';
import type { Resolver } from '../../../runtime/net/address-guard.js';
import type { ConnectionAudit, ConnectionOwner, ConnectionRecord } from './audit.js';
import { InterceptionCa } from './ca.js';
import { newPlaceholder, type BoundCredential } from './credentials.js';
import { checkDestination, defaultResolver, type CheckedDestination, type Refusal } from './destination.js';
import { DnsCache } from './dns-cache.js';
import { answerRefusal, forwardRequest, type ForwardContext } from './forward.js';
import { canonicalHost, entryFor, hostText, type CanonicalHost } from './hosts.js';
import type { SandboxTarget } from '../process/spawn.js';
import { ListenerMaker } from './listener.js';
import { serveBare } from './bare-forward.js';
import { readTunnel } from './tunnel-reader.js';
import { tunnelHostRefusal, tunnelTarget } from './tunnel-host.js';
import { firstRequestTimeout, inTurn, tooManyPipelined } from './limits.js';
import { proxyFailed, rawAnswer, unreadable, unsupported } from './raw-answer.js';
import { ProxySession } from './session.js';
import type { ProxyPolicy } from './settings.js';
import { trustBundle } from './trust.js';
import { UpstreamPool } from './upstream.js';

export interface ProxyOptions {
  policy: ProxyPolicy;
  /** Resolver of the proxy (tests inject one); default the system's. Its answers are kept a short time (dns-cache.ts). */
  lookup?: Resolver;
  /** CAs trusted upstream besides the system's (PEM). */
  ca?: readonly string[];
  audit?: ConnectionAudit;
  /** Placeholder of each credential, by variable. */
  placeholders: ReadonlyMap<string, string>;
  /** The folder the proxy's own folder is made in (default the system's temporary folder). */
  base?: string;
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
  readonly #upstream: UpstreamPool;
  readonly #upstreamCa: readonly string[] | undefined;
  #upstreamContext: SecureContext | undefined;
  readonly #sessions = new Set<ProxySession>();
  readonly #intercepted = new WeakMap<object, Intercepted>();
  readonly #interceptServer: Server;
  #authority: Promise<InterceptionCa> | undefined;
  #listeners: ListenerMaker | undefined;
  /** False once a listener could not be made in a sandbox: the relay from then on. */
  listenersWork = true;
  #bundle: Promise<string> | undefined;
  readonly #leaveOnExit: () => void;
  #next = 0;
  #closed = false;

  constructor(options: ProxyOptions) {
    this.policy = options.policy;
    this.#resolve = new DnsCache(options.lookup ?? defaultResolver).resolve;
    this.#audit = options.audit;
    this.bound = options.policy.credentials.map((rule) => ({
      rule,
      placeholder: options.placeholders.get(rule.env) ?? newPlaceholder(),
    }));
    // Named by this process: one killed before close() leaves it for the next process's sweep
    // (output-pipe.ts); one that exits without close() removes it on the way out.
    const dir = mkdtempSync(path.join(options.base ?? tmpdir(), `toolwright-net-${process.pid}-`));
    this.dir = dir;
    this.#leaveOnExit = () => rmSync(dir, { recursive: true, force: true });
    process.once('exit', this.#leaveOnExit);
    this.#upstreamCa = options.ca;
    this.#upstream = new UpstreamPool(() => this.#trustedUpstream());
    // Inside a tunnel a request without Host goes to the tunnel's host (Node would answer a bare 400).
    this.#interceptServer = createServer({ requireHostHeader: false });
    // As the sessions' own server: an upload that takes longer than Node's five minutes (a large
    // push) is the command's business; the command's end closes its connections.
    this.#interceptServer.requestTimeout = 0;
    this.#interceptServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
      req.socket.setTimeout(0);
      const found = this.#intercepted.get(req.socket);
      const method = (req.method ?? '-').toUpperCase();
      const note = (refusal: Refusal) =>
        found?.session.refused(hostText(found.destination.host), found.destination.port, method, refusal);
      const started = inTurn(req.socket, res, () => {
        try {
          this.#onIntercepted(req, res);
        } catch (error) {
          // A request that failed in the proxy itself: the command reads why, the host process goes on.
          const refusal = proxyFailed('request', error);
          note(refusal);
          answerRefusal(res, refusal);
          req.resume();
        }
      });
      if (!started) {
        note(tooManyPipelined);
        req.socket.destroy();
      }
    });
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
      ca.prepare(this.#interceptedNames());
      const file = path.join(this.dir, 'ca-bundle.pem');
      writeFileSync(file, trustBundle(ca.certPem), { mode: 0o644 });
      // The upstream context is made while the command starts, not on its first request's path.
      setImmediate(() => {
        try {
          if (!this.#closed) this.#trustedUpstream();
        } catch {
          // Made again, and failing where it can be answered, on the first request that needs it.
        }
      });
      return file;
    }));
  }

  /**
   * The context trusted upstream (the system's CAs and the toolkit's own), made when an intercepted
   * request first needs it: it parses the system's CAs (tens of milliseconds), which a proxy that
   * only tunnels never uses.
   */
  #trustedUpstream(): SecureContext {
    const ca = this.#upstreamCa;
    return (this.#upstreamContext ??= createSecureContext(ca?.length ? { ca: [...rootCertificates, ...ca] } : {}));
  }

  /** The allow list's named hosts (not wildcards) whose HTTPS is intercepted. */
  #interceptedNames(): CanonicalHost[] {
    const named = this.policy.allow.flatMap((entry): CanonicalHost[] =>
      entry.kind === 'name'
        ? [{ host: entry.name, ip: 0 }]
        : entry.kind === 'ip'
          ? [canonicalHost(entry.address)!]
          : [],
    );
    return this.policy.read ? named : named.filter((host) => this.boundTo(host).length > 0);
  }

  #ca(): Promise<InterceptionCa> {
    if (!this.#authority) {
      this.#authority = InterceptionCa.create(this.dir);
      // A failure is not kept: the next command tries again.
      this.#authority.catch(() => (this.#authority = undefined));
    }
    return this.#authority;
  }

  /** A session for one command: its listener is made (`listenIn`) or its relay's socket opened (`relay`) next. */
  open(owner: ConnectionOwner): ProxySession {
    if (this.#closed) throw new ToolError('UNAVAILABLE', 'the toolkit is closed; its network proxy is gone');
    const session = new ProxySession(this, owner);
    this.#sessions.add(session);
    return session;
  }

  /**
   * Makes the session's listener on 127.0.0.1:`port` in the sandbox `target`, by the helper
   * (`perl`, with the system call numbers `syscalls`) made on first use.
   */
  async listenIn(
    session: ProxySession,
    target: SandboxTarget,
    port: number,
    perl: string,
    syscalls: readonly [number, number],
  ): Promise<void> {
    if (this.#closed) throw new ToolError('UNAVAILABLE', 'the toolkit is closed; its network proxy is gone');
    this.#listeners ??= new ListenerMaker(perl, syscalls);
    session.adopt(await this.#listeners.listen(target, port));
  }

  /** Opens the session's unix socket in the private folder, for the relay inside its sandbox. */
  async relay(session: ProxySession): Promise<string> {
    const socketPath = path.join(this.dir, `c${++this.#next}.sock`);
    await session.listen(socketPath);
    return socketPath;
  }

  /** Stops every listener and connection, removes the folder (sockets, bundle) and writes the audit. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#listeners?.close();
    await Promise.all([...this.#sessions].map((session) => session.close()));
    this.#interceptServer.close();
    this.#upstream.destroy();
    rmSync(this.dir, { recursive: true, force: true });
    process.off('exit', this.#leaveOnExit);
    await this.#audit?.flush();
  }

  forget(session: ProxySession): void {
    this.#sessions.delete(session);
  }

  record(owner: ConnectionOwner, record: ConnectionRecord): void {
    this.#audit?.record(owner, record);
  }

  /** Sends the audit entries held so far to the store (a command ended). */
  releaseAudit(): void {
    this.#audit?.release();
  }

  check(host: CanonicalHost, port: number): Promise<CheckedDestination | Refusal> {
    return checkDestination(host, port, this.policy, this.#resolve);
  }

  /** Forwarding context for one destination as seen from a session. */
  forwardContext(session: ProxySession, destination: CheckedDestination, tls: boolean): ForwardContext {
    return {
      destination,
      tls,
      bound: this.boundTo(destination.host),
      scrubbed: this.bound,
      read: this.policy.read,
      upstream: this.#upstream,
      refuse: (res, refusal, method) => {
        session.refused(hostText(destination.host), destination.port, method, refusal);
        answerRefusal(res, refusal);
      },
      noted: (refusal, method) => session.refused(hostText(destination.host), destination.port, method, refusal),
      done: (record) => session.record({ ...record, host: hostText(destination.host), port: destination.port }),
    };
  }

  /** Terminates TLS of an allowed CONNECT with a certificate for its host, then serves requests in it. */
  async intercept(session: ProxySession, destination: CheckedDestination, socket: Duplex, head: Buffer): Promise<void> {
    const context = await (await this.#ca()).contextFor(destination.host);
    // The client left while its certificate was made.
    if (socket.destroyed) return;
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length) socket.unshift(head);
    // `highWaterMark` is passed on to the socket (Node's types omit it).
    const secure = new TLSSocket(socket, {
      isServer: true,
      secureContext: context,
      // HTTP/1.0 for a client that offers nothing else (curl -0): Node's server speaks both.
      ALPNProtocols: ['http/1.1', 'http/1.0'],
      // An answer is held until it is whole (forward.ts): one the size of a TLS record or two
      // must fit without the stream asking to wait.
      highWaterMark: 64 * 1024,
    } as TLSSocketOptions);
    secure.on('error', () => secure.destroy());
    // The handshake and the first request head must come in time (the intercepting server closes it).
    secure.setTimeout(firstRequestTimeout());
    secure.once('secure', () => {
      const sni = secure.servername;
      if (sni && canonicalHost(sni)?.host !== destination.host.host) {
        session.refused(hostText(destination.host), destination.port, 'CONNECT', {
          status: 421,
          reason: 'not-allowed',
          line: `toolwright: the TLS server name ${inertLine(sni)} differs from the CONNECT target ${hostText(destination.host)}; refused`,
        });
        secure.destroy();
      }
    });
    this.#intercepted.set(secure, { session, destination });
    const forwarding = this.forwardContext(session, destination, true);
    readTunnel(
      secure,
      (request, done) => serveBare(forwarding, secure, request, done),
      (unread) => {
        if (unread.length) secure.unshift(unread);
        this.#interceptServer.emit('connection', secure);
      },
    );
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
    const wrongHost = tunnelHostRefusal(req.headers.host, destination);
    if (wrongHost) {
      context.refuse(res, wrongHost, method);
      req.resume();
      return;
    }
    forwardRequest(context, req, res, tunnelTarget(req.url ?? '/'));
  }
}
