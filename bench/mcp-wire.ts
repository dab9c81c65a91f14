// Minimal MCP clients for the serving benches: JSON-RPC lines over a child's stdio, and JSON-RPC
// POSTs over HTTP with a keep-alive agent. Nothing of the SDK client runs here, so what is timed is
// the server (and the pipe or socket), not the client's own schema checks. Either revision: 2025
// (initialize, then a session where the server makes one) or 2026-07-28 (no initialize: version,
// client and capabilities in each request's `_meta`, and on HTTP the method in its headers).
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

const INITIALIZE = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } };

/** The revision a wire speaks: `legacy` initializes (2025-06-18), `modern` is 2026-07-28. */
export type Revision = 'legacy' | 'modern';
export const MODERN_REVISION = '2026-07-28';
/** What every 2026-07-28 request carries in its `_meta`. */
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN_REVISION,
  'io.modelcontextprotocol/clientInfo': INITIALIZE.clientInfo,
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** `params` as `revision` sends them. */
function paramsFor(revision: Revision, params: unknown): unknown {
  return revision === 'modern' ? { ...(params as object), _meta: ENVELOPE } : params;
}

type Reply = { id?: unknown; result?: Record<string, unknown>; error?: { code: number; message: string } };

/** An MCP server spawned as `command args`, spoken to over stdio one request at a time. */
export class StdioWire {
  readonly child: ChildProcess;
  private pending = '';
  private waiting = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  /** ms from spawn to the initialize answer. */
  initializeMs = 0;

  private constructor(
    command: string,
    args: string[],
    cwd: string,
    env: NodeJS.ProcessEnv | undefined,
    private readonly revision: Revision,
  ) {
    this.child = spawn(command, args, { cwd, env, stdio: ['pipe', 'pipe', 'ignore'] });
    this.child.stdout!.setEncoding('utf8');
    this.child.stdout!.on('data', (chunk: string) => {
      this.pending += chunk;
      for (let at = this.pending.indexOf('\n'); at !== -1; at = this.pending.indexOf('\n')) {
        const reply = JSON.parse(this.pending.slice(0, at)) as Reply;
        this.pending = this.pending.slice(at + 1);
        const waiter = typeof reply.id === 'number' ? this.waiting.get(reply.id) : undefined;
        if (waiter) {
          this.waiting.delete(reply.id as number);
          waiter.resolve(reply);
        }
      }
    });
    this.child.once('exit', () => {
      for (const waiter of this.waiting.values()) waiter.reject(new Error('the server exited before answering'));
      this.waiting.clear();
    });
  }

  /** Spawns the server; a 2026-07-28 wire opens with server/discover instead of initialize. */
  static async start(
    command: string,
    args: string[],
    cwd: string,
    env?: NodeJS.ProcessEnv,
    revision: Revision = 'legacy',
  ): Promise<StdioWire> {
    const started = performance.now();
    const wire = new StdioWire(command, args, cwd, env, revision);
    if (revision === 'modern') {
      const discovered = await wire.request('server/discover', {});
      if (!discovered.result) throw new Error(`server/discover failed: ${JSON.stringify(discovered).slice(0, 300)}`);
      wire.initializeMs = performance.now() - started;
      return wire;
    }
    await wire.request('initialize', INITIALIZE);
    wire.initializeMs = performance.now() - started;
    wire.child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    return wire;
  }

  request(method: string, params: unknown): Promise<Reply> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      const sent = paramsFor(this.revision, params);
      this.child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params: sent })}\n`);
    });
  }

  /** One tools/call, its wall time in µs; throws on a protocol or tool error. */
  async timedCall(name: string, args: Record<string, unknown>): Promise<number> {
    const started = performance.now();
    const reply = await this.request('tools/call', { name, arguments: args });
    const took = (performance.now() - started) * 1000;
    if (reply.error || reply.result?.isError) throw new Error(`${name}: ${JSON.stringify(reply).slice(0, 300)}`);
    return took;
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.stdin!.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  }
}

export interface HttpReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Reply | undefined;
}

/** POSTs one JSON-RPC message; reads a JSON or an SSE answer (the first `data:` event). */
export function postJsonRpc(
  url: URL,
  agent: Agent,
  message: unknown,
  headers: Record<string, string> = {},
): Promise<HttpReply> {
  const payload = JSON.stringify(message);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          let body: Reply | undefined;
          if (text.trim() !== '') {
            const sse = /^data: (.*)$/m.exec(text);
            body = JSON.parse(sse ? sse[1]! : text) as Reply;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** One HTTP MCP client: initialized (with its session when the server makes one), then calling. */
export class HttpWire {
  private nextId = 1;
  private constructor(
    private readonly url: URL,
    private readonly agent: Agent,
    private readonly headers: Record<string, string>,
    private readonly revision: Revision = 'legacy',
  ) {}

  static async start(url: URL, agent: Agent, revision: Revision = 'legacy'): Promise<HttpWire> {
    // 2026-07-28: nothing to open; each request says who it is from.
    if (revision === 'modern') return new HttpWire(url, agent, { 'mcp-protocol-version': MODERN_REVISION }, revision);
    const init = await postJsonRpc(url, agent, { jsonrpc: '2.0', id: 0, method: 'initialize', params: INITIALIZE });
    if (init.status !== 200 || !init.body?.result)
      throw new Error(`initialize failed: ${init.status} ${JSON.stringify(init.body)}`);
    const session = init.headers['mcp-session-id'];
    const headers: Record<string, string> = { 'mcp-protocol-version': INITIALIZE.protocolVersion };
    if (typeof session === 'string') headers['mcp-session-id'] = session;
    const wire = new HttpWire(url, agent, headers);
    await postJsonRpc(url, agent, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers);
    return wire;
  }

  async call(name: string, args: Record<string, unknown>): Promise<void> {
    const reply = await postJsonRpc(
      this.url,
      this.agent,
      {
        jsonrpc: '2.0',
        id: this.nextId++,
        method: 'tools/call',
        params: paramsFor(this.revision, { name, arguments: args }),
      },
      this.revision === 'modern' ? { ...this.headers, 'mcp-method': 'tools/call', 'mcp-name': name } : this.headers,
    );
    if (reply.status !== 200 || reply.body?.error || reply.body?.result?.isError)
      throw new Error(`${name}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
  }

  async close(): Promise<void> {
    if (!this.headers['mcp-session-id']) return;
    await new Promise<void>((resolve) => {
      const req = request(
        {
          host: this.url.hostname,
          port: this.url.port,
          path: this.url.pathname,
          method: 'DELETE',
          agent: this.agent,
          headers: this.headers,
        },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', () => resolve());
      req.end();
    });
  }
}

/**
 * `clients` HTTP clients of `revision`, each calling in a loop for `ms` after all have initialized
 * (2026-07-28: nothing to initialize); calls per second over that window.
 */
export async function httpThroughput(
  url: URL,
  clients: number,
  ms: number,
  call: { name: string; arguments: Record<string, unknown> },
  revision: Revision = 'legacy',
): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  try {
    const wires = await Promise.all(Array.from({ length: clients }, () => HttpWire.start(url, agent, revision)));
    let done = 0;
    const until = performance.now() + ms;
    const started = performance.now();
    await Promise.all(
      wires.map(async (wire) => {
        while (performance.now() < until) {
          await wire.call(call.name, call.arguments);
          done++;
        }
      }),
    );
    const rate = done / ((performance.now() - started) / 1000);
    await Promise.all(wires.map((wire) => wire.close()));
    return rate;
  } finally {
    agent.destroy();
  }
}

/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
