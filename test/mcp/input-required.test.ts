// Approvals and ask_user for 2026-07-28 clients as input_required rounds: the call stops where it
// would ask, the client answers and sends it again, and only an answer to the very text its user
// saw lets it run. A 2025-11-25 client on the same server still gets elicitation requests.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { StreamableHTTPClientTransport as ModernHttp } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMcpHttpServer, type RunningHttpServer } from '../../src/adapters/mcp/transports/http.js';
import { createMcpElicitationUserChannel } from '../../src/adapters/mcp/user-channel.js';
import { createToolkit } from '../../src/toolkit.js';
import { scaled } from '../support/time.js';
import { seededWorkspace, textOf } from './mcp-exercise.js';
import { modernClient, rawModern } from '../support/mcp-modern.js';

const policy = { rules: [{ operation: 'write_file', decision: 'ask' as const }], default: 'allow' as const };
const ELICIT = { elicitation: { form: {} } };

let dir: string;
let server: RunningHttpServer;
beforeEach(async () => {
  dir = await seededWorkspace();
  server = await startMcpHttpServer(({ session }) =>
    createToolkit({ workspace: dir, session, policy, user: createMcpElicitationUserChannel() }),
  );
});
afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const exists = (name: string) =>
  readFile(join(dir, name), 'utf8').then(
    () => true,
    () => false,
  );

describe('approvals as input_required rounds (2026-07-28)', () => {
  it('the SDK v2 client answers the round: approved runs, refused does not', { timeout: scaled(60_000) }, async () => {
    let answer = true;
    const prompts: string[] = [];
    const client = await modernClient(new ModernHttp(new URL(server.url)), { elicitation: true });
    client.setRequestHandler('elicitation/create', async (request) => {
      prompts.push(String((request.params as { message?: unknown }).message));
      return { action: 'accept', content: { approve: answer } };
    });
    try {
      const approved = await client.callTool({
        name: 'write_file',
        arguments: { path: 'yes.txt', content: 'ok\u202e' },
      });
      expect(approved.isError, textOf(approved as CallToolResult)).toBeFalsy();
      expect(await exists('yes.txt')).toBe(true);
      expect(prompts).toHaveLength(1);
      expect(prompts[0]).toContain('yes.txt');
      expect(prompts[0]).not.toContain('\u202e'); // hidden characters shown escaped
      answer = false;
      const refused = (await client.callTool({
        name: 'write_file',
        arguments: { path: 'no.txt', content: 'x' },
      })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/^Error DENIED_BY_POLICY/);
      expect(await exists('no.txt')).toBe(false);
    } finally {
      await client.close();
    }
  });

  it('an answer counts only for the text it was given for', { timeout: scaled(60_000) }, async () => {
    const first = await rawModern(
      server.url,
      'tools/call',
      { name: 'write_file', arguments: { path: 'a1.txt', content: 'one' } },
      { capabilities: ELICIT },
    );
    expect(first.result.resultType).toBe('input_required');
    const keys = Object.keys(first.result.inputRequests);
    expect(keys).toHaveLength(1);
    const key = keys[0]!;
    expect(first.result.inputRequests[key]).toMatchObject({ method: 'elicitation/create', params: { mode: 'form' } });
    expect(await exists('a1.txt')).toBe(false);
    // The approval of a1.txt's write, sent with another write: that one is asked about, not run.
    const other = await rawModern(
      server.url,
      'tools/call',
      {
        name: 'write_file',
        arguments: { path: 'a2.txt', content: 'two' },
        inputResponses: { [key]: { action: 'accept', content: { approve: true } } },
      },
      { capabilities: ELICIT },
    );
    expect(other.result.resultType).toBe('input_required');
    expect(Object.keys(other.result.inputRequests)).not.toContain(key);
    expect(await exists('a2.txt')).toBe(false);
    // A made-up key, or a malformed answer, is no answer either.
    for (const inputResponses of [
      { 'approve-0000': { action: 'accept', content: { approve: true } } },
      { [key]: 'yes' },
      { [key]: { action: 'accept', content: { approve: 'true' } } },
    ]) {
      const forged = await rawModern(
        server.url,
        'tools/call',
        { name: 'write_file', arguments: { path: 'a1.txt', content: 'one' }, inputResponses },
        { capabilities: ELICIT },
      );
      if (forged.result.resultType === 'input_required') continue;
      expect(forged.result.isError).toBe(true);
    }
    expect(await exists('a1.txt')).toBe(false);
    // The answer to its own question runs it, on any request (nothing was kept between rounds).
    const again = await rawModern(
      server.url,
      'tools/call',
      {
        name: 'write_file',
        arguments: { path: 'a1.txt', content: 'one' },
        inputResponses: { [key]: { action: 'accept', content: { approve: true } } },
      },
      { capabilities: ELICIT },
    );
    expect(again.result.isError, JSON.stringify(again.result)).toBeFalsy();
    expect(await exists('a1.txt')).toBe(true);
  });

  it(
    'a client without elicitation is refused, saying no human could be asked',
    { timeout: scaled(60_000) },
    async () => {
      const reply = await rawModern(server.url, 'tools/call', {
        name: 'write_file',
        arguments: { path: 'b.txt', content: 'x' },
      });
      expect(reply.result.isError).toBe(true);
      expect(reply.result.content[0].text).toMatch(/no human could be asked/);
      expect(await exists('b.txt')).toBe(false);
    },
  );

  it(
    'ask_user is listed only to a client that declares elicitation, and asks in a round',
    { timeout: scaled(60_000) },
    async () => {
      const without = await rawModern(server.url, 'tools/list', {});
      expect(without.result.tools.map((t: { name: string }) => t.name)).not.toContain('ask_user');
      const withIt = await rawModern(server.url, 'tools/list', {}, { capabilities: ELICIT });
      expect(withIt.result.tools.map((t: { name: string }) => t.name)).toContain('ask_user');
      const client = await modernClient(new ModernHttp(new URL(server.url)), { elicitation: true });
      client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { answer: 'blue' } }));
      try {
        const asked = (await client.callTool({
          name: 'ask_user',
          arguments: { question: 'Which colour?', options: [{ label: 'blue' }, { label: 'red' }] },
        })) as CallToolResult;
        expect(asked.isError, textOf(asked)).toBeFalsy();
        expect(asked.structuredContent).toMatchObject({ answer: 'blue', selected: ['blue'] });
      } finally {
        await client.close();
      }
    },
  );

  it('a 2025-11-25 client on the same server is still asked by elicitation', { timeout: scaled(60_000) }, async () => {
    const client = new Client({ name: 'legacy', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { approve: true } }));
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    try {
      const result = (await client.callTool({
        name: 'write_file',
        arguments: { path: 'c.txt', content: 'x' },
      })) as CallToolResult;
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(await exists('c.txt')).toBe(true);
    } finally {
      await client.close();
    }
  });
});
