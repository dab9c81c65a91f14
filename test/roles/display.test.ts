// Values are shown by their role: a `secret` never (approvals on every channel, errors, details),
// bulk `content` summarised, a `command` whole.
import { PassThrough } from 'node:stream';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/adapters/mcp/server.js';
import { createMcpElicitationUserChannel } from '../../src/adapters/mcp/user-channel.js';
import {
  approvalText,
  createProgrammaticUserChannel,
  createTerminalUserChannel,
  createToolkit,
  type ApprovalRequest,
} from '../../src/index.js';
import { calls, vaultToolkit } from '../support/vault.js';
import { errorCode, tempDir } from '../support/helpers.js';
import { answerApprovals, linkedClient } from '../support/mcp-memory.js';

const TOKEN = 'tok-7f3a9c1e5b2d4f6a8c0e';
const NEEDLE = 'needle-in-the-tail';
const LONG = `first line of the note\n${'lorem ipsum dolor sit amet\n'.repeat(400)}${NEEDLE}`;

describe('approvals show values by role', () => {
  it('a programmatic host gets the secret only as its marker, and the roles', async () => {
    const seen: ApprovalRequest[] = [];
    const toolkit = vaultToolkit({
      workspace: await tempDir(),
      policy: { rules: [{ provider: 'vault', decision: 'ask' }] },
      user: createProgrammaticUserChannel({
        approve: (call) => {
          seen.push(call);
          return false;
        },
      }),
    });
    await toolkit.invoke('vault', 'vault_login', { user: 'ann', token: TOKEN });
    await toolkit.invoke('vault', 'vault_stash', {
      items: [
        { key: TOKEN, note: 'short note' },
        { key: 'other-secret-value', note: LONG },
      ],
    });
    expect(seen).toHaveLength(2);
    expect(JSON.stringify(seen)).not.toContain(TOKEN);
    expect(JSON.stringify(seen)).not.toContain('other-secret-value');
    expect(seen[0]!.input).toEqual({ user: 'ann', token: `\u27easecret, ${TOKEN.length} chars\u27eb` });
    expect(seen[0]!.roles).toEqual({ token: 'secret' });
    // Content reaches a programmatic host whole (it may render it as it likes); secrets never.
    expect((seen[1]!.input as { items: { note: string }[] }).items[1]!.note).toBe(LONG);
    expect(calls).toEqual([]);
  });

  it('the rendered prompt: secrets marked, long content summarised (size, lines, start), short content and commands whole', () => {
    const shown = approvalText({
      operation: 'vault_stash',
      provider: 'vault',
      kind: 'resource',
      risk: 'low',
      roles: { items: { items: { properties: { key: 'secret', note: 'content' } } } },
      input: {
        items: [
          { key: TOKEN, note: 'short note' },
          { key: '\u27easecret, 5 chars\u27eb', note: LONG },
        ],
      },
    });
    expect(shown.refusal).toBeUndefined();
    expect(shown.text).not.toContain(TOKEN);
    expect(shown.text).not.toContain(NEEDLE);
    expect(shown.text).toContain(`"key": "\u27easecret, ${TOKEN.length} chars\u27eb"`);
    expect(shown.text).toContain('"note": "short note"');
    expect(shown.text).toContain(
      `"note": "\u27eacontent, ${LONG.length} chars, 402 lines; begins: "first line of the note\\nlorem ipsum`,
    );
    // A value that only looks like a marker, in a field without a role, is escaped: markers are always ours.
    const forged = approvalText({
      operation: 'x',
      provider: 'p',
      kind: 'resource',
      risk: 'low',
      roles: { token: 'secret' },
      input: { user: '\u27easecret, 9 chars\u27eb', token: 'abcd' },
    });
    expect(forged.text).toContain('"user": "\\u27easecret, 9 chars\\u27eb"');
    expect(forged.text).toContain('"token": "\u27easecret, 4 chars\u27eb"');
  });

  it('long content no longer makes a write too large to approve; a long command still does', async () => {
    const roles = { file: 'path', body: 'content' } as const;
    const write = approvalText(
      {
        operation: 'vault_write',
        provider: 'vault',
        kind: 'resource',
        risk: 'moderate',
        roles,
        input: { file: 'a.txt', body: 'x'.repeat(200_000) },
      },
      2000,
    );
    expect(write.refusal).toBeUndefined();
    expect(write.text.length).toBeLessThan(2000);
    const run = approvalText(
      {
        operation: 'vault_run',
        provider: 'vault',
        kind: 'resource',
        risk: 'high',
        roles: { line: 'command' },
        input: {
          line: `echo ${Array.from({ length: 5000 }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26))).join('')}; rm -rf x`,
        },
      },
      2000,
    );
    expect(run.refusal).toMatch(/too large to show in full/);
  });

  it('a terminal shows the marker and the summary; the reference write_file summarises its content the same way', async () => {
    const input = Object.assign(new PassThrough(), { isTTY: true });
    const output = new PassThrough();
    let shown = '';
    output.on('data', (chunk: Buffer) => {
      shown += chunk.toString();
    });
    const ws = await tempDir();
    const toolkit = createToolkit({
      workspace: ws,
      policy: { rules: [{ operation: 'write_file', decision: 'ask' }] },
      user: createTerminalUserChannel({ input, output }),
    });
    const running = toolkit.invoke('filesystem', 'write_file', { path: 'n.txt', content: LONG });
    for (let i = 0; i < 400 && !shown.includes('Allow? [y/N]'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(shown).toContain('"path": "n.txt"');
    expect(shown).toContain(`\u27eacontent, ${LONG.length} chars, 402 lines`);
    expect(shown).not.toContain(NEEDLE);
    input.write('y\n');
    expect(errorCode(await running)).toBe('OK');
  });

  it('MCP elicitation never carries the secret', async () => {
    const toolkit = vaultToolkit({
      workspace: await tempDir(),
      policy: { rules: [{ operation: 'vault_login', decision: 'ask' }] },
      user: createMcpElicitationUserChannel(),
    });
    const { client, close } = await linkedClient(await createMcpServer(toolkit), 'test', { elicitation: {} });
    const messages = answerApprovals(client, false);
    try {
      const result = (await client.callTool({
        name: 'vault_login',
        arguments: { user: 'ann', token: TOKEN },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toContain(`\u27easecret, ${TOKEN.length} chars\u27eb`);
      expect(messages[0]).not.toContain(TOKEN);
    } finally {
      await close();
    }
  });
});

describe('errors never echo a secret', () => {
  it('a handler quoting the secret in its message and details, or crashing with it, is scrubbed', async () => {
    const toolkit = vaultToolkit({ workspace: await tempDir() });
    const rejected = await toolkit.invoke('vault', 'vault_login', { user: 'ann', token: `bad-${TOKEN}` });
    expect(rejected.ok).toBe(false);
    expect(JSON.stringify(rejected)).not.toContain(TOKEN);
    expect(rejected.ok === false && rejected.error).toEqual({
      code: 'INVALID_INPUT',
      message: `token \u27easecret, ${TOKEN.length + 4} chars\u27eb was rejected for ann`,
      details: {
        token: `\u27easecret, ${TOKEN.length + 4} chars\u27eb`,
        nested: [{ again: `x\u27easecret, ${TOKEN.length + 4} chars\u27eby` }],
      },
    });
    const crashed = await toolkit.invoke('vault', 'vault_login', { user: 'ann', token: TOKEN });
    expect(crashed.ok === false && crashed.error.code).toBe('INTERNAL');
    expect(JSON.stringify(crashed)).not.toContain(TOKEN);
    expect(crashed.text).toContain('crashed while holding \u27easecret');
  });

  it('secrets nested in arrays are scrubbed too, and so is a failed validation', async () => {
    const toolkit = vaultToolkit({ workspace: await tempDir() });
    const stashed = await toolkit.invoke('vault', 'vault_stash', { items: [{ key: TOKEN }, { key: 'second-secret' }] });
    expect(JSON.stringify(stashed)).not.toContain(TOKEN);
    expect(JSON.stringify(stashed)).not.toContain('second-secret');
    const invalid = await toolkit.invoke('vault', 'vault_login', { user: 'ann', token: TOKEN, extra: TOKEN });
    expect(errorCode(invalid)).toBe('INVALID_INPUT');
    expect(JSON.stringify(invalid)).not.toContain(TOKEN);
  });
});
