// Approvals show everything: the whole input reaches the human with nothing that hides
// text (long blank runs, \r, ANSI escapes, bidi overrides, zero-width and other invisible
// characters), or the request is refused as too large to show. Terminal and MCP elicitation alike.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/adapters/mcp/server.js';
import { createMcpElicitationUserChannel } from '../../src/adapters/mcp/user-channel.js';
import { createTerminalUserChannel } from '../../src/runtime/services/user.js';
import { approvalText, visibleJson, visibleText } from '../../src/runtime/services/visible-text.js';
import { createToolkit } from '../../src/index.js';
import { answerApprovals, linkedClient } from '../support/mcp-memory.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tw-approve-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Characters that must never reach the human raw (newline aside, which is layout). */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]|(?! )\p{Zs}/u;
function assertNothingHidden(shown: string): void {
  for (const ch of shown.replace(/\n/g, ''))
    expect(HIDDEN.test(ch), `raw U+${ch.codePointAt(0)!.toString(16)} in ${JSON.stringify(shown.slice(0, 200))}`).toBe(
      false,
    );
}

/** Undoes the run markers, so the shown text can be parsed back: rendering must be lossless. */
function expandRuns(shown: string): string {
  return shown.replace(
    /\u27ea(\d+) × (?:space|"((?:\\u[0-9a-fA-F]{4}|\\.|[^\\]){1,8}?)")\u27eb/gu,
    (_, count: string, unit?: string) => (unit ?? ' ').repeat(Number(count)),
  );
}

/** Commands that try to hide their tail from whoever approves them. */
const ATTACKS: Record<string, string> = {
  'blank run': `echo harmless${' '.repeat(2100)}; touch X`,
  'carriage return': 'touch X\recho harmless                       ',
  'ANSI clear line': 'touch X;\u001b[2K\u001b[1Gecho harmless',
  'ANSI hide text': 'echo harmless \u001b[8m; touch X\u001b[0m',
  'bidi override': 'echo harmless #\u202e X hcuot ;\u202c',
  'bidi isolate': 'echo \u2067; touch X\u2069 harmless',
  'zero-width': `echo harmless${'\u200b'.repeat(3000)}; touch X`,
  'non-breaking blanks': `echo harmless${'\u00a0\u2003\u3000'.repeat(800)}; touch X`,
  'newline flood': `echo harmless${'\n'.repeat(500)}touch X`,
  backspaces: `touch X${'\b'.repeat(7)}echo ok`,
  'tag characters': 'echo harmless \u{E0074}\u{E006F}\u{E0075}\u{E0063}\u{E0068}; touch X',
  'line separator': 'echo harmless\u2028; touch X',
  'combining pile': 'echo harmless; t\u0336\u0336\u0336\u0336ouch X',
  'fake marker': 'echo \u27ea2100 × space\u27eb; touch X',
};

describe('visibleJson / visibleText', () => {
  it('shows every attack with its tail, nothing hidden, and parses back to the input', () => {
    for (const [name, command] of Object.entries(ATTACKS)) {
      const shown = visibleJson({ command });
      assertNothingHidden(shown);
      expect(shown, name).toContain('X');
      expect(shown.length, name).toBeLessThan(2000); // runs are counted, not spelled out
      expect(JSON.parse(expandRuns(shown)), name).toEqual({ command });
    }
    expect(visibleJson({ command: ATTACKS['blank run'] })).toContain('echo harmless\u27ea2100 × space\u27eb; touch X');
    expect(visibleJson({ command: ATTACKS['bidi override'] })).toContain('\\u202e');
    expect(visibleJson({ command: ATTACKS['ANSI clear line'] })).toContain('\\u001b[2K');
    expect(visibleText('line one\nline \u001b[31mtwo\r')).toBe('line one\nline \\u001b[31mtwo\\r');
    expect(visibleText('C:\\u202e')).toBe('C:\\\\u202e'); // a typed backslash-u is not an escape
  });

  it('is lossless and hides nothing for any JSON input (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => {
        const input = { value, text };
        const shown = visibleJson(input);
        assertNothingHidden(shown);
        expect(JSON.parse(expandRuns(shown))).toEqual(JSON.parse(JSON.stringify(input)));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a request too large to show, and never cuts it', () => {
    let seed = 7;
    const noise = Array.from({ length: 30_000 }, () =>
      String.fromCharCode(97 + ((seed = (seed * 48271) % 2147483647) % 26)),
    ).join('');
    const result = approvalText({
      operation: 'bash',
      provider: 'exec',
      kind: 'resource',
      risk: 'high',
      input: { command: noise },
    });
    expect(result.refusal).toMatch(/too large to show in full for approval/);
    expect(
      approvalText({ operation: 'bash', provider: 'exec', kind: 'resource', risk: 'high', input: { command: 'ls' } })
        .refusal,
    ).toBeUndefined();
    // What cannot be rendered is refused too, never approved as a placeholder.
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    for (const input of [
      cycle,
      { n: 10n },
      {
        get command() {
          throw new Error('no peeking');
        },
      },
    ]) {
      expect(
        approvalText({ operation: 'bash', provider: 'exec', kind: 'resource', risk: 'high', input }).refusal,
      ).toMatch(/cannot be shown for approval/);
    }
  });
});

function fakeTerminal() {
  const input = Object.assign(new PassThrough(), { isTTY: true });
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk: Buffer) => {
    shown += chunk.toString();
  });
  return { input, output, shown: () => shown, answer: (line: string) => input.write(line) };
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe('terminal approvals', () => {
  it('shows the whole command of every attack before asking', async () => {
    for (const [name, command] of Object.entries(ATTACKS)) {
      const term = fakeTerminal();
      const channel = createTerminalUserChannel({ input: term.input, output: term.output });
      const approved = channel.approve(
        { id: '1', provider: 'exec', operation: 'bash', kind: 'resource', risk: 'high', input: { command } },
        { signal: new AbortController().signal },
      );
      await waitFor(() => term.shown().includes('Allow? [y/N]'));
      const shown = term.shown().slice(0, term.shown().indexOf('Allow? [y/N]'));
      assertNothingHidden(shown);
      expect(JSON.parse(expandRuns(shown.slice(shown.indexOf('{')))), name).toEqual({ command });
      term.answer('n\n');
      expect(await approved).toBe(false);
    }
  });

  it('through a toolkit: a request too large to show is denied with that reason and does not run', async () => {
    const term = fakeTerminal();
    const toolkit = createToolkit({
      workspace: dir,
      policy: { rules: [{ operation: 'bash', decision: 'ask' }] },
      user: createTerminalUserChannel({ input: term.input, output: term.output, maxApprovalChars: 5000 }),
    });
    // A shell line is shown whole (content would be summarised): one too long to show is refused.
    const noise = Array.from({ length: 6000 }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26))).join('');
    const result = await toolkit.invoke('exec', 'bash', { command: `echo ${noise} > big.txt` });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'DENIED_BY_POLICY', message: expect.stringMatching(/too large to show in full/) },
    });
    expect(term.shown()).toBe(''); // never half-shown
    await expect(readFile(join(dir, 'big.txt'))).rejects.toThrow();
  });

  it('escapes what the model wrote in a question (no terminal control from ask_user)', async () => {
    const term = fakeTerminal();
    const channel = createTerminalUserChannel({ input: term.input, output: term.output });
    const asked = channel.ask(
      { question: 'Pick\u001b[2J\u001b[H one\r', options: [{ label: 'a\u202eb', description: 'x\u0007' }] },
      { signal: new AbortController().signal },
    );
    await waitFor(() => term.shown().includes('Number'));
    assertNothingHidden(term.shown());
    expect(term.shown()).toContain('Pick\\u001b[2J\\u001b[H one\\r');
    expect(term.shown()).toContain('a\\u202eb — x\\u0007');
    term.answer('1\n');
    expect(await asked).toEqual({ answer: 'a\u202eb', selected: ['a\u202eb'] });
  });
});

describe('MCP elicitation approvals', () => {
  async function connect(maxApprovalChars?: number) {
    const toolkit = createToolkit({
      workspace: dir,
      policy: { rules: [{ operation: 'bash', decision: 'ask' }] },
      user: createMcpElicitationUserChannel(maxApprovalChars ? { maxApprovalChars } : {}),
    });
    const linked = await linkedClient(await createMcpServer(toolkit), 'test', { elicitation: {} });
    return { ...linked, messages: answerApprovals(linked.client, true) };
  }

  it('sends the whole input of every attack, visibly, then runs only what was approved', async () => {
    const { client, messages, close } = await connect();
    try {
      for (const [name, attack] of Object.entries(ATTACKS)) {
        // Each line runs in the temporary workspace once approved; its `touch X` is what it hides.
        const command = `${attack.replace(/touch X/g, `touch X${messages.length}`)}`;
        const result = (await client.callTool({ name: 'bash', arguments: { command } })) as CallToolResult;
        expect(result.isError, name).toBeFalsy();
        const message = messages.at(-1)!;
        assertNothingHidden(message);
        expect(message).toMatch(/^Allow bash \(exec, resource, risk high\)\?/);
        expect(JSON.parse(expandRuns(message.slice(message.indexOf('{')))), name).toEqual({ command });
      }
    } finally {
      await close();
    }
  });

  it('refuses, without asking, a request too large to show (was: first 2,000 characters shown)', async () => {
    const { client, messages, close } = await connect(3000);
    try {
      const noise = Array.from({ length: 4000 }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26))).join('');
      const result = (await client.callTool({
        name: 'bash',
        arguments: { command: `echo ${noise} > big.txt; touch X` },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect((result.content as { text: string }[])[0]!.text).toMatch(
        /^Error DENIED_BY_POLICY: .*too large to show in full for approval/,
      );
      expect(messages).toEqual([]);
      await expect(readFile(join(dir, 'big.txt'))).rejects.toThrow();
    } finally {
      await close();
    }
  });
});
