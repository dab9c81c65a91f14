// Each step of a call (resolveOperation, checkProfile, validateInput, admit, runHandler,
// checkOutput, render) ends a failing call with its own code and message, reports the policy's
// decision as far as the call got, and stops the steps after it (the handler never runs for a
// call refused before it).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createToolkit,
  defineProviders,
  ToolError,
  withText,
  type AnyOperations,
  type HandlerContext,
  type InvokeResult,
  type OperationDescriptor,
  type PolicyOptions,
  type Provider,
  type Toolkit,
  type ToolkitOptions,
} from '../../src/index.js';
import type { Kind, Risk, RoleTree } from '../../src/runtime/descriptor.js';
import { handWrittenOperation } from '../support/descriptors.js';
import { tempDir } from '../support/helpers.js';

function op(
  name: string,
  kind: Kind,
  risk: Risk,
  properties: Record<string, unknown>,
  roles: RoleTree,
  result: Record<string, unknown> = { type: 'object' },
): OperationDescriptor {
  // The role argument is required; probe_plain's n is optional.
  const required = Object.keys(roles);
  return handWrittenOperation({
    provider: 'probe',
    name,
    kind,
    risk,
    properties,
    required,
    roles,
    idempotent: true,
    result,
    errors: ['NOT_FOUND'],
  });
}

const str = { type: 'string', minLength: 1 };
const operations = [
  op('probe_read', 'data_source', 'read_only', { file: str }, { file: 'path' }),
  op('probe_fetch', 'data_source', 'read_only', { target: str }, { target: 'url' }),
  op('probe_run', 'resource', 'high', { line: str }, { line: 'command' }),
  op(
    'probe_plain',
    'data_source',
    'read_only',
    { n: { type: 'integer', minimum: 1 } },
    {},
    { type: 'object', required: ['value'], properties: { value: { type: 'string' } } },
  ),
  op('probe_login', 'resource', 'low', { token: str }, { token: 'secret' }),
];

/** What the handlers do, set per test; every call they get is counted. */
let behaviour: (params: Record<string, unknown>, ctx: HandlerContext) => Promise<unknown> = async () => ({
  value: 'v',
});
let handled = 0;
const body = (params: Record<string, unknown>, ctx: HandlerContext) => {
  handled++;
  return behaviour(params, ctx);
};
const handlers = { probe: Object.fromEntries(operations.map((o) => [o.name, body])) };

function probeToolkit(options: Partial<ToolkitOptions> & { workspace: string }): Toolkit<AnyOperations> {
  handled = 0;
  behaviour = async () => ({ value: 'v' });
  const providers: Provider[] = defineProviders(
    [{ name: 'probe', description: 'probe', operations }] as never,
    handlers as never,
  );
  return createToolkit({ ...options, providers });
}

function failure(result: InvokeResult): { code: string; message: string; details?: Record<string, unknown> } {
  if (result.ok) throw new Error(`expected a failure, got ${result.text}`);
  return result.error;
}

const ALLOWED = { decision: 'allow', rule: 'default' };

describe('the steps of a call, each failing with its own code', () => {
  it('resolveOperation: an unknown provider or operation is UNKNOWN_OPERATION, before anything else', async () => {
    const toolkit = probeToolkit({ workspace: await tempDir(), policy: { default: 'deny' } });
    const noOp = await toolkit.invoke('probe', 'probe_nope', {});
    expect(failure(noOp)).toMatchObject({
      code: 'UNKNOWN_OPERATION',
      message: expect.stringContaining('it has: probe_read, probe_fetch'),
    });
    const noProvider = await toolkit.invoke('prob', 'probe_read', {});
    expect(failure(noProvider).message).toBe('no provider named "prob" (known: probe); did you mean "probe"?');
    // The deny-all policy was never asked: the call did not get that far.
    expect([noOp.meta, noProvider.meta]).toEqual([
      { operation: 'probe.probe_nope', policy: ALLOWED, duration_ms: expect.any(Number) },
      { operation: 'prob.probe_read', policy: ALLOWED, duration_ms: expect.any(Number) },
    ]);
    expect(handled).toBe(0);
  });

  it('checkProfile: an operation outside the profile is DENIED_BY_POLICY before its input is looked at', async () => {
    const toolkit = probeToolkit({ workspace: await tempDir(), profile: ['probe.probe_plain'] });
    const result = await toolkit.invoke('probe', 'probe_read', { file: 42 });
    expect(failure(result)).toEqual({
      code: 'DENIED_BY_POLICY',
      message: "probe_read is not in this toolkit's capability profile",
    });
    expect(result.meta.policy).toEqual(ALLOWED);
    expect((await toolkit.invoke('probe', 'probe_plain', {})).ok).toBe(true);
    expect(handled).toBe(1);
  });

  it('validateInput: INVALID_INPUT names the field, before the policy decides anything', async () => {
    const toolkit = probeToolkit({ workspace: await tempDir(), policy: { default: 'deny' } });
    const result = await toolkit.invoke('probe', 'probe_plain', { n: 0 });
    expect(failure(result)).toEqual({ code: 'INVALID_INPUT', message: 'n must be >= 1' });
    expect(result.meta.policy).toEqual(ALLOWED);
    expect(handled).toBe(0);
  });

  it('admit: a decision whatever the input refuses before any path is resolved', async () => {
    const policy: PolicyOptions = { rules: [{ operation: 'probe_read', decision: 'deny', reason: 'no reading here' }] };
    const toolkit = probeToolkit({ workspace: await tempDir(), policy });
    const result = await toolkit.invoke('probe', 'probe_read', { file: '../../etc/passwd' });
    const denied = { decision: 'deny', rule: 0, reason: 'no reading here' };
    expect(failure(result)).toEqual({
      code: 'DENIED_BY_POLICY',
      message: 'probe_read was not run: no reading here',
      details: { policy: denied },
    });
    expect(result.meta.policy).toEqual(denied);
    expect(handled).toBe(0);
  });

  it('admit: a path that leaves the workspace is OUTSIDE_WORKSPACE before its path rules are decided', async () => {
    const toolkit = probeToolkit({
      workspace: await tempDir(),
      policy: { rules: [{ operation: 'probe_read', path: 'secret/**', decision: 'deny' }] },
    });
    const outside = await toolkit.invoke('probe', 'probe_read', { file: '../x' });
    expect(failure(outside).code).toBe('OUTSIDE_WORKSPACE');
    expect(outside.meta.policy).toEqual(ALLOWED);
    const ruled = await toolkit.invoke('probe', 'probe_read', { file: 'secret/a' });
    expect(failure(ruled)).toMatchObject({
      code: 'DENIED_BY_POLICY',
      message: 'probe_read was not run: the policy denies it',
    });
    expect(ruled.meta.policy).toEqual({ decision: 'deny', rule: 0 });
    const free = await toolkit.invoke('probe', 'probe_read', { file: 'open/a' });
    expect(free.ok && free.meta.policy).toEqual(ALLOWED);
    expect(handled).toBe(1);
  });

  it('admit: a url the address guard blocks is BLOCKED_URL, reporting the decision its host rule made', async () => {
    const toolkit = probeToolkit({
      workspace: await tempDir(),
      policy: { rules: [{ operation: 'probe_fetch', host: '127.0.0.1', decision: 'allow' }], default: 'deny' },
    });
    const result = await toolkit.invoke('probe', 'probe_fetch', { target: 'http://127.0.0.1:9/' });
    expect(failure(result).code).toBe('BLOCKED_URL');
    expect(result.meta.policy).toEqual({ decision: 'allow', rule: 0 });
    const other = await toolkit.invoke('probe', 'probe_fetch', { target: 'http://example.com/' });
    expect(failure(other).code).toBe('DENIED_BY_POLICY');
    expect(handled).toBe(0);
  });

  it('admit: an ask decision without a way to ask, declined, failing or aborted ends with its own refusal', async () => {
    const root = await tempDir();
    const policy: PolicyOptions = { rules: [{ operation: 'probe_plain', decision: 'ask' }] };
    const none = await probeToolkit({ workspace: root, policy }).invoke('probe', 'probe_plain', {});
    expect(failure(none).message).toBe(
      'probe_plain was not run: it needs approval, and no human could be asked: no user channel is attached',
    );
    expect(none.meta.policy).toMatchObject({ decision: 'deny', rule: 0 });

    const asking = (approve: (call: unknown, o: { signal: AbortSignal }) => Promise<boolean>) =>
      probeToolkit({ workspace: root, policy, user: { ask: async () => ({ answer: '' }), approve } as never });
    const declined = await asking(async () => false).invoke('probe', 'probe_plain', {});
    expect(failure(declined).message).toBe('probe_plain was not run: the user did not approve it');
    expect(declined.meta.policy).toEqual({ decision: 'deny', rule: 0, approved: false });

    const broken = await asking(async () => {
      throw new Error('line dropped');
    }).invoke('probe', 'probe_plain', {});
    expect(failure(broken).message).toBe('probe_plain was not run: approval failed: line dropped');

    const approved = await asking(async () => true).invoke('probe', 'probe_plain', {});
    expect(approved.ok && approved.meta.policy).toEqual({ decision: 'allow', rule: 0, approved: true });
    expect(handled).toBe(1);
  });

  it("admit: the caller's abort while a human is asked is CANCELLED, whatever the channel rejects with then", async () => {
    const root = await tempDir();
    const policy: PolicyOptions = { rules: [{ operation: 'probe_plain', decision: 'ask' }] };
    const asking = (approve: (call: unknown, o: { signal: AbortSignal }) => Promise<boolean>) =>
      probeToolkit({ workspace: root, policy, user: { ask: async () => ({ answer: '' }), approve } as never });
    const rejections: ((signal: AbortSignal) => unknown)[] = [
      (signal) => signal.reason,
      () => new Error('the prompt was closed'),
      () => new ToolError('CANCELLED', 'the prompt was closed'),
      () => new ToolError('DENIED_BY_POLICY', 'the terminal went away'),
    ];
    for (const rejection of rejections) {
      const controller = new AbortController();
      const aborted = asking(
        async (_call, { signal }) =>
          new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(rejection(signal)))),
      ).invoke('probe', 'probe_plain', {}, { signal: controller.signal });
      setTimeout(() => controller.abort(), 5);
      const cancelled = await aborted;
      expect(failure(cancelled)).toEqual({ code: 'CANCELLED', message: 'the call was cancelled by the caller' });
      // The decision it had reached: the approval was asked for and never answered.
      expect(cancelled.meta.policy).toEqual({ decision: 'ask', rule: 0 });
    }
    expect(handled).toBe(0);
  });

  it('runHandler: declared, common and role codes stand; any other code or a plain throw is INTERNAL', async () => {
    // probe_read declares NOT_FOUND; CANCELLED is common to all; OUTSIDE_WORKSPACE comes with its path role.
    const root = await tempDir();
    // A public address for every host name: url checks pass without a network.
    const toolkit = probeToolkit({
      workspace: root,
      web: { lookup: async () => [{ address: '93.184.216.34', family: 4 }] },
    });
    await writeFile(path.join(root, 'a.txt'), 'x');
    const cases: [ToolError | Error, string, string][] = [
      [new ToolError('NOT_FOUND', 'gone'), 'NOT_FOUND', 'gone'],
      [new ToolError('CANCELLED', 'stopped'), 'CANCELLED', 'stopped'],
      [
        new ToolError('TIMEOUT', 'slow'),
        'INTERNAL',
        'probe.probe_read raised TIMEOUT, which catalog.yaml does not declare for it: slow',
      ],
      [new ToolError('OUTSIDE_WORKSPACE', 'left'), 'OUTSIDE_WORKSPACE', 'left'],
      [
        new ToolError('BINARY_FILE', 'bytes'),
        'INTERNAL',
        'probe.probe_read raised BINARY_FILE, which catalog.yaml does not declare for it: bytes',
      ],
      [new Error('boom'), 'INTERNAL', 'unexpected failure in probe.probe_read: boom'],
    ];
    for (const [thrown, code, message] of cases) {
      behaviour = async () => {
        throw thrown;
      };
      const result = await toolkit.invoke('probe', 'probe_read', { file: 'a.txt' });
      expect([code, failure(result).code, failure(result).message]).toEqual([code, code, message]);
      expect(result.meta.policy).toEqual(ALLOWED);
    }
    // BLOCKED_URL is a role code of url params only: a path operation may not raise it.
    behaviour = async () => {
      throw new ToolError('BLOCKED_URL', 'no');
    };
    expect(failure(await toolkit.invoke('probe', 'probe_read', { file: 'a.txt' })).code).toBe('INTERNAL');
    expect(failure(await toolkit.invoke('probe', 'probe_fetch', { target: 'http://example.com/' })).code).toBe(
      'BLOCKED_URL',
    );
  });

  it('runHandler: an abort ends the call at once with CANCELLED, and a body missing from the map is INTERNAL', async () => {
    const toolkit = probeToolkit({ workspace: await tempDir() });
    let settle!: () => void;
    behaviour = () =>
      new Promise((resolve) => {
        settle = () => resolve({ value: 'late' });
      });
    const controller = new AbortController();
    const running = toolkit.invoke('probe', 'probe_plain', {}, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(failure(await running).code).toBe('CANCELLED');
    settle();
    const map = toolkit.options.providers.find((p) => p.name === 'probe')!.handlers as Record<string, unknown>;
    const saved = map.probe_plain;
    try {
      delete map.probe_plain;
      expect(failure(await toolkit.invoke('probe', 'probe_plain', {}))).toEqual({
        code: 'INTERNAL',
        message: 'no handler is registered for probe.probe_plain',
      });
    } finally {
      map.probe_plain = saved;
    }
  });

  it('checkOutput: an output that breaks the result schema or a text that is not a string is INTERNAL (unless output checks are off)', async () => {
    const root = await tempDir();
    const toolkit = probeToolkit({ workspace: root });
    behaviour = async () => ({ value: 7 });
    expect(failure(await toolkit.invoke('probe', 'probe_plain', {}))).toMatchObject({
      code: 'INTERNAL',
      message: expect.stringMatching(
        /^probe\.probe_plain produced an output that breaks its result schema: value must be a string/,
      ),
    });
    behaviour = async () => withText({ value: 'v' }, 7 as unknown as string);
    expect(failure(await toolkit.invoke('probe', 'probe_plain', {}))).toEqual({
      code: 'INTERNAL',
      message: 'probe.probe_plain rendered its text as number, not a string',
    });
    const unchecked = probeToolkit({ workspace: root, validateOutput: false });
    behaviour = async () => ({ value: 7 });
    expect(await unchecked.invoke('probe', 'probe_plain', {})).toMatchObject({ ok: true, output: { value: 7 } });
  });

  it("render: the handler's own text, else a string content field, else the output as JSON", async () => {
    const toolkit = probeToolkit({ workspace: await tempDir(), validateOutput: false });
    behaviour = async () => withText({ value: 'v' }, 'said so');
    expect(await toolkit.invoke('probe', 'probe_plain', {})).toMatchObject({
      ok: true,
      text: 'said so',
      output: { value: 'v' },
    });
    behaviour = async () => ({ content: 'the content' });
    expect((await toolkit.invoke('probe', 'probe_plain', {})).text).toBe('the content');
    behaviour = async () => ({ value: 'v' });
    const json = await toolkit.invoke('probe', 'probe_plain', {});
    expect(json).toMatchObject({
      ok: true,
      text: '{\n  "value": "v"\n}',
      meta: { operation: 'probe.probe_plain', policy: ALLOWED },
    });
  });

  it('a failure of any step after the input is read never shows a secret value', async () => {
    const root = await tempDir();
    await mkdir(path.join(root, 'd'));
    const toolkit = probeToolkit({ workspace: root });
    const token = 'tok-1234567';
    behaviour = async () => {
      throw new Error(`crashed holding ${token}`);
    };
    const crashed = await toolkit.invoke('probe', 'probe_login', { token });
    expect(failure(crashed).message).toBe(
      'unexpected failure in probe.probe_login: crashed holding \u27easecret, 11 chars\u27eb',
    );
    behaviour = async () => {
      throw new ToolError('NOT_FOUND', `no account for ${token}`, { tried: [token] });
    };
    const declared = await toolkit.invoke('probe', 'probe_login', { token });
    expect(JSON.stringify(declared.ok ? {} : declared.error)).toBe(
      JSON.stringify({
        code: 'NOT_FOUND',
        message: 'no account for \u27easecret, 11 chars\u27eb',
        details: { tried: ['\u27easecret, 11 chars\u27eb'] },
      }),
    );
  });
});
