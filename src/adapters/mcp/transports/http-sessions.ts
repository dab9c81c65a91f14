// The live MCP sessions of a Streamable HTTP server: created on initialize, found by their
// mcp-session-id (only by the principal that opened them), expired when idle, and capped per
// principal and in all, a new one evicting the least recently used idle session of its own
// principal (never another's; when it has none to give up, 503). A session's toolkit, when it owns
// it, is closed when the session ends.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/server';
import type { NodeStreamableHTTPServerTransport as StreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { ToolkitOf } from '../../../runtime/contract/types.js';
import type { McpServing } from '../serving.js';
import { sendJsonRpcError } from './http-access.js';
import { attachUserChannel } from '../user-channel.js';
import type { McpTaskRunner } from '../tasks/runner.js';
import { SessionEventStore } from './http-event-store.js';

const RECONNECT_AFTER_MS = 1000;

interface McpSession {
  transport: StreamableHTTPServerTransport;
  server: Server;
  /** The events its streams sent, for resumption. */
  events: SessionEventStore;
  toolkit: ToolkitOf;
  ownsToolkit: boolean;
  /** Whose session it is, when requests are authenticated by JWT: only that principal may use it. */
  principal: string | undefined;
  /** The policy its token's scope chose (an index of the JWT scope policies): only tokens choosing it may use it. */
  policy: number | undefined;
  lastSeen: number;
  inFlight: number;
  /** The ids of its requests whose answers are not done (JSON text): the transport routes answers by id. */
  requestIds: Set<string>;
  ended: boolean;
}

/** The ids (as JSON text) of the requests in a POST body: a message or a batch of them. */
function requestIdsOf(body: unknown): string[] {
  const messages = Array.isArray(body) ? body : [body];
  const ids: string[] = [];
  for (const message of messages) {
    if (typeof message !== 'object' || message === null) continue;
    const { id, method } = message as { id?: unknown; method?: unknown };
    if (typeof method === 'string' && (typeof id === 'string' || typeof id === 'number')) ids.push(JSON.stringify(id));
  }
  return ids;
}

type TransportClass = typeof import('@modelcontextprotocol/node').NodeStreamableHTTPServerTransport;

export interface SessionTableOptions {
  idleMs: number;
  maxSessions: number;
  /** Sessions one verified principal holds at once (requests without one are one principal, capped by maxSessions). */
  maxSessionsPerPrincipal: number;
  newToolkit: (policy: number | undefined) => Promise<{ toolkit: ToolkitOf; owns: boolean }>;
  serving: McpServing;
  Transport: TransportClass;
}

/**
 * Closes a session's toolkit, at once or, when MCP tasks it started still run (they are the
 * principal's, not the session's, and run on after it), once they have ended.
 */
async function closeAfterTasks(tasks: McpTaskRunner, toolkit: ToolkitOf): Promise<void> {
  const close = () =>
    toolkit.close().catch(() => {
      /* close() reports nothing; never crash the server */
    });
  if (tasks.runningCount === 0) await close();
  else void tasks.afterTasks(toolkit).then(close);
}

/** Whether a parsed POST body is an initialize request (what may make room by evicting). */
function isInitialize(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((m) => !!m && typeof m === 'object' && (m as { method?: unknown }).method === 'initialize');
}

/**
 * A resume (GET with Last-Event-ID) of a stream that has ended with nothing left after that event:
 * there is no stream to resume, which the transport says with 405. An empty stream closed at once
 * instead makes clients reconnect without Last-Event-ID, against the session's open GET stream (409).
 */
function refuseEndedResume(res: ServerResponse): void {
  sendJsonRpcError(
    res,
    405,
    'That stream has ended and has nothing left after this Last-Event-ID; the session stays usable, and GET without Last-Event-ID opens its event stream',
    { allow: 'GET, POST, DELETE' },
  );
}

export class McpSessionTable {
  private readonly sessions = new Map<string, McpSession>();
  private pendingInits = 0;
  /** Initializes under way per principal: counted against its cap with the sessions it holds. */
  private readonly pendingOf = new Map<string | undefined, number>();
  private readonly reaper: ReturnType<typeof setInterval>;

  constructor(private readonly options: SessionTableOptions) {
    const { idleMs } = options;
    this.reaper = setInterval(
      () => {
        const now = Date.now();
        for (const session of [...this.sessions.values()]) {
          if (session.inFlight === 0 && now - session.lastSeen >= idleMs) void this.endSession(session);
        }
      },
      Math.max(20, Math.min(idleMs / 4, 30_000)),
    );
    this.reaper.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /**
   * Serves a request that is not stateless: to the session its mcp-session-id names, or, with
   * none, as an initialize that opens a new session.
   */
  async serve(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    principal: string | undefined,
    policy?: number,
  ): Promise<void> {
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = this.sessions.get(sessionId);
      // Another principal's session is not found either: a session belongs to whoever opened it,
      // under the policy its token chose then.
      if (!session || session.principal !== principal || session.policy !== policy) {
        sendJsonRpcError(res, 404, 'Session not found (it ended or expired); initialize a new session');
        return;
      }
      if (req.method === 'POST' && !this.claimIds(session, body, res)) return;
      this.track(session, req, res);
      if (req.method === 'POST') session.events.expectRequests(body);
      const lastEventId = req.headers['last-event-id'];
      if (req.method === 'GET' && typeof lastEventId === 'string' && session.events.finishedAfter(lastEventId)) {
        refuseEndedResume(res);
        return;
      }
      await session.transport.handleRequest(req, res, body);
      return;
    }
    if (req.method !== 'POST') {
      sendJsonRpcError(res, 400, 'Missing mcp-session-id header; initialize a session with POST first');
      return;
    }
    await this.initialize(req, res, body, principal, policy);
  }

  /** Stops expiring idle sessions (the first step of closing the server). */
  stopReaping(): void {
    clearInterval(this.reaper);
  }

  /** Ends every live session. */
  async endAll(): Promise<void> {
    await Promise.allSettled([...this.sessions.values()].map((session) => this.endSession(session)));
  }

  private async endSession(session: McpSession): Promise<void> {
    if (session.ended) return;
    session.ended = true;
    if (session.transport.sessionId) this.sessions.delete(session.transport.sessionId);
    await Promise.allSettled([session.transport.close(), session.server.close()]);
    if (session.ownsToolkit) await closeAfterTasks(this.options.serving.tasks, session.toolkit);
  }

  /** The principal's least recently used session with no request in flight. */
  private evictable(principal: string | undefined): McpSession | undefined {
    let oldest: McpSession | undefined;
    for (const session of this.sessions.values()) {
      if (session.principal !== principal || session.ended) continue;
      if (session.inFlight === 0 && (!oldest || session.lastSeen < oldest.lastSeen)) oldest = session;
    }
    return oldest;
  }

  /** Sessions the principal holds and is opening. */
  private heldBy(principal: string | undefined): number {
    let held = this.pendingOf.get(principal) ?? 0;
    for (const session of this.sessions.values()) if (session.principal === principal && !session.ended) held++;
    return held;
  }

  /**
   * Makes room for one more session of the principal, within its cap and the server's, by ending
   * its own least recently used idle session; a refusal to send (503) when it has none to give up.
   * Nothing is evicted for a request that is no initialize.
   */
  private roomFor(principal: string | undefined, body: unknown): string | undefined {
    const { maxSessions, maxSessionsPerPrincipal } = this.options;
    const cap = principal === undefined ? maxSessions : Math.min(maxSessionsPerPrincipal, maxSessions);
    for (;;) {
      const own = this.heldBy(principal) >= cap;
      const total = this.sessions.size + this.pendingInits >= maxSessions;
      if (!own && !total) return undefined;
      const victim = isInitialize(body) ? this.evictable(principal) : undefined;
      if (!victim) {
        return own
          ? `Too many MCP sessions (${cap}) for this principal, all busy; end one (DELETE) or retry later`
          : `Too many MCP sessions (${maxSessions}) on this server; retry later`;
      }
      // Out of the table now (the slot is free at once); closed in the background.
      void this.endSession(victim);
    }
  }

  /**
   * Holds the ids of a POST's requests until its response is done. An id already in flight in the
   * session is refused at once: the transport routes answers by id, and one request would take the
   * other's answer while the other waited for ever.
   */
  private claimIds(session: McpSession, body: unknown, res: ServerResponse): boolean {
    const ids = requestIdsOf(body);
    const taken = ids.find((id, i) => session.requestIds.has(id) || ids.indexOf(id) !== i);
    if (taken !== undefined) {
      sendJsonRpcError(
        res,
        409,
        `Request id ${taken.slice(0, 100)} is already in use by a request of this session whose answer is not done; give each request its own id`,
      );
      return false;
    }
    for (const id of ids) session.requestIds.add(id);
    res.once('close', () => {
      for (const id of ids) session.requestIds.delete(id);
    });
    return true;
  }

  /**
   * Counts a request as in flight until its response is done, so it is neither reaped nor evicted.
   * A GET event stream is not: it only waits for whatever the server may send, and holding one
   * open must not pin a session slot (closing the session ends the stream).
   */
  private track(session: McpSession, req: IncomingMessage, res: ServerResponse): void {
    session.lastSeen = Date.now();
    if (req.method === 'GET') return;
    session.inFlight++;
    session.lastSeen = Date.now();
    res.once('close', () => {
      session.inFlight--;
      session.lastSeen = Date.now();
    });
  }

  private async initialize(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    principal: string | undefined,
    policy: number | undefined,
  ) {
    const { newToolkit, serving, Transport } = this.options;
    // Checked and counted before the first await: concurrent initializes cannot pass a cap.
    const refusal = this.roomFor(principal, body);
    if (refusal !== undefined) {
      sendJsonRpcError(res, 503, refusal, { 'retry-after': '5' });
      return;
    }
    this.pendingInits++;
    this.pendingOf.set(principal, (this.pendingOf.get(principal) ?? 0) + 1);
    let pending = true;
    const settled = () => {
      if (!pending) return;
      pending = false;
      this.pendingInits--;
      const left = (this.pendingOf.get(principal) ?? 1) - 1;
      if (left > 0) this.pendingOf.set(principal, left);
      else this.pendingOf.delete(principal);
    };
    let session: McpSession | undefined;
    try {
      const { toolkit, owns } = await newToolkit(policy);
      const server = serving.legacy({ get: () => toolkit }, toolkit.workspace.root);
      attachUserChannel(toolkit, server);
      const events = new SessionEventStore();
      events.expectRequests(body);
      const transport: StreamableHTTPServerTransport = new Transport({
        sessionIdGenerator: () => randomUUID(),
        // A dropped stream resumes with Last-Event-ID; the client waits this long before reconnecting.
        eventStore: events,
        retryInterval: RECONNECT_AFTER_MS,
        // Room was made before, this initialize counted as under way until now.
        onsessioninitialized: (id) => {
          this.sessions.set(id, session!);
          settled();
        },
      });
      const fields = { transport, server, events, toolkit, ownsToolkit: owns, principal, policy };
      session = { ...fields, lastSeen: Date.now(), inFlight: 0, requestIds: new Set(), ended: false };
      const current = session;
      transport.onclose = () => {
        void this.endSession(current);
      }; // DELETE, or the transport closing on its own
      await server.connect(transport);
      this.track(session, req, res);
      await transport.handleRequest(req, res, body);
    } finally {
      settled();
    }
    if (session && !session.transport.sessionId) await this.endSession(session); // not an initialize: nothing to keep
  }
}
