// invoke never throws and never crashes the host, whatever the caller passes.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { invokeByName, type InvokeResult, type Toolkit } from '../../src/index.js';
import { MAX_INPUT_DEPTH, MAX_INPUT_NODES, snapshotInput } from '../../src/runtime/invoke/guard.js';
import { fixtureArgs } from '../support/built-cli.js';
import { workspaceToolkit } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const execFileAsync = promisify(execFile);

/** Awaits the call; a rejection or a synchronous throw fails the test with what escaped. */
async function settle(run: () => Promise<InvokeResult>): Promise<InvokeResult> {
  let result: InvokeResult;
  try {
    result = await run();
  } catch (error) {
    throw new Error(`invoke threw instead of returning a result: ${(error as Error)?.message}`, { cause: error });
  }
  expect(typeof result.text).toBe('string');
  return result;
}

async function codeOf(run: () => Promise<InvokeResult>): Promise<string> {
  const result = await settle(run);
  return result.ok ? 'OK' : result.error.code;
}

function glob(toolkit: Toolkit, input: unknown, options?: unknown) {
  return () => toolkit.invoke('search', 'glob', input, options as never);
}

describe('invoke: names that are not strings', () => {
  it('refuses Symbols, objects whose toString throws, revoked Proxies and numbers as INVALID_INPUT', async () => {
    const { toolkit } = await workspaceToolkit();
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const hostile: unknown[] = [
      Symbol('search'),
      {
        toString() {
          throw new Error('toString');
        },
      },
      {
        [Symbol.toPrimitive]() {
          throw new Error('toPrimitive');
        },
      },
      proxy,
      42,
      null,
      undefined,
    ];
    for (const name of hostile) {
      const asProvider = await settle(() => toolkit.invoke(name as string, 'glob', { pattern: '*' }));
      expect(asProvider.ok).toBe(false);
      expect(!asProvider.ok && asProvider.error.code).toBe('INVALID_INPUT');
      expect(!asProvider.ok && asProvider.error.message).toMatch(/provider name must be a string/);
      expect(await codeOf(() => toolkit.invoke('search', name as string, { pattern: '*' }))).toBe('INVALID_INPUT');
    }
    const provider = toolkit.providers.find((p) => p.name === 'search')!;
    expect(await codeOf(() => provider.invoke(Symbol('glob') as never, {}))).toBe('INVALID_INPUT');
    expect(await codeOf(() => invokeByName(toolkit, Symbol('glob') as never, {}))).toBe('UNKNOWN_OPERATION'); // the adapters' own check
    expect(await codeOf(() => toolkit.invoke('search', 'x'.repeat(100_000), {}))).toBe('UNKNOWN_OPERATION');
  });
});

describe('invoke: inputs that cannot be read as JSON data', () => {
  it('turns throwing getters and Proxy traps into INVALID_INPUT naming the field', async () => {
    const { toolkit } = await workspaceToolkit();
    const traps = ['ownKeys', 'get', 'getOwnPropertyDescriptor', 'has', 'getPrototypeOf'] as const;
    for (const trap of traps) {
      const input = new Proxy(
        { pattern: '*' },
        {
          [trap]() {
            throw new Error(`${trap} trap`);
          },
        },
      );
      const result = await settle(glob(toolkit, input));
      if (trap === 'has' || trap === 'getPrototypeOf') {
        expect(result.ok).toBe(true); // JSON reading never asks these traps
      } else {
        expect(!result.ok && result.error.code).toBe('INVALID_INPUT');
      }
    }
    const getter = await settle(
      glob(toolkit, {
        get pattern() {
          throw new Error('boom');
        },
      }),
    );
    expect(!getter.ok && getter.error.message).toBe('input.pattern could not be read: boom');
    const nested = await settle(() =>
      toolkit.invoke('user', 'ask_user', {
        question: 'q',
        options: [
          {
            // @ts-expect-error a getter that only throws gives no string (and one option is too few: it throws first)
            get label() {
              throw new Error('x');
            },
          },
        ],
      }),
    );
    expect(!nested.ok && nested.error.message).toMatch(/^input\.options\[0\]\.label could not be read/);
    const throwingToJSON = await settle(
      glob(toolkit, {
        pattern: {
          toJSON() {
            throw new Error('toJSON');
          },
        },
      }),
    );
    expect(!throwingToJSON.ok && throwingToJSON.error.code).toBe('INVALID_INPUT');
  });

  it('refuses cycles, functions, symbols and bigints; reads Dates like JSON does', async () => {
    const { toolkit } = await workspaceToolkit();
    const cyclic: Record<string, unknown> = { pattern: '*' };
    cyclic.self = cyclic;
    const arrayCycle: unknown[] = [];
    arrayCycle.push(arrayCycle);
    for (const input of [
      cyclic,
      { pattern: arrayCycle },
      { pattern: () => '*' },
      { pattern: Symbol('x') },
      { pattern: 10n },
    ]) {
      const result = await settle(glob(toolkit, input));
      expect(!result.ok && result.error.code).toBe('INVALID_INPUT');
    }
    expect((await settle(glob(toolkit, cyclic))).text).toMatch(/input\.self refers back to itself/);
    // A value shared twice (not a cycle) is fine.
    const shared = { label: 'a' };
    expect(snapshotInput({ a: shared, b: [shared, shared] })).toEqual({
      a: { label: 'a' },
      b: [{ label: 'a' }, { label: 'a' }],
    });
    expect(snapshotInput({ when: new Date(0), gone: undefined, list: [undefined] })).toEqual({
      when: '1970-01-01T00:00:00.000Z',
      list: [null],
    });
    const proto = snapshotInput(JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses inputs nested deeper or holding more than the bounds, without overflowing the stack', async () => {
    const { toolkit } = await workspaceToolkit();
    let deepObject: unknown = {};
    for (let i = 0; i < 200_000; i++) deepObject = { a: deepObject };
    let deepArray: unknown = [];
    for (let i = 0; i < 200_000; i++) deepArray = [deepArray];
    const wide = new Array(50_000_000); // sparse, so only its length is large
    const many = Array.from({ length: MAX_INPUT_NODES + 10 }, () => 1);
    const manyKeys = Object.fromEntries(Array.from({ length: MAX_INPUT_NODES + 10 }, (_, i) => [`k${i}`, i]));
    for (const input of [
      deepObject,
      { pattern: deepArray },
      { pattern: wide },
      { pattern: many },
      manyKeys,
      { pattern: manyKeys },
    ]) {
      const result = await settle(glob(toolkit, input));
      expect(!result.ok && result.error.code).toBe('INVALID_INPUT');
    }
    let justDeepEnough: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) justDeepEnough = [justDeepEnough];
    expect(() => snapshotInput(justDeepEnough)).not.toThrow();
    expect(() => snapshotInput([justDeepEnough])).toThrow(/deeper than 64/);
  });
});

describe('invoke: options and signals', () => {
  it('accepts options = null or undefined, refuses non-objects and non-AbortSignals', async () => {
    const { toolkit } = await workspaceToolkit();
    expect(await codeOf(glob(toolkit, { pattern: '*' }, null))).toBe('OK');
    expect(await codeOf(glob(toolkit, { pattern: '*' }, undefined))).toBe('OK');
    expect(await codeOf(glob(toolkit, { pattern: '*' }, { signal: null }))).toBe('OK');
    for (const options of [5, 'x', true])
      expect(await codeOf(glob(toolkit, { pattern: '*' }, options))).toBe('INVALID_INPUT');
    const fakes = [
      { aborted: false, addEventListener() {}, removeEventListener() {} },
      Object.create(AbortSignal.prototype),
      new Proxy(new AbortController().signal, {
        get() {
          throw new Error('trap');
        },
      }),
      new EventTarget(),
      'signal',
    ];
    for (const signal of fakes) {
      const result = await settle(glob(toolkit, { pattern: '*' }, { signal }));
      expect(!result.ok && result.error.message).toMatch(/options\.signal must be an AbortSignal/);
    }
    // A transparent Proxy around a real signal is that signal: it still cancels.
    const wrapped = new AbortController();
    wrapped.abort();
    expect(await codeOf(glob(toolkit, { pattern: '*' }, { signal: new Proxy(wrapped.signal, {}) }))).toBe('CANCELLED');
    const getter = await settle(
      glob(
        toolkit,
        { pattern: '*' },
        {
          get signal() {
            throw new Error('nope');
          },
        },
      ),
    );
    expect(!getter.ok && getter.error.message).toBe('options.signal could not be read: nope');
  });

  it('still honours a real signal whose accessors were overridden, and an abort with a hostile reason', async () => {
    const { toolkit } = await workspaceToolkit();
    const controller = new AbortController();
    Object.defineProperty(controller.signal, 'aborted', {
      get() {
        throw new Error('aborted');
      },
    });
    Object.defineProperty(controller.signal, 'reason', {
      get() {
        throw new Error('reason');
      },
    });
    Object.defineProperty(controller.signal, 'addEventListener', {
      value() {
        throw new Error('listen');
      },
    });
    expect(await codeOf(glob(toolkit, { pattern: '*' }, { signal: controller.signal }))).toBe('OK');
    const pending = toolkit.invoke('search', 'grep', { pattern: 'x' }, { signal: controller.signal });
    controller.abort(
      new Proxy(
        {},
        {
          getPrototypeOf() {
            throw new Error('trap');
          },
        },
      ),
    );
    expect(await codeOf(() => pending)).toBe('CANCELLED');
    const already = new AbortController();
    already.abort();
    expect(await codeOf(glob(toolkit, { pattern: '*' }, { signal: already.signal }))).toBe('CANCELLED');
    const timedOut = await settle(glob(toolkit, { pattern: '*' }, { signal: AbortSignal.timeout(0) }));
    await new Promise((r) => setTimeout(r, 20));
    expect(['OK', 'CANCELLED']).toContain(timedOut.ok ? 'OK' : timedOut.error.code);
  });

  it("leaves no listener on the caller's signal once calls finish", async () => {
    const { toolkit } = await workspaceToolkit();
    const controller = new AbortController();
    for (let i = 0; i < 20; i++)
      await toolkit.invoke('search', 'glob', { pattern: '*' }, { signal: controller.signal });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it(
    'no unhandled rejection or uncaught exception escapes, in a process of its own',
    { timeout: scaled(90_000) },
    async () => {
      const { stdout } = await execFileAsync(process.execPath, fixtureArgs('invoke-hostile.ts'), {
        timeout: scaled(60_000),
      });
      const report = JSON.parse(stdout) as { outcomes: Record<string, string>; escaped: string[] };
      expect(report.escaped).toEqual([]);
      expect(report.outcomes).toEqual({
        'signal not an AbortSignal': 'INVALID_INPUT',
        'signal is a string': 'INVALID_INPUT',
        'options Proxy with a throwing get trap': 'INVALID_INPUT',
        'signal getter throws': 'INVALID_INPUT',
        'signal with overridden accessors': 'OK',
        'aborted with a hostile reason': 'CANCELLED',
        'plain signal aborted with a hostile reason': 'CANCELLED',
        'options = null': 'OK',
      });
    },
  );
});
