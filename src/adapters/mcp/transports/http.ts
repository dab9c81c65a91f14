// MCP over Streamable HTTP: stateful sessions that expire when idle and are capped, bearer
// authentication (required off loopback), a stateless mode for load-balanced replicas, and the
// Host/Origin checks against DNS rebinding. A session's toolkit is closed when the session ends.
// Only requests count as activity: an open GET event stream does not keep a session, and a
// request counts only once its whole body has arrived (within a deadline and a size cap).
import { withRequestPrincipal } from '../principal.js';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Session as ToolkitSession } from '../../../runtime/session/session.js';
import type { PolicyOptions } from '../../../runtime/policy/types.js';
import type { ToolkitOf } from '../../../runtime/contract/types.js';
import {
  DEFAULT_BODY_TIMEOUT_MS,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  readJsonBody,
  type BodyLimits,
} from './http-body.js';
import { mcpServing, type McpServerOptions, type RunningServer } from '../server.js';
import { isModernMessage } from '../rev2026/sdk.js';
import { isLoopbackHost, sendJsonRpcError } from './http-access.js';
import { admitRequest, requestGate } from './http-auth.js';
import type { JwtAuthOptions } from './http-jwt.js';
import { StatelessSession, statelessServing, type StatelessServing } from './http-stateless.js';
import { McpSessionTable } from './http-sessions.js';
import { createApprovalsPage, isApprovalsPath, type ApprovalsPageOptions } from '../approvals/routes.js';

export { isLoopbackHost };

/** Defaults, documented in docs/serving.md: 15 minutes idle, 100 live sessions, 25 of one principal. */
export const DEFAULT_SESSION_IDLE_MS = 15 * 60 * 1000;
export const DEFAULT_MAX_SESSIONS = 100;
export const DEFAULT_MAX_SESSIONS_PER_PRINCIPAL = 25;
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
  /**
   * Clients must send a JWT access token the issuer's JWKS verifies (instead of `authToken`); its
   * `iss|sub` is the principal of the calls it carries (audit, task lists, jobs), and its scope
   * claim may choose their policy. The protected-resource metadata document is served at
   * /.well-known/oauth-protected-resource.
   */
  authJwt?: JwtAuthOptions;
  /** A session unused this long is closed and its toolkit freed (default 15 minutes). */
  sessionIdleTimeoutMs?: number;
  /**
   * Most live sessions (default 100): a new one evicts the least recently used idle session of its
   * own principal, or gets 503 (another principal's session is never evicted).
   */
  maxSessions?: number;
  /**
   * Most live sessions of one principal a verified token names (default 25, at most maxSessions):
   * past it a new one evicts that principal's least recently used idle session, or gets 503.
   * Requests without JWT authentication are one principal, capped by maxSessions alone.
   */
  maxSessionsPerPrincipal?: number;
  /** A request's headers must arrive within this long (default 10 s); else 408 and the connection is closed. */
  headersTimeoutMs?: number;
  /** A POST body must arrive whole within this long after its headers (default 10 s); else 408. */
  bodyTimeoutMs?: number;
  /** Largest POST body accepted (default 4 MiB, the MCP SDK's message limit); larger is 413. */
  maxBodyBytes?: number;
  /**
   * No sessions: every POST is self-contained, for replicas behind a load balancer. One toolkit
   * serves every request (a factory is called once, with a session that remembers nothing): the
   * task list and background jobs are the server's (per principal with `authJwt`); no elicitation,
   * no client quirks (no request but `initialize` says who the client is).
   */
  stateless?: boolean;
  /**
   * Serve `/approvals`: the calls parked in `store` (toolkits with `approvals: true`) for an
   * approver to decide, live, with the same authentication as the endpoint. Approvers are named by
   * `approverClaim` (`NAME=VALUE`, with `authJwt`) or `approverTokens`.
   */
  approvals?: ApprovalsPageOptions;
}

export interface RunningHttpServer extends RunningServer {
  url: string;
  port: number;
  /** Live sessions right now (0 in stateless mode). */
  sessionCount(): number;
}

/** What a toolkit factory is given: the session its toolkit should use (pass it to createToolkit). */
export interface ToolkitScope {
  /** A new one per MCP session; in stateless mode one that remembers nothing, shared by every request. */
  session: ToolkitSession;
  stateless: boolean;
  /**
   * With `authJwt.scopeClaim`: the policy the token's scope chose. Pass it to createToolkit; a
   * toolkit made without it is refused (its calls would not run under that policy).
   */
  policy?: PolicyOptions;
}

/** A toolkit, or a factory of one per session (own read-tracking); factory toolkits are closed with their session. */
export type ToolkitSource = ToolkitOf | ((scope: ToolkitScope) => ToolkitOf | Promise<ToolkitOf>);

type StreamableModule = typeof import('@modelcontextprotocol/node');

function checkOptions(options: McpHttpOptions, host: string): void {
  const { authToken, sessionIdleTimeoutMs, maxSessions } = options;
  for (const name of ['headersTimeoutMs', 'bodyTimeoutMs', 'maxBodyBytes'] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isFinite(value) && value > 0))
      throw new TypeError(`${name} must be a positive number`);
  }
  if (authToken !== undefined && options.authJwt !== undefined)
    throw new TypeError('give either a static bearer token or JWT authentication, not both');
  if (options.authJwt !== undefined) {
    /* checked by the verifier */
  } else if (authToken !== undefined) {
    if (typeof authToken !== 'string' || authToken.length < MIN_AUTH_TOKEN_LENGTH || /\s/.test(authToken)) {
      throw new TypeError(
        `the MCP auth token must be at least ${MIN_AUTH_TOKEN_LENGTH} characters without spaces (e.g. \`openssl rand -hex 32\`)`,
      );
    }
  } else if (!isLoopbackHost(host)) {
    throw new TypeError(
      `refusing to serve MCP on ${host} without authentication: anyone who can reach it could run these tools. ` +
        'Set a bearer token (--auth-token or TOOLWRIGHT_MCP_TOKEN; option authToken) or JWT authentication (--auth-jwks), or bind 127.0.0.1',
    );
  }
  if (sessionIdleTimeoutMs !== undefined && !(Number.isFinite(sessionIdleTimeoutMs) && sessionIdleTimeoutMs > 0)) {
    throw new TypeError('sessionIdleTimeoutMs must be a positive number of milliseconds');
  }
  if (maxSessions !== undefined && !(Number.isInteger(maxSessions) && maxSessions >= 1)) {
    throw new TypeError('maxSessions must be an integer >= 1');
  }
  const perPrincipal = options.maxSessionsPerPrincipal;
  if (perPrincipal !== undefined && !(Number.isInteger(perPrincipal) && perPrincipal >= 1)) {
    throw new TypeError('maxSessionsPerPrincipal must be an integer >= 1');
  }
}

/** An HTTP server listening on host:port that hands each request to `handle`, a 500 when it throws. */
async function listen(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  host: string,
  port: number,
  headersTimeoutMs: number,
  bodyTimeoutMs: number,
): Promise<HttpServer> {
  // Timeouts are checked every connectionsCheckingInterval: a fraction of the header deadline.
  const httpServer = createServer(
    { connectionsCheckingInterval: Math.max(50, Math.min(1000, headersTimeoutMs / 4)) },
    (req, res) => {
      handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) sendJsonRpcError(res, 500, `Internal error: ${(error as Error).message}`);
        else res.end();
      });
    },
  );
  // Node closes a connection whose headers (or whole request) do not arrive in time, with a 408;
  // the body deadline proper is readJsonBody's (a request is complete at its headers for GET).
  httpServer.headersTimeout = headersTimeoutMs;
  httpServer.requestTimeout = headersTimeoutMs + bodyTimeoutMs;
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  return httpServer;
}

/**
 * Serves the toolkit over MCP Streamable HTTP. Pass a factory to give every MCP session its own
 * toolkit (own read-tracking for the stale-file guard, own background jobs), closed when the
 * session ends (DELETE, idle expiry, eviction, close); a toolkit passed as is is shared and left open.
 */
export async function startMcpHttpServer(
  source: ToolkitSource,
  options: McpHttpOptions = {},
): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  checkOptions(options, host);
  const path = options.path ?? '/mcp';
  const idleMs = options.sessionIdleTimeoutMs ?? DEFAULT_SESSION_IDLE_MS;
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const gate = requestGate(path, host, options);
  const bodyLimits: BodyLimits = {
    timeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    maxBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
  };
  const headersTimeoutMs = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const [{ NodeStreamableHTTPServerTransport: Transport }, serving]: [
    StreamableModule,
    Awaited<ReturnType<typeof mcpServing>>,
  ] = await Promise.all([import('@modelcontextprotocol/node'), mcpServing(options)]);

  const scopePolicies = options.authJwt?.scopePolicies;
  if (scopePolicies && typeof source !== 'function')
    throw new TypeError(
      'a scope claim that chooses policies needs a toolkit factory: pass a function that gives scope.policy to createToolkit',
    );
  /** A toolkit for a session (or the stateless server), under the policy at `policy` of scopePolicies when given. */
  const newToolkit = async (stateless = false, policy?: number): Promise<{ toolkit: ToolkitOf; owns: boolean }> => {
    if (typeof source !== 'function') return { toolkit: source, owns: false };
    const chosen = policy === undefined ? undefined : scopePolicies?.[policy]?.[1];
    const session = stateless ? new StatelessSession() : new ToolkitSession();
    const toolkit = await source({ session, stateless, ...(chosen !== undefined ? { policy: chosen } : {}) });
    if (chosen !== undefined && toolkit.options.policy !== chosen) {
      await toolkit.close().catch(() => undefined);
      throw new Error(
        "the toolkit factory did not pass scope.policy to createToolkit: calls would not run under the policy the token's scope chose",
      );
    }
    return { toolkit, owns: true };
  };
  // Stateless, one toolkit per policy a scope chose (one in all without a scope claim).
  const statelessServers = new Map<number | undefined, StatelessServing>();
  const statelessFor = (policy: number | undefined): StatelessServing => {
    let served = statelessServers.get(policy);
    if (!served)
      statelessServers.set(policy, (served = statelessServing(() => newToolkit(true, policy), serving, Transport)));
    return served;
  };
  const sessionTable = new McpSessionTable({
    idleMs,
    maxSessions,
    maxSessionsPerPrincipal: options.maxSessionsPerPrincipal ?? DEFAULT_MAX_SESSIONS_PER_PRINCIPAL,
    newToolkit: (policy) => newToolkit(false, policy),
    serving,
    Transport,
  });

  const approvalsPage = options.approvals ? createApprovalsPage(options.approvals, gate) : undefined;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (approvalsPage && isApprovalsPath(new URL(req.url ?? '/', 'http://localhost').pathname))
      return approvalsPage.handle(req, res);
    const admitted = await admitRequest(req, res, gate);
    if (!admitted) return;
    const { principal, policy } = admitted;
    // The principal goes with everything this request runs, the SDK's own task handlers included.
    await withRequestPrincipal(principal, () => serve(req, res, principal, policy));
  }

  async function serve(
    req: IncomingMessage,
    res: ServerResponse,
    principal: string | undefined,
    policy: number | undefined,
  ): Promise<void> {
    // A body is read whole before the request counts for a session (or for an initialize).
    let body: unknown;
    if (req.method === 'POST') {
      const read = await readJsonBody(req, res, bodyLimits);
      if (!read.ok) return;
      body = read.json;
    }
    // 2026-07-28 requests carry who they are from and have no session, in either mode.
    if (req.method === 'POST' && isModernMessage(body)) {
      await statelessFor(policy).handleModern(req, res, body, principal);
      return;
    }
    if (options.stateless) {
      await statelessFor(policy).handle(req, res, body);
      return;
    }
    await sessionTable.serve(req, res, body, principal, policy);
  }

  const httpServer = await listen(handle, host, options.port ?? 0, headersTimeoutMs, bodyLimits.timeoutMs);
  const port = (httpServer.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}${path}`,
    port,
    sessionCount: () => sessionTable.size,
    close: async () => {
      sessionTable.stopReaping();
      approvalsPage?.close();
      await serving.tasks.close();
      await serving.toolList.close();
      await sessionTable.endAll();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await Promise.all([...statelessServers.values()].map((serving) => serving.close()));
    },
  };
}
