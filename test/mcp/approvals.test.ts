// A policy `ask` over MCP: approved runs, a human's no is reported as such, and an ask that no
// human could answer (a client that cancels the prompt, as headless `claude -p` does; one that
// cannot elicit; one whose prompt fails; no channel at all) says so and never reads as "the user
// did not approve it". The prompt travels with the call it is about: on Streamable HTTP, in the
// call's own response stream, and never to another session's client.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, type CallToolResult, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/adapters/mcp/server.js';
import { startMcpHttpServer } from '../../src/adapters/mcp/transports/http.js';
import { createMcpElicitationUserChannel } from '../../src/adapters/mcp/user-channel.js';
import type { UserChannel } from '../../src/runtime/services/user.js';
import { createToolkit } from '../../src/toolkit.js';
import type { ToolkitOptions } from '../../src/runtime/contract/types.js';
import { scaled } from '../support/time.js';

const policy = { rules: [{ operation: 'write_file', decision: 'ask' as const }], default: 'allow' as const };
const NOBODY = 'write_file was not run: it needs approval, and no human could be asked: ';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tw-mcp-approve-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

/** A client answering every approval prompt with `answer` (or failing it when that throws). */
async function session(answer: (() => ElicitResult) | undefined, options: Partial<ToolkitOptions> = {}) {
  const toolkit = createToolkit({ workspace: dir, policy, user: createMcpElicitationUserChannel(), ...options });
  const server = await createMcpServer(toolkit);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities: answer ? { elicitation: {} } : {} });
  let prompts = 0;
  if (answer)
    client.setRequestHandler(ElicitRequestSchema, async () => {
      prompts++;
      return answer();
    });
  await client.connect(clientSide);
  const write = async (name: string) =>
    (await client.callTool({ name: 'write_file', arguments: { path: name, content: 'x' } })) as CallToolResult;
  return {
    write,
    prompts: () => prompts,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

const exists = (name: string) =>
  readFile(join(dir, name)).then(
    () => true,
    () => false,
  );

describe('an ask over MCP elicitation', () => {
  it('runs the call when the human approves', async () => {
    const s = await session(() => ({ action: 'accept', content: { approve: true } }));
    try {
      expect((await s.write('yes.txt')).isError).toBeFalsy();
      expect(await exists('yes.txt')).toBe(true);
    } finally {
      await s.close();
    }
  });

  it('says the user did not approve it when a human said no, whichever way', async () => {
    for (const answer of [{ action: 'accept', content: { approve: false } }, { action: 'decline' }] as ElicitResult[]) {
      const s = await session(() => answer);
      try {
        const refused = await s.write('no.txt');
        expect(textOf(refused), JSON.stringify(answer)).toBe(
          'Error DENIED_BY_POLICY: write_file was not run: the user did not approve it',
        );
        expect(s.prompts()).toBe(1);
      } finally {
        await s.close();
      }
    }
    expect(await exists('no.txt')).toBe(false);
  });

  it('says no human could be asked when the client cancels the prompt (headless claude -p)', async () => {
    const s = await session(() => ({ action: 'cancel' }));
    try {
      const refused = await s.write('no.txt');
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toBe(
        `Error DENIED_BY_POLICY: ${NOBODY}the client cancelled the approval prompt (headless?)`,
      );
      expect(textOf(refused)).not.toContain('did not approve');
      expect(refused._meta?.['toolwright/error']).toMatchObject({ code: 'DENIED_BY_POLICY' });
    } finally {
      await s.close();
    }
    expect(await exists('no.txt')).toBe(false);
  });

  it('says no human could be asked when the prompt fails, the client cannot elicit, or there is no channel', async () => {
    const failing = await session(() => {
      throw new Error('no UI in this mode');
    });
    const cannot = await session(undefined);
    const none = await session(undefined, { user: undefined });
    try {
      const cases: [typeof failing, RegExp][] = [
        [failing, /the client could not show the approval prompt \(.*no UI in this mode/],
        [cannot, /the MCP client cannot elicit/],
        [none, /no user channel is attached/],
      ];
      for (const [s, why] of cases) {
        const text = textOf(await s.write('no.txt'));
        expect(text.startsWith(`Error DENIED_BY_POLICY: ${NOBODY}`), text).toBe(true);
        expect(text).toMatch(why);
        expect(text).not.toContain('did not approve');
      }
    } finally {
      await Promise.all([failing.close(), cannot.close(), none.close()]);
    }
    expect(await exists('no.txt')).toBe(false);
  });
});

describe('the unanswerable answer of any user channel', () => {
  it('is reported as no human asked, with the reason, and nothing in meta claims a refusal by the user', async () => {
    const user: UserChannel = {
      ask: async () => {
        throw new Error('not asked');
      },
      approve: async () => ({ unanswerable: 'the review queue is closed' }),
    };
    const toolkit = createToolkit({ workspace: dir, policy, user });
    const result = await toolkit.invoke('filesystem', 'write_file', { path: 'q.txt', content: 'x' });
    expect(result.ok).toBe(false);
    expect(result.text).toBe(`Error DENIED_BY_POLICY: ${NOBODY}the review queue is closed`);
    expect(result.meta.policy).toMatchObject({ decision: 'deny', rule: 0 });
    expect(result.meta.policy.approved).toBeUndefined();
    expect(await exists('q.txt')).toBe(false);
  });
});

interface SseEvent {
  id?: unknown;
  method?: string;
  params?: Record<string, unknown>;
  result?: CallToolResult;
}

/** POSTs one message in a session and yields the JSON-RPC messages of its SSE answer as they come. */
function postStream(
  url: string,
  headers: Record<string, string>,
  message: unknown,
  onMessage: (event: SseEvent) => void,
): Promise<number> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (res) => {
        let pending = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          pending += chunk;
          for (let at = pending.indexOf('\n\n'); at !== -1; at = pending.indexOf('\n\n')) {
            const data = /^data: (.*)$/m.exec(pending.slice(0, at));
            pending = pending.slice(at + 2);
            if (data) onMessage(JSON.parse(data[1]!) as SseEvent);
          }
        });
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(message));
  });
}

describe('an approval prompt on Streamable HTTP', () => {
  it(
    "travels in the call's own response stream (a client need not hold a GET stream open)",
    { timeout: scaled(30_000) },
    async () => {
      const server = await startMcpHttpServer(({ session }) =>
        createToolkit({ workspace: dir, session, policy, user: createMcpElicitationUserChannel() }),
      );
      try {
        const init: SseEvent[] = [];
        let sessionId = '';
        await new Promise<void>((resolve, reject) => {
          const target = new URL(server.url);
          const req = request(
            {
              host: target.hostname,
              port: target.port,
              path: target.pathname,
              method: 'POST',
              headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
            },
            (res) => {
              sessionId = String(res.headers['mcp-session-id']);
              res.on('data', (chunk: Buffer) => init.push({ method: chunk.toString() }));
              res.on('end', resolve);
            },
          );
          req.on('error', reject);
          req.end(
            JSON.stringify({
              jsonrpc: '2.0',
              id: 1,
              method: 'initialize',
              params: {
                protocolVersion: '2025-06-18',
                capabilities: { elicitation: {} },
                clientInfo: { name: 'raw', version: '1' },
              },
            }),
          );
        });
        const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' };
        await postStream(server.url, headers, { jsonrpc: '2.0', method: 'notifications/initialized' }, () => {});
        const seen: SseEvent[] = [];
        const answered: Promise<number>[] = [];
        const status = await postStream(
          server.url,
          headers,
          {
            jsonrpc: '2.0',
            id: 2,
            method: 'tools/call',
            params: { name: 'write_file', arguments: { path: 'http.txt', content: 'x' } },
          },
          (event) => {
            seen.push(event);
            if (event.method === 'elicitation/create') {
              answered.push(
                postStream(
                  server.url,
                  headers,
                  { jsonrpc: '2.0', id: event.id, result: { action: 'accept', content: { approve: true } } },
                  () => {},
                ),
              );
            }
          },
        );
        expect(status).toBe(200);
        expect(seen.map((e) => e.method ?? `result ${String(e.id)}`)).toEqual(['elicitation/create', 'result 2']);
        expect(String(seen[0]!.params?.message)).toContain('write_file');
        expect(seen[1]!.result?.isError).toBeFalsy();
        await Promise.all(answered);
        expect(await exists('http.txt')).toBe(true);
      } finally {
        await server.close();
      }
    },
  );

  it(
    "never goes to another session's client when a host shares one toolkit between sessions",
    { timeout: scaled(30_000) },
    async () => {
      const toolkit = createToolkit({ workspace: dir, policy, user: createMcpElicitationUserChannel() });
      const server = await startMcpHttpServer(toolkit);
      const prompts: string[] = [];
      const connect = async (name: string) => {
        const client = new Client({ name, version: '1.0.0' }, { capabilities: { elicitation: {} } });
        client.setRequestHandler(ElicitRequestSchema, async () => {
          prompts.push(name);
          return { action: 'accept', content: { approve: true } };
        });
        await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
        return client;
      };
      const first = await connect('first');
      const second = await connect('second');
      try {
        const refused = (await first.callTool({
          name: 'write_file',
          arguments: { path: 'shared.txt', content: 'x' },
        })) as CallToolResult;
        expect(textOf(refused)).toMatch(
          new RegExp(`^Error DENIED_BY_POLICY: ${NOBODY}this user channel is bound to more than one MCP connection`),
        );
        expect(prompts).toEqual([]);
        expect(await exists('shared.txt')).toBe(false);
      } finally {
        await first.close();
        await second.close();
        await server.close();
      }
    },
  );
});
