// Stateless MCP over HTTP: one toolkit serves every request, and requests of different clients
// see nothing of each other's: not their answers (same JSON-RPC ids, at once), not their
// cancellations, not what a client declared at initialize (elicitation), not their progress
// tokens, not which files were read. What they share is documented: the task list.
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startMcpHttpServer,
  type RunningHttpServer,
  type ToolkitScope,
} from '../../src/adapters/mcp/transports/http.js';
import { StatelessSession } from '../../src/adapters/mcp/transports/http-stateless.js';
import { createMcpElicitationUserChannel } from '../../src/adapters/mcp/user-channel.js';
import { createToolkit } from '../../src/index.js';
import type { ToolkitOf, ToolkitOptions } from '../../src/runtime/contract/types.js';
import { mcpRequest } from '../support/mcp-http.js';
import { scaled } from '../support/time.js';

let dir: string;
let running: RunningHttpServer | undefined;
let scopes: ToolkitScope[];
let made: ToolkitOf[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tw-mcp-stateless-'));
  scopes = [];
  made = [];
});
afterEach(async () => {
  await running?.close();
  running = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function serve(options: Omit<ToolkitOptions, 'workspace' | 'session'> = {}): Promise<RunningHttpServer> {
  running = await startMcpHttpServer(
    (scope) => {
      scopes.push(scope);
      const toolkit = createToolkit({ ...options, workspace: dir, session: scope.session });
      made.push(toolkit);
      return toolkit;
    },
    { stateless: true },
  );
  return running;
}

interface Reply {
  status: number;
  json:
    | {
        id?: unknown;
        result?: {
          content?: { text: string }[];
          structuredContent?: Record<string, unknown>;
          isError?: boolean;
          tools?: { name: string }[];
        };
        error?: { message: string };
      }
    | undefined;
  body: string;
}

async function post(url: string, message: unknown): Promise<Reply> {
  const { status, body } = await mcpRequest(url, 'POST', { 'mcp-protocol-version': '2025-06-18' }, message);
  return { status, json: body ? (JSON.parse(body) as Reply['json']) : undefined, body };
}

const call = (id: number | string, name: string, args: Record<string, unknown>, meta?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) },
});
const initialize = (name: string, capabilities: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities, clientInfo: { name, version: '1' } },
});
const textOf = (reply: Reply) => (reply.json?.result?.content ?? []).map((c) => c.text).join('');

describe('stateless requests share one toolkit and nothing else', () => {
  it('builds the toolkit once, with a session that remembers nothing, and closes it with the server', async () => {
    const server = await serve();
    await writeFile(join(dir, 'a.txt'), 'alpha\n');
    for (let i = 0; i < 5; i++)
      expect(textOf(await post(server.url, call(i, 'read_file', { path: 'a.txt' })))).toContain('alpha');
    expect(made).toHaveLength(1);
    expect(scopes).toEqual([{ session: expect.any(StatelessSession), stateless: true }]);
    let closed = false;
    made[0]!.onClose(() => {
      closed = true;
    });
    await server.close();
    running = undefined;
    expect(closed).toBe(true);
  });

  it('answers concurrent requests that reuse the same JSON-RPC id each with its own result', async () => {
    const server = await serve();
    const count = 24;
    for (let i = 0; i < count; i++) await writeFile(join(dir, `f${i}.txt`), `content of file ${i}\n`);
    const replies = await Promise.all(
      Array.from({ length: count }, (_, i) => post(server.url, call(1, 'read_file', { path: `f${i}.txt` }))),
    );
    replies.forEach((reply, i) => {
      expect(reply.json?.id).toBe(1);
      expect(reply.json?.result?.structuredContent).toMatchObject({
        path: `f${i}.txt`,
        content: expect.stringContaining(`content of file ${i}`),
      });
      expect(reply.body.match(/content of file \d+/g)).toEqual([`content of file ${i}`, `content of file ${i}`]);
    });
  });

  it(
    "never lets one client cancel another client's call that has the same id",
    { timeout: scaled(30_000) },
    async () => {
      const server = await serve();
      if (!made.length) await post(server.url, { jsonrpc: '2.0', id: 0, method: 'ping' });
      if (!made[0]!.find('bash')) return;
      const slow = post(server.url, call(7, 'bash', { command: 'sleep 0.8; echo finished-first-client' }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const cancel = await post(server.url, {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 7, reason: 'another client' },
      });
      expect(cancel.status).toBe(202);
      const reply = await slow;
      expect(reply.json?.result?.isError, reply.body).toBeFalsy();
      expect(textOf(reply)).toContain('finished-first-client');
    },
  );

  it('keeps what one client declared at initialize from every other request: no elicitation, ever', async () => {
    const policy = { rules: [{ operation: 'write_file', decision: 'ask' as const }], default: 'allow' as const };
    running = await startMcpHttpServer(
      ({ session }) => createToolkit({ workspace: dir, session, policy, user: createMcpElicitationUserChannel() }),
      { stateless: true },
    );
    // A client that can elicit says so; its later requests, and another client's, land on new servers.
    expect((await post(running.url, initialize('can-elicit', { elicitation: {} }))).status).toBe(200);
    const listed = await post(running.url, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(listed.json?.result?.tools?.map((t) => t.name)).not.toContain('ask_user');
    const refused = await post(running.url, call(3, 'write_file', { path: 'w.txt', content: 'x' }));
    expect(refused.json?.result?.isError).toBe(true);
    expect(textOf(refused)).toMatch(
      /^Error DENIED_BY_POLICY: write_file was not run: it needs approval, and no human could be asked: .*stateless/,
    );
    expect(textOf(refused)).not.toContain('did not approve');
    await expect(readFile(join(dir, 'w.txt'))).rejects.toThrow();
  });

  it("applies no client's quirks to another request: a text-only client initializing while others call changes no answer", async () => {
    const server = await serve();
    await writeFile(join(dir, 'q.txt'), 'quirk check\n');
    // claude-code is in the default quirk table (text only); interleaved with calls from anyone.
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 3 === 0
          ? post(server.url, initialize('claude-code'))
          : post(server.url, call(i, 'read_file', { path: 'q.txt' })),
      ),
    );
    replies.forEach((reply, i) => {
      if (i % 3 === 0) expect(reply.json?.result, reply.body).toMatchObject({ serverInfo: { name: 'toolwright' } });
      else
        expect(reply.json?.result?.structuredContent, reply.body).toMatchObject({
          path: 'q.txt',
          content: expect.stringContaining('quirk check'),
        });
    });
    // The same after: what a client said at initialize stays with that request.
    const after = await post(server.url, call(99, 'read_file', { path: 'q.txt' }));
    expect(after.json?.result?.structuredContent).toMatchObject({
      path: 'q.txt',
      content: expect.stringContaining('quirk check'),
    });
  });

  it("keeps one request's protocol settings from the next: a logging level set by one client is answered and stays with that request", async () => {
    const server = await serve();
    const set = await post(server.url, {
      jsonrpc: '2.0',
      id: 5,
      method: 'logging/setLevel',
      params: { level: 'debug' },
    });
    // The server declares logging, so the level is accepted; it belongs to that request's server.
    expect(set.json?.result, set.body).toEqual({});
    const next = await post(server.url, { jsonrpc: '2.0', id: 6, method: 'tools/list' });
    expect(next.json?.result?.tools?.map((t) => t.name)).toContain('read_file');
  });

  it('answers each request of a progress token on its own, with nothing of the other request in it', async () => {
    const server = await serve();
    await writeFile(join(dir, 'a.txt'), 'file a\n');
    await writeFile(join(dir, 'b.txt'), 'file b\n');
    const [a, b] = await Promise.all([
      post(server.url, call(5, 'read_file', { path: 'a.txt' }, { progressToken: 'token-a' })),
      post(server.url, call(5, 'read_file', { path: 'b.txt' }, { progressToken: 'token-b' })),
    ]);
    // One JSON-RPC response per POST (no event stream, no notification of either token in it).
    for (const [reply, own, other] of [
      [a, 'file a', 'file b'],
      [b, 'file b', 'file a'],
    ] as const) {
      expect(reply.json?.id).toBe(5);
      expect(reply.body).toContain(own);
      expect(reply.body).not.toContain(other);
      expect(reply.body).not.toContain('token-');
    }
  });

  it("remembers no read for another request: a file read by one client and changed since does not refuse another's edit", async () => {
    const server = await serve();
    await writeFile(join(dir, 'shared.txt'), 'one\ntwo\n');
    expect(textOf(await post(server.url, call(1, 'read_file', { path: 'shared.txt' })))).toContain('one');
    await appendFile(join(dir, 'shared.txt'), 'three\n'); // a formatter, another agent
    const edit = await post(server.url, call(2, 'edit_file', { path: 'shared.txt', old_str: 'two', new_str: 'TWO' }));
    expect(edit.json?.result?.isError, edit.body).toBeFalsy();
    expect(await readFile(join(dir, 'shared.txt'), 'utf8')).toBe('one\nTWO\nthree\n');
  });

  it('shares the task list between requests, as documented', async () => {
    const server = await serve();
    const created = await post(server.url, call(1, 'task_create', { title: 'written by one request' }));
    expect(created.json?.result?.isError, created.body).toBeFalsy();
    const listed = await post(server.url, call(2, 'task_list', {}));
    expect(listed.json?.result?.structuredContent).toMatchObject({ tasks: [{ title: 'written by one request' }] });
  });
});

describe('a toolkit factory that fails', () => {
  it('fails the request that needed it and is tried again on the next one', async () => {
    let calls = 0;
    running = await startMcpHttpServer(
      ({ session }) => {
        calls++;
        if (calls === 1) throw new Error('store not reachable yet');
        return createToolkit({ workspace: dir, session });
      },
      { stateless: true },
    );
    const first = await post(running.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(first.status).toBe(500);
    expect(first.body).toContain('store not reachable yet');
    const second = await post(running.url, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(second.json?.result?.tools?.map((t) => t.name)).toContain('read_file');
    expect(calls).toBe(2);
  });
});
