import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handlers } from '../../src/handlers/index.js';
import {
  catalogOperations,
  compilePolicy,
  compileProfile,
  createProgrammaticUserChannel,
  createToolkit,
  profileExcess,
} from '../../src/index.js';
import type { ApprovalRequest, OperationDescriptor, PolicyOptions } from '../../src/index.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'tw-policy-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(root, { recursive: true, force: true });
});

const op = (id: string): OperationDescriptor => {
  const found = catalogOperations.find((o: OperationDescriptor) => o.id === id);
  if (!found) throw new Error(`no ${id} in the catalog`);
  return found;
};
const decide = (policy: PolicyOptions, id: string) => compilePolicy(policy).decide(op(id));

describe('compilePolicy', () => {
  it('first matching rule wins, with its index and reason', () => {
    const policy: PolicyOptions = {
      rules: [
        { operation: 'task_create', decision: 'deny', reason: 'no new tasks' },
        { provider: 'task', decision: 'ask' },
        { provider: '*', decision: 'allow' },
      ],
    };
    expect(decide(policy, 'task.task_create')).toEqual({ decision: 'deny', rule: 0, reason: 'no new tasks' });
    expect(decide(policy, 'task.task_update')).toEqual({ decision: 'ask', rule: 1 });
    expect(decide(policy, 'user.ask_user')).toEqual({ decision: 'allow', rule: 2 });
  });

  it('operation patterns match the tool name or the id, with * wildcards', () => {
    expect(decide({ rules: [{ operation: 'task.task_*', decision: 'deny' }] }, 'task.task_list').decision).toBe('deny');
    expect(decide({ rules: [{ operation: '*_list', decision: 'deny' }] }, 'task.task_list').decision).toBe('deny');
    expect(decide({ rules: [{ operation: '*_list', decision: 'deny' }] }, 'task.task_create').decision).toBe('allow');
    // A dot in a pattern is literal, not "any character": such a pattern matches no operation, an error.
    expect(() => decide({ rules: [{ operation: 'task.task.list', decision: 'deny' }] }, 'task.task_list')).toThrow(
      /no operation matches "task.task.list"/,
    );
  });

  it('kind and risk match, risk by comparison too, and all given fields must match', () => {
    const rule = (r: object) => ({ rules: [{ ...r, decision: 'deny' as const }] });
    expect(decide(rule({ kind: 'interactive' }), 'user.ask_user').decision).toBe('deny');
    expect(decide(rule({ kind: 'interactive' }), 'task.task_list').decision).toBe('allow');
    expect(decide(rule({ risk: 'critical' }), 'agent.spawn_subagent').decision).toBe('deny');
    expect(decide(rule({ risk: '>=low' }), 'task.task_create').decision).toBe('deny');
    expect(decide(rule({ risk: '>low' }), 'task.task_create').decision).toBe('allow');
    expect(decide(rule({ risk: '<low' }), 'task.task_list').decision).toBe('deny');
    expect(decide(rule({ risk: '<=read_only' }), 'task.task_create').decision).toBe('allow');
    expect(decide(rule({ risk: '*', kind: '*' }), 'task.task_create').decision).toBe('deny');
    expect(decide(rule({ provider: 'task', kind: 'data_source' }), 'task.task_create').decision).toBe('allow');
    expect(decide(rule({ provider: 'task', kind: 'data_source' }), 'task.task_list').decision).toBe('deny');
  });

  it('the default applies when nothing matches (allow unless configured)', () => {
    expect(decide({}, 'agent.spawn_subagent')).toEqual({ decision: 'allow', rule: 'default' });
    expect(
      decide({ rules: [{ provider: 'web', decision: 'allow' }], default: 'deny' }, 'agent.spawn_subagent'),
    ).toEqual({ decision: 'deny', rule: 'default' });
  });

  it('presets: readOnly runs only data sources; askForRisky allows read_only and low, asks above', () => {
    for (const o of catalogOperations) {
      expect(compilePolicy('readOnly').decide(o).decision, o.id).toBe(o.kind === 'data_source' ? 'allow' : 'deny');
      const risky = o.risk !== 'read_only' && o.risk !== 'low';
      expect(compilePolicy('askForRisky').decide(o).decision, o.id).toBe(risky ? 'ask' : 'allow');
      expect(compilePolicy('allowAll').decide(o).decision, o.id).toBe('allow');
    }
    expect(decide('readOnly', 'user.ask_user')).toMatchObject({ decision: 'deny', preset: 'readOnly' });
    expect(decide('askForRisky', 'agent.spawn_subagent')).toMatchObject({
      decision: 'ask',
      preset: 'askForRisky',
      rule: 'default',
    });
  });

  it('extends: own rules first, then the preset; own default overrides the preset default', () => {
    const policy: PolicyOptions = { extends: 'readOnly', rules: [{ provider: 'task', decision: 'allow' }] };
    expect(decide(policy, 'task.task_create')).toMatchObject({ decision: 'allow', rule: 0, preset: 'readOnly' });
    expect(decide(policy, 'user.ask_user')).toMatchObject({ decision: 'deny', rule: 'default' });
    expect(decide(policy, 'task.task_list').decision).toBe('allow');
    expect(decide({ extends: 'askForRisky', default: 'deny' }, 'agent.spawn_subagent').decision).toBe('deny');
    expect(decide({ extends: 'askForRisky', default: 'deny' }, 'task.task_create').decision).toBe('allow');
  });

  it('refuses malformed policies with a message naming the problem', () => {
    expect(() => compilePolicy('paranoid' as never)).toThrow(/unknown policy preset "paranoid"/);
    expect(() => compilePolicy({ extends: 'nope' as never })).toThrow(/unknown policy preset/);
    expect(() => compilePolicy({ default: 'maybe' as never })).toThrow(/default must be allow, ask or deny/);
    expect(() => compilePolicy({ rules: [{ decision: 'yes' as never }] })).toThrow(/rule 1: decision/);
    expect(() => compilePolicy({ rules: [{ kind: 'reader' as never, decision: 'deny' }] })).toThrow(
      /unknown kind "reader"/,
    );
    expect(() => compilePolicy({ rules: [{ risk: 'extreme' as never, decision: 'deny' }] })).toThrow(/unknown risk/);
    expect(() => compilePolicy({ rules: [{ tool: 'bash', decision: 'deny' } as never] })).toThrow(/unknown field tool/);
    expect(() => compilePolicy({ rules: [{ provider: '', decision: 'deny' }] })).toThrow(
      /provider must be a non-empty pattern/,
    );
    expect(() => createToolkit({ workspace: root, policy: 'nope' as never })).toThrow(/unknown policy preset/);
  });
});

describe('compileProfile and profileExcess', () => {
  const ids = (patterns: string[] | undefined) => catalogOperations.filter(compileProfile(patterns)).map((o) => o.id);

  it('matches ids, tool names, provider wildcards and bare provider names', () => {
    expect(ids(['task.task_list'])).toEqual(['task.task_list']);
    expect(ids(['ask_user'])).toEqual(['user.ask_user']);
    expect(ids(['task.*']).sort()).toEqual(['task.task_create', 'task.task_list', 'task.task_update']);
    expect(ids(['task']).sort()).toEqual(ids(['task.*']).sort());
    expect(ids(['task_*']).sort()).toEqual(ids(['task.*']).sort());
    expect(ids(['*'])).toEqual(ids(undefined));
    expect(ids([])).toEqual([]);
    expect(ids(['tas'])).toEqual([]);
  });

  it('refuses non-string or empty patterns', () => {
    expect(() => compileProfile(['task.*', ''])).toThrow(/profile\[1\]/);
    expect(() => compileProfile('task.*' as never)).toThrow(/array/);
  });

  it('a request is within the parent when every operation it matches, the parent matches', () => {
    const all = catalogOperations;
    expect(profileExcess(['task.task_list', 'ask_user'], ['task.*', 'user'], all)).toEqual({
      unmatched: [],
      widening: [],
      outside: [],
    });
    expect(profileExcess(['task.*'], undefined, all).outside).toEqual([]);
    const wide = profileExcess(['*'], ['task.*', 'agent.*'], all);
    expect(wide.widening).toEqual(['*']);
    expect(wide.outside).toContain('user.ask_user');
    expect(wide.outside).not.toContain('task.task_list');
    expect(wide.outside.sort()).toEqual(
      all
        .map((o) => o.id)
        .filter((id) => !id.startsWith('task.') && !id.startsWith('agent.'))
        .sort(),
    );
    expect(profileExcess(['task_*'], ['task.task_list'], all)).toMatchObject({
      widening: ['task_*'],
      outside: ['task.task_create', 'task.task_update'],
    });
    expect(profileExcess(['nothing.here'], ['*'], all).unmatched).toEqual(['nothing.here']);
  });
});

describe('policy and profile inside invoke', () => {
  it('a profile limits getSchema, operations, providers, find and call', () => {
    const toolkit = createToolkit({ workspace: root, profile: ['task.task_list', 'user'], user: { answers: [] } });
    const schema = toolkit.getSchema();
    expect(schema.map((p) => p.name)).toEqual(['task', 'user']);
    expect(schema.flatMap((p) => p.operations.map((o) => o.id))).toEqual(['task.task_list', 'user.ask_user']);
    expect(toolkit.operations.map((o) => o.id)).toEqual(['task.task_list', 'user.ask_user']);
    expect(toolkit.providers.map((p) => p.name)).toEqual(['task', 'user']);
    expect(toolkit.find('task_create')).toBeUndefined();
    expect(toolkit.find('task.task_list')?.name).toBe('task_list');
    expect(Object.keys(toolkit.call).sort()).toEqual(['ask_user', 'task_list']);
  });

  it('invoking outside the profile is DENIED_BY_POLICY and never reaches the handler', async () => {
    const spy = vi.spyOn(handlers.task, 'task_create');
    const toolkit = createToolkit({ workspace: root, profile: ['task.task_list'] });
    const result = await toolkit.invoke('task', 'task_create', { title: 'x' });
    expect(!result.ok && result.error.code).toBe('DENIED_BY_POLICY');
    expect(result.text).toContain("not in this toolkit's capability profile");
    expect(spy).not.toHaveBeenCalled();
    // The same call inside the profile does reach it (the spy is live).
    await createToolkit({ workspace: root }).invoke('task', 'task_create', { title: 'x' });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('a deny rule refuses before the handler runs; the decision is in meta and details', async () => {
    const spy = vi.spyOn(handlers.task, 'task_create');
    const toolkit = createToolkit({
      workspace: root,
      policy: { rules: [{ provider: 'task', kind: 'resource', decision: 'deny', reason: 'tasks are read-only here' }] },
    });
    const result = await toolkit.invoke('task', 'task_create', { title: 'x' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatchObject({
      code: 'DENIED_BY_POLICY',
      details: { policy: { decision: 'deny', rule: 0 } },
    });
    expect(result.text).toContain('tasks are read-only here');
    expect(result.meta.policy).toEqual({ decision: 'deny', rule: 0, reason: 'tasks are read-only here' });
    expect(spy).not.toHaveBeenCalled();
    const allowed = await toolkit.invoke('task', 'task_list', {});
    expect(allowed.ok).toBe(true);
    expect(allowed.meta.policy).toEqual({ decision: 'allow', rule: 'default' });
  });

  it('invalid input is reported before policy (the model can fix it) and never reaches the handler', async () => {
    const spy = vi.spyOn(handlers.task, 'task_create');
    const toolkit = createToolkit({ workspace: root, policy: 'readOnly' });
    // @ts-expect-error title must be a string: the runtime refuses it as the types do
    const result = await toolkit.invoke('task', 'task_create', { title: 5 });
    expect(!result.ok && result.error.code).toBe('INVALID_INPUT');
    expect(spy).not.toHaveBeenCalled();
  });

  it('ask without a user channel is denied and never reaches the handler', async () => {
    const spy = vi.spyOn(handlers.agent, 'spawn_subagent');
    const toolkit = createToolkit({ workspace: root, policy: 'askForRisky' });
    const result = await toolkit.invoke('agent', 'spawn_subagent', { prompt: 'p', description: 'd' });
    expect(!result.ok && result.error.code).toBe('DENIED_BY_POLICY');
    expect(result.text).toContain('no user channel is attached');
    expect(result.meta.policy).toMatchObject({ decision: 'deny', preset: 'askForRisky' });
    expect(spy).not.toHaveBeenCalled();
  });

  it('ask goes to user.approve with the call; approval runs it, refusal does not', async () => {
    const spy = vi.spyOn(handlers.task, 'task_create');
    const approve = vi.fn(async (_call: ApprovalRequest) => true);
    const policy: PolicyOptions = { rules: [{ operation: 'task_create', decision: 'ask' }] };
    const yes = createToolkit({ workspace: root, policy, user: createProgrammaticUserChannel({ approve }) });
    const ran = await yes.invoke('task', 'task_create', { title: 'approved' });
    expect(ran.ok).toBe(true);
    expect(ran.meta.policy).toEqual({ decision: 'allow', rule: 0, approved: true });
    expect(approve).toHaveBeenCalledTimes(1);
    expect(approve.mock.calls[0]![0]).toMatchObject({
      provider: 'task',
      operation: 'task_create',
      kind: 'resource',
      risk: 'low',
      input: { title: 'approved' },
    });
    expect(spy).toHaveBeenCalledTimes(1);

    const no = createToolkit({
      workspace: root,
      policy,
      user: createProgrammaticUserChannel({ approve: () => false }),
    });
    const refused = await no.invoke('task', 'task_create', { title: 'refused' });
    expect(!refused.ok && refused.error.code).toBe('DENIED_BY_POLICY');
    expect(refused.text).toContain('the user did not approve it');
    expect(refused.meta.policy).toEqual({ decision: 'deny', rule: 0, approved: false });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('allowed operations under askForRisky do not bother the user', async () => {
    const approve = vi.fn(async () => true);
    const toolkit = createToolkit({
      workspace: root,
      policy: 'askForRisky',
      user: createProgrammaticUserChannel({ approve }),
    });
    expect((await toolkit.invoke('task', 'task_create', { title: 'x' })).ok).toBe(true);
    expect(approve).not.toHaveBeenCalled();
  });

  it('an approval channel that fails or times out refuses the call', async () => {
    const spy = vi.spyOn(handlers.task, 'task_create');
    const policy: PolicyOptions = { rules: [{ provider: 'task', decision: 'ask' }] };
    const failing = createToolkit({
      workspace: root,
      policy,
      user: createProgrammaticUserChannel({
        approve: () => {
          throw new Error('UI crashed');
        },
      }),
    });
    const result = await failing.invoke('task', 'task_create', { title: 'x' });
    expect(!result.ok && result.error.code).toBe('DENIED_BY_POLICY');
    expect(result.text).toContain('approval failed: UI crashed');
    const slow = createToolkit({
      workspace: root,
      policy,
      user: createProgrammaticUserChannel({ approve: () => new Promise(() => {}), timeoutMs: 50 }),
    });
    const timedOut = await slow.invoke('task', 'task_create', { title: 'x' });
    expect(!timedOut.ok && timedOut.error.code).toBe('DENIED_BY_POLICY');
    expect(timedOut.meta.policy.approved).toBe(false);
    expect(spy).not.toHaveBeenCalled();
  });

  it('aborting while approval is pending cancels the call', async () => {
    const spy = vi.spyOn(handlers.task, 'task_create');
    const controller = new AbortController();
    const toolkit = createToolkit({
      workspace: root,
      policy: { rules: [{ provider: 'task', decision: 'ask' }] },
      user: createProgrammaticUserChannel({ approve: () => new Promise(() => {}) }),
    });
    const pending = toolkit.invoke('task', 'task_create', { title: 'x' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const result = await pending;
    expect(!result.ok && result.error.code).toBe('CANCELLED');
    expect(spy).not.toHaveBeenCalled();
  });

  it('no policy option means every call is allowed without asking', async () => {
    const approve = vi.fn(async () => false);
    const toolkit = createToolkit({ workspace: root, user: createProgrammaticUserChannel({ approve }) });
    const result = await toolkit.invoke('task', 'task_create', { title: 'x' });
    expect(result.ok).toBe(true);
    expect(result.meta.policy).toEqual({ decision: 'allow', rule: 'default' });
    expect(approve).not.toHaveBeenCalled();
  });
});
