import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handlers } from '../../src/handlers/index.js';
import {
  createProgrammaticUserChannel,
  createScriptedUserChannel,
  createTerminalUserChannel,
  createToolkit,
  ToolError,
} from '../../src/index.js';
import type { UserQuestion } from '../../src/index.js';
import { normalizeAnswer, parseChoice } from '../../src/runtime/services/user.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'tw-user-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(root, { recursive: true, force: true });
});

const never = new AbortController().signal;
const db: UserQuestion = {
  question: 'Which database?',
  options: [{ label: 'PostgreSQL', description: 'relational' }, { label: 'SQLite' }],
};
const platforms: UserQuestion = {
  question: 'Which platforms?',
  options: [{ label: 'Linux' }, { label: 'macOS' }, { label: 'Windows' }],
  multi_select: true,
};

async function rejection(promise: Promise<unknown>): Promise<ToolError> {
  const error = await promise.then(
    () => undefined,
    (e) => e,
  );
  expect(error, 'expected a rejection').toBeInstanceOf(ToolError);
  return error as ToolError;
}

describe('normalizeAnswer and parseChoice', () => {
  it('a string naming an option selects it (any case); other strings are free text', () => {
    expect(normalizeAnswer(db, 'sqlite')).toEqual({ answer: 'SQLite', selected: ['SQLite'] });
    expect(normalizeAnswer(db, 'MySQL please')).toEqual({ answer: 'MySQL please', selected: [] });
    expect(normalizeAnswer({ question: 'Port?' }, '8080')).toEqual({ answer: '8080', selected: [] });
  });

  it('label lists: several only for multi-select, unknown labels refused, duplicates merged', () => {
    expect(normalizeAnswer(platforms, ['Linux', 'macos', 'Linux'])).toEqual({
      answer: 'Linux, macOS',
      selected: ['Linux', 'macOS'],
    });
    expect(() => normalizeAnswer(db, ['PostgreSQL', 'SQLite'])).toThrow(/allows one option/);
    expect(() => normalizeAnswer(db, ['Oracle'])).toThrow(/"Oracle" is not one of the options/);
  });

  it('null or undefined is a dismissal (CANCELLED)', () => {
    expect(() => normalizeAnswer(db, null)).toThrow(expect.objectContaining({ code: 'CANCELLED' }));
    expect(() => normalizeAnswer(db, undefined)).toThrow(expect.objectContaining({ code: 'CANCELLED' }));
  });

  it('parses typed numbers', () => {
    expect(parseChoice('2', 3, false)).toEqual([1]);
    expect(parseChoice(' 1, 3 ', 3, true)).toEqual([0, 2]);
    expect(parseChoice('1 3', 3, true)).toEqual([0, 2]);
    expect(parseChoice('1,3', 3, false)).toBe('invalid');
    expect(parseChoice('4', 3, false)).toBe('invalid');
    expect(parseChoice('0', 3, false)).toBe('invalid');
    expect(parseChoice('2 apples', 3, false)).toBeUndefined();
    expect(parseChoice('2', 0, false)).toBeUndefined();
  });
});

describe('programmatic user channel', () => {
  it('passes the question and the signal to the host and normalizes the reply', async () => {
    const answer = vi.fn(async (_q: UserQuestion, _o: { signal: AbortSignal }) => ['Windows', 'Linux']);
    const channel = createProgrammaticUserChannel({ answer });
    expect(await channel.ask(platforms, { signal: never })).toEqual({
      answer: 'Windows, Linux',
      selected: ['Windows', 'Linux'],
    });
    expect(answer.mock.calls[0]![0]).toBe(platforms);
    expect(answer.mock.calls[0]![1]).toMatchObject({ signal: expect.any(AbortSignal) });
  });

  it('dismissal → CANCELLED, no answer in time → TIMEOUT, caller abort → CANCELLED', async () => {
    expect(
      (await rejection(createProgrammaticUserChannel({ answer: () => null }).ask(db, { signal: never }))).code,
    ).toBe('CANCELLED');
    let hostSignal: AbortSignal | undefined;
    const slow = createProgrammaticUserChannel({
      answer: (_q, { signal }) => {
        hostSignal = signal;
        return new Promise(() => {});
      },
      timeoutMs: 40,
    });
    const timeout = await rejection(slow.ask(db, { signal: never }));
    expect(timeout.code).toBe('TIMEOUT');
    expect(hostSignal?.aborted).toBe(true); // the host is told to stop waiting
    const controller = new AbortController();
    const pending = createProgrammaticUserChannel({ answer: () => new Promise(() => {}) }).ask(db, {
      signal: controller.signal,
    });
    controller.abort();
    expect((await rejection(pending)).code).toBe('CANCELLED');
  });

  it('without an answer callback asking is UNAVAILABLE; without approve every approval is refused', async () => {
    const channel = createProgrammaticUserChannel({});
    expect((await rejection(channel.ask(db, { signal: never }))).code).toBe('UNAVAILABLE');
    expect(
      await channel.approve(
        { id: 'x', provider: 'exec', operation: 'bash', kind: 'resource', risk: 'high', input: {} },
        { signal: never },
      ),
    ).toBe(false);
  });

  it('scripted channel replays answers in order, then dismisses', async () => {
    const channel = createScriptedUserChannel({ answers: ['SQLite', 'free words'], approve: true });
    expect((await channel.ask(db, { signal: never })).selected).toEqual(['SQLite']);
    expect((await channel.ask(db, { signal: never })).answer).toBe('free words');
    expect((await rejection(channel.ask(db, { signal: never }))).code).toBe('CANCELLED');
    expect(
      await channel.approve(
        { id: 'x', provider: 'p', operation: 'o', kind: 'resource', risk: 'low', input: {} },
        { signal: never },
      ),
    ).toBe(true);
  });
});

/** A fake terminal: a stream that claims to be a TTY, and a transcript of what was shown. */
function fakeTerminal(isTTY = true) {
  const input = Object.assign(new PassThrough(), { isTTY });
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk) => {
    shown += chunk;
  });
  /** Types `line` once the prompt containing `waitFor` has been shown. */
  const type = async (line: string, waitFor: string, occurrence = 1) => {
    for (let i = 0; i < 400 && shown.split(waitFor).length - 1 < occurrence; i++)
      await new Promise((r) => setTimeout(r, 5));
    input.write(line);
  };
  return { input, output, type, shown: () => shown };
}

describe('terminal user channel', () => {
  it('shows numbered options and takes a number', async () => {
    const term = fakeTerminal();
    const channel = createTerminalUserChannel({ input: term.input, output: term.output });
    const asking = channel.ask(db, { signal: never });
    await term.type('2\n', 'Number, or type');
    expect(await asking).toEqual({ answer: 'SQLite', selected: ['SQLite'] });
    expect(term.shown()).toContain('? Which database?\n  1. PostgreSQL — relational\n  2. SQLite\n');
  });

  it('takes several numbers for a multi-select, or free text', async () => {
    const term = fakeTerminal();
    const channel = createTerminalUserChannel({ input: term.input, output: term.output });
    const multi = channel.ask(platforms, { signal: never });
    await term.type('3, 1\n', 'Numbers separated by commas');
    expect(await multi).toEqual({ answer: 'Windows, Linux', selected: ['Windows', 'Linux'] });
    const free = channel.ask(db, { signal: never });
    await term.type('whatever the team uses\n', 'Number, or type');
    expect(await free).toEqual({ answer: 'whatever the team uses', selected: [] });
  });

  it('a line break in an option label or description is shown escaped: no option line of its own', async () => {
    const term = fakeTerminal();
    const channel = createTerminalUserChannel({ input: term.input, output: term.output });
    const question = {
      question: 'Delete?',
      options: [
        { label: 'Yes, delete only build/' },
        { label: 'Delete the whole repo\n  2. No, keep everything', description: 'x\r\n  3. Ask later\u2028y' },
      ],
    };
    const asking = channel.ask(question, { signal: never });
    await term.type('2\n', 'Number, or type');
    await asking;
    const lines = term.shown().split('\n');
    expect(lines.filter((line) => /^\s*2\. /.test(line))).toHaveLength(1);
    expect(lines.filter((line) => /^\s*3\. /.test(line))).toHaveLength(0);
    expect(term.shown()).toContain(
      '2. Delete the whole repo\\n  2. No, keep everything — x\\r\\n  3. Ask later\\u2028y',
    );
  });

  it('asks again after an out-of-range number', async () => {
    const term = fakeTerminal();
    const channel = createTerminalUserChannel({ input: term.input, output: term.output });
    const asking = channel.ask(db, { signal: never });
    await term.type('7\n', 'Number, or type');
    await term.type('1\n', 'Number, or type', 2);
    expect((await asking).selected).toEqual(['PostgreSQL']);
    expect(term.shown()).toContain('Please choose between 1 and 2');
  });

  it('an empty line or the end of input dismisses the question (CANCELLED)', async () => {
    const term = fakeTerminal();
    const channel = createTerminalUserChannel({ input: term.input, output: term.output });
    const empty = channel.ask({ question: 'Name?' }, { signal: never });
    await term.type('\n', 'Your answer');
    expect((await rejection(empty)).code).toBe('CANCELLED');
    const eof = channel.ask({ question: 'Name?' }, { signal: never });
    await term.type('', 'Your answer', 2);
    term.input.end();
    expect((await rejection(eof)).code).toBe('CANCELLED');
  });

  it('an unanswered question times out (TIMEOUT)', async () => {
    const term = fakeTerminal();
    const channel = createTerminalUserChannel({ input: term.input, output: term.output, timeoutMs: 50 });
    const error = await rejection(channel.ask(db, { signal: never }));
    expect(error.code).toBe('TIMEOUT');
  });

  it('without a TTY asking is UNAVAILABLE and approving is refused as DENIED_BY_POLICY', async () => {
    const term = fakeTerminal(false);
    const channel = createTerminalUserChannel({ input: term.input, output: term.output });
    expect((await rejection(channel.ask(db, { signal: never }))).code).toBe('UNAVAILABLE');
    const call = {
      id: 'x',
      provider: 'exec',
      operation: 'bash',
      kind: 'resource',
      risk: 'high',
      input: { command: 'ls' },
    };
    expect((await rejection(channel.approve(call, { signal: never }))).code).toBe('DENIED_BY_POLICY');
    expect(term.shown()).toBe('');
  });

  it('approval: y allows, anything else refuses, and the call is shown', async () => {
    const term = fakeTerminal();
    const channel = createTerminalUserChannel({ input: term.input, output: term.output });
    const call = {
      id: 'x',
      provider: 'exec',
      operation: 'bash',
      kind: 'resource',
      risk: 'high',
      input: { command: 'rm -rf build' },
    };
    const first = channel.approve(call, { signal: never });
    await term.type('y\n', 'Allow? [y/N]');
    expect(await first).toBe(true);
    const second = channel.approve(call, { signal: never });
    await term.type('\n', 'Allow? [y/N]', 2);
    expect(await second).toBe(false);
    expect(term.shown()).toContain('Allow bash (exec, resource, risk high)?\n');
    expect(term.shown()).toContain('{\n  "command": "rm -rf build"\n}');
  });

  it('ask_user through a toolkit with a terminal channel', async () => {
    const term = fakeTerminal();
    const toolkit = createToolkit({
      workspace: root,
      user: createTerminalUserChannel({ input: term.input, output: term.output }),
    });
    const pending = toolkit.invoke('user', 'ask_user', {
      question: 'Which database?',
      options: [{ label: 'PostgreSQL' }, { label: 'SQLite' }],
    });
    await term.type('1\n', 'Number, or type');
    const result = await pending;
    expect(result.ok && result.output).toEqual({ answer: 'PostgreSQL', selected: ['PostgreSQL'] });
    expect(result.text).toBe('The user chose: PostgreSQL');
  });
});

describe('ask_user', () => {
  const ask = (answer: Parameters<typeof createProgrammaticUserChannel>[0]) =>
    createToolkit({ workspace: root, user: createProgrammaticUserChannel(answer) });

  it('returns the answer and the selected labels', async () => {
    const received: UserQuestion[] = [];
    const toolkit = ask({
      answer: (q) => {
        received.push(q);
        return ['Linux', 'macOS'];
      },
    });
    const result = await toolkit.invoke('user', 'ask_user', {
      question: 'Which platforms?',
      options: [{ label: 'Linux' }, { label: 'macOS', description: 'Apple' }, { label: 'Windows' }],
      multi_select: true,
    });
    expect(result.ok && result.output).toEqual({ answer: 'Linux, macOS', selected: ['Linux', 'macOS'] });
    expect(received[0]).toEqual({
      question: 'Which platforms?',
      options: [{ label: 'Linux' }, { label: 'macOS', description: 'Apple' }, { label: 'Windows' }],
      multi_select: true,
    });
    const op = toolkit.find('ask_user')!;
    expect(op.validateResult(result.ok ? result.output : null)).toBe(true);
  });

  it('free text, with or without options', async () => {
    const result = await ask({ answer: () => 'Use port 8080' }).invoke('user', 'ask_user', { question: 'Port?' });
    expect(result.ok && result.output).toEqual({ answer: 'Use port 8080', selected: [] });
    expect(result.text).toBe('The user answered: Use port 8080');
  });

  it('dismissal → CANCELLED, timeout → TIMEOUT, no channel → UNAVAILABLE', async () => {
    const dismissed = await ask({ answer: () => null }).invoke('user', 'ask_user', { question: 'Q?' });
    expect(!dismissed.ok && dismissed.error.code).toBe('CANCELLED');
    expect(dismissed.text).toContain('dismissed');
    const timedOut = await ask({ answer: () => new Promise(() => {}), timeoutMs: 40 }).invoke('user', 'ask_user', {
      question: 'Q?',
    });
    expect(!timedOut.ok && timedOut.error.code).toBe('TIMEOUT');
    const none = await createToolkit({ workspace: root }).invoke('user', 'ask_user', { question: 'Q?' });
    expect(!none.ok && none.error.code).toBe('UNAVAILABLE');
  });

  it('the caller aborting while the user thinks → CANCELLED, and the host hears of it', async () => {
    let hostSignal: AbortSignal | undefined;
    const toolkit = ask({
      answer: (_q, { signal }) => {
        hostSignal = signal;
        return new Promise(() => {});
      },
    });
    const controller = new AbortController();
    const pending = toolkit.invoke('user', 'ask_user', { question: 'Q?' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const result = await pending;
    expect(!result.ok && result.error.code).toBe('CANCELLED');
    expect(hostSignal?.aborted).toBe(true);
  });

  it('a channel answering with a label that is not offered is INTERNAL, naming the label', async () => {
    const custom = createToolkit({
      workspace: root,
      user: { ask: async () => ({ answer: 'x', selected: ['Oracle'] }), approve: async () => false },
    });
    const result = await custom.invoke('user', 'ask_user', {
      question: 'Which?',
      options: [{ label: 'A' }, { label: 'B' }],
    });
    expect(!result.ok && result.error.code).toBe('INTERNAL');
    expect(result.text).toContain('"Oracle" is not one of the options');
  });

  it('refuses bad questions before asking anyone', async () => {
    const answer = vi.fn(() => 'x');
    const toolkit = ask({ answer });
    const dup = await toolkit.invoke('user', 'ask_user', {
      question: 'Q?',
      options: [{ label: 'Yes' }, { label: ' yes' }],
    });
    expect(!dup.ok && dup.error.code).toBe('INVALID_INPUT');
    expect(dup.text).toContain('options[0] and options[1]');
    const multi = await toolkit.invoke('user', 'ask_user', { question: 'Q?', multi_select: true });
    expect(!multi.ok && multi.error.code).toBe('INVALID_INPUT');
    // @ts-expect-error a question with options offers at least two
    const one = await toolkit.invoke('user', 'ask_user', { question: 'Q?', options: [{ label: 'only' }] });
    expect(!one.ok && one.error.code).toBe('INVALID_INPUT');
    expect(answer).not.toHaveBeenCalled();
  });

  it('the readOnly preset denies ask_user (interactive) without reaching the handler', async () => {
    const spy = vi.spyOn(handlers.user, 'ask_user');
    const toolkit = createToolkit({
      workspace: root,
      policy: 'readOnly',
      user: createScriptedUserChannel({ answers: ['x'] }),
    });
    const result = await toolkit.invoke('user', 'ask_user', { question: 'Q?' });
    expect(!result.ok && result.error.code).toBe('DENIED_BY_POLICY');
    expect(spy).not.toHaveBeenCalled();
  });
});
