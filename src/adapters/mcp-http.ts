// MCP over Streamable HTTP: stateful sessions that expire when idle and are capped, bearer
// authentication (required off loopback), a stateless mode for load-balanced replicas, and the
// Host/Origin checks against DNS rebinding. A session's toolkit is closed when the session ends.
// Only requests count as activity: an open GET event stream does not keep a session, and a
// request counts only once its whole body has arrived (within a deadline and a size cap).
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Toolkit } from '../runtime/types.js';
import { DEFAULT_BODY_TIMEOUT_MS, DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_MAX_BODY_BYTES, readJsonBody, type BodyLimits } from './http-body.js';
import { createMcpServer, type McpServerOptions, type RunningServer } from './mcp.js';

/** Defaults, documented in docs/serving.md: 15 minutes idle, 100 live sessions. */
export const DEFAULT_SESSION_IDLE_MS = 15 * 60 * 1000;
export const DEFAULT_MAX_SESSIONS = 100;
/** A bearer token shorter than this is refused: it could be guessed. */
export const MIN_AUTH_TOKEN_LENGTH = 16;

export interface McpHttpOptions extends McpServerOptions {
  /** Port to listen on; 0 picks a free one (default 0). */
  port?: number;
  /** Interface to bind (default 127.0.0.1). Any other than loopback requires `authToken`. */
  host?: string;
  /** URL path of the MCP endpoint (default `/mcp`). */
  path?: string;
  /** Host names accepted in the Host header, besides loopback names and `host` (DNS-rebinding guard). */
  allowedHosts?: string[];
  /** Clients must send `Authorization: Bearer <authToken>` (compared in constant time); 401 otherwise. */
  authToken?: string;
  /** A session unused this long is closed and its toolkit freed (default 15 minutes). */
  sessionIdleTimeoutMs?: number;
  /** Most live sessions (default 100): a new one evicts the least recently used idle session, or gets 503. */
  maxSessions?: number;
  /** A request's headers must arrive within this long (default 10 s); else 408 and the connection is closed. */
  headersTimeoutMs?: number;
  /** A POST body must arrive whole within this long after its headers (default 10 s); else 408. */
  bodyTimeoutMs?: number;
  /** Largest POST body accepted (default 4 MiB, the MCP SDK's message limit); larger is 413. */
  maxBodyBytes?: number;
  /**
   * No sessions: every POST is self-contained (a new server, transport and toolkit, closed after the
   * reply), for replicas behind a load balancer. No server-to-client requests (elicitation) then.
   */
  stateless?: boolean;
}

export interface RunningHttpServer extends RunningServer {
  url: string;
  port: number;
  /** Live sessions right now (0 in stateless mode). */
  sessionCount(): number;
}

/** A toolkit, or a factory of one per session (own read-tracking); factory toolkits are closed with their session. */
export type ToolkitSource = Toolkit | (() => Toolkit | Promise<Toolkit>);

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  toolkit: Toolkit;
  ownsToolkit: boolean;
  lastSeen: number;
  inFlight: number;
  ended: boolean;
}

type StreamableModule = typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js');

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]', '::1'];

/** 127.0.0.0/8, ::1 and localhost; anything else (0.0.0.0, ::, a name) counts as reachable from outside. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h);
}

function hostnameOf(hostHeader: string): string {
  if (hostHeader.startsWith('[')) return hostHeader.slice(0, hostHeader.indexOf(']') + 1);
  return hostHeader.replace(/:\d+$/, '');
}

/** Names a client may put in Host: loopback, the bound host, and for a wildcard bind this machine's names. */
function allowedHostNames(host: string, extra: readonly string[]): Set<string> {
  const names = [...LOOPBACK_NAMES, host, ...extra];
  if (host === '0.0.0.0' || host === '::' || host === '[::]') {
    names.push(hostname());
    for (const list of Object.values(networkInterfaces())) {
      for (const info of list ?? []) names.push(info.family === 'IPv6' ? `[${info.address}]` : info.address);
    }
  }
  return new Set(names.map((h) => h.toLowerCase()));
}

function sendJsonRpcError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

function tokenDigest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  const given = tokenDigest(match?.[1] ?? '');
  return timingSafeEqual(given, expected) && match !== null;
}

function checkOptions(options: McpHttpOptions, host: string): void {
  const { authToken, sessionIdleTimeoutMs, maxSessions } = options;
  for (const name of ['headersTimeoutMs', 'bodyTimeoutMs', 'maxBodyBytes'] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) throw new TypeError(`${name} must be a positive number`);
  }
  if (authToken !== undefined) {
    if (typeof authToken !== 'string' || authToken.length < MIN_AUTH_TOKEN_LENGTH || /\s/.test(authToken)) {
      throw new TypeError(`the MCP auth token must be at least ${MIN_AUTH_TOKEN_LENGTH} characters without spaces (e.g. \`openssl rand -hex 32\`)`);
    }
  } else if (!isLoopbackHost(host)) {
    throw new TypeError(`refusing to serve MCP on ${host} without authentication: anyone who can reach it could run these tools. ` +
      'Set a bearer token (--auth-token or TOOLWRIGHT_MCP_TOKEN; option authToken), or bind 127.0.0.1');
  }
  if (sessionIdleTimeoutMs !== undefined && !(Number.isFinite(sessionIdleTimeoutMs) && sessionIdleTimeoutMs > 0)) {
    throw new TypeError('sessionIdleTimeoutMs must be a positive number of milliseconds');
  }
  if (maxSessions !== undefined && !(Number.isInteger(maxSessions) && maxSessions >= 1)) {
    throw new TypeError('maxSessions must be an integer >= 1');
  }
}

/**
 * Serves the toolkit over MCP Streamable HTTP. Pass a factory to give every MCP session its own
 * toolkit (own read-tracking for the stale-file guard, own background jobs), closed when the
 * session ends (DELETE, idle expiry, eviction, close); a toolkit passed as is is shared and left open.
 */
export async function startMcpHttpServer(source: ToolkitSource, options: McpHttpOptions = {}): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  checkOptions(options, host);
  const path = options.path ?? '/mcp';
  const idleMs = options.sessionIdleTimeoutMs ?? DEFAULT_SESSION_IDLE_MS;
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const allowed = allowedHostNames(host, options.allowedHosts ?? []);
  const expectedToken = options.authToken === undefined ? undefined : tokenDigest(options.authToken);
  const sessions = new Map<string, Session>();
  let pendingInits = 0;
  const bodyLimits: BodyLimits = { timeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS, maxBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES };
  const headersTimeoutMs = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const { StreamableHTTPServerTransport: Transport }: StreamableModule = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');

  const newToolkit = async (): Promise<{ toolkit: Toolkit; owns: boolean }> =>
    typeof source === 'function' ? { toolkit: await source(), owns: true } : { toolkit: source, owns: false };

  async function endSession(session: Session): Promise<void> {
    if (session.ended) return;
    session.ended = true;
    if (session.transport.sessionId) sessions.delete(session.transport.sessionId);
    await Promise.allSettled([session.transport.close(), session.server.close()]);
    if (session.ownsToolkit) await session.toolkit.close().catch(() => { /* close() reports nothing; never crash the server */ });
  }

  /** The least recently used session with no request in flight. */
  function evictable(): Session | undefined {
    let oldest: Session | undefined;
    for (const session of sessions.values()) {
      if (session.inFlight === 0 && (!oldest || session.lastSeen < oldest.lastSeen)) oldest = session;
    }
    return oldest;
  }

  const reaper = setInterval(() => {
    const now = Date.now();
    for (const session of [...sessions.values()]) {
      if (session.inFlight === 0 && now - session.lastSeen >= idleMs) void endSession(session);
    }
  }, Math.max(20, Math.min(idleMs / 4, 30_000)));
  reaper.unref();

  /**
   * Counts a request as in flight until its response is done, so it is neither reaped nor evicted.
   * A GET event stream is not: it only waits for whatever the server may send, and holding one
   * open must not pin a session slot (closing the session ends the stream).
   */
  function track(session: Session, req: IncomingMessage, res: ServerResponse): void {
    session.lastSeen = Date.now();
    if (req.method === 'GET') return;
    session.inFlight++;
    session.lastSeen = Date.now();
    res.once('close', () => {
      session.inFlight--;
      session.lastSeen = Date.now();
    });
  }

  async function handleStateless(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    if (req.method !== 'POST') {
      sendJsonRpcError(res, 405, 'This server is stateless: only POST is served (no sessions, no event streams)', { allow: 'POST' });
      return;
    }
    const { toolkit, owns } = await newToolkit();
    const server = await createMcpServer(toolkit, options);
    const transport = new Transport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.once('close', () => {
      void Promise.allSettled([transport.close(), server.close()]).then(() => (owns ? toolkit.close() : undefined)).catch(() => {});
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  async function handleInitialize(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    if (sessions.size + pendingInits >= maxSessions && !evictable()) {
      sendJsonRpcError(res, 503, `Too many MCP sessions (${maxSessions}), all busy; retry later`, { 'retry-after': '5' });
      return;
    }
    pendingInits++;
    let session: Session | undefined;
    try {
      const { toolkit, owns } = await newToolkit();
      const server = await createMcpServer(toolkit, options);
      const transport: StreamableHTTPServerTransport = new Transport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          // The cap holds for real sessions only: a malformed request never evicts anyone.
          while (sessions.size >= maxSessions) {
            const victim = evictable();
            if (!victim) break;
            void endSession(victim);
          }
          sessions.set(id, session!);
        },
      });
      session = { transport, server, toolkit, ownsToolkit: owns, lastSeen: Date.now(), inFlight: 0, ended: false };
      const current = session;
      transport.onclose = () => { void endSession(current); }; // DELETE, or the transport closing on its own
      await server.connect(transport);
      track(session, req, res);
      await transport.handleRequest(req, res, body);
    } finally {
      pendingInits--;
    }
    if (session && !session.transport.sessionId) await endSession(session); // not an initialize: nothing to keep
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== path) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: the MCP endpoint is ${path}\n`);
      return;
    }
    // DNS-rebinding guard: a browser page on another origin must not reach the local server.
    const hostHeader = (req.headers.host ?? '').toLowerCase();
    if (!allowed.has(hostnameOf(hostHeader))) {
      sendJsonRpcError(res, 403, `Host "${req.headers.host ?? ''}" is not allowed`);
      return;
    }
    const origin = req.headers.origin;
    if (origin !== undefined) {
      let originHost = '';
      try { originHost = new URL(origin).hostname.toLowerCase(); } catch { /* reported below */ }
      if (!allowed.has(originHost) && !allowed.has(`[${originHost}]`)) {
        sendJsonRpcError(res, 403, `Origin "${origin}" is not allowed`);
        return;
      }
    }
    if (expectedToken && !bearerMatches(req.headers.authorization, expectedToken)) {
      sendJsonRpcError(res, 401, 'Missing or wrong bearer token (send Authorization: Bearer <token>)', { 'www-authenticate': 'Bearer realm="toolwright"' });
      return;
    }
    // A body is read whole before the request counts for a session (or for an initialize).
    let body: unknown;
    if (req.method === 'POST') {
      const read = await readJsonBody(req, res, bodyLimits);
      if (!read.ok) return;
      body = read.json;
    }
    if (options.stateless) {
      await handleStateless(req, res, body);
      return;
    }
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      if (!session) {
        sendJsonRpcError(res, 404, 'Session not found (it ended or expired); initialize a new session');
        return;
      }
      track(session, req, res);
      await session.transport.handleRequest(req, res, body);
      return;
    }
    if (req.method !== 'POST') {
      sendJsonRpcError(res, 400, 'Missing mcp-session-id header; initialize a session with POST first');
      return;
    }
    await handleInitialize(req, res, body);
  }

  // Timeouts are checked every connectionsCheckingInterval: a fraction of the header deadline.
  const httpServer = createServer({ connectionsCheckingInterval: Math.max(50, Math.min(1000, headersTimeoutMs / 4)) }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJsonRpcError(res, 500, `Internal error: ${(error as Error).message}`);
      else res.end();
    });
  });
  // Node closes a connection whose headers (or whole request) do not arrive in time, with a 408;
  // the body deadline proper is readJsonBody's (a request is complete at its headers for GET).
  httpServer.headersTimeout = headersTimeoutMs;
  httpServer.requestTimeout = headersTimeoutMs + bodyLimits.timeoutMs;
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 0, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const port = (httpServer.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}${path}`,
    port,
    sessionCount: () => sessions.size,
    close: async () => {
      clearInterval(reaper);
      await Promise.allSettled([...sessions.values()].map(endSession));
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
