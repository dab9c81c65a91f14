import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handlers } from '../../src/handlers/index.js';
import { createInProcessKernel, createToolkit, ToolError } from '../../src/index.js';
import type { Kernel, SubagentRequest, SubagentStep, SubagentStepInput, Toolkit } from '../../src/index.js';
import { goneWithin } from '../support/exec-helpers.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'tw-agent-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(root, { recursive: true, force: true });
});

/** A kernel that records requests and answers without running anything. */
function recordingKernel(): Kernel & { requests: SubagentRequest[] } {
  const requests: SubagentRequest[] = [];
  return {
    requests,
    async runSession(request) {
      requests.push(request);
      return { session_id: 'child-1', status: 'completed', output: `did: ${request.description}` };
    },
  };
}

const spawn = (toolkit: Toolkit, input: Record<string, unknown>, signal?: AbortSignal) =>
  toolkit.invoke(
    'agent',
    'spawn_subagent',
    { prompt: 'Do the thing.', description: 'Do thing', ...input },
    signal ? { signal } : {},
  );

describe('spawn_subagent', () => {
  it('no kernel → UNAVAILABLE', async () => {
    const result = await spawn(createToolkit({ workspace: root }), {});
    expect(!result.ok && result.error.code).toBe('UNAVAILABLE');
    expect(result.text).toContain('no agent kernel is attached');
  });

  it('calls the kernel with prompt, description, profile, parent session, depth and signal', async () => {
    const kernel = recordingKernel();
    const toolkit = createToolkit({ workspace: root, kernel, profile: ['task.*', 'agent.*'] });
    const controller = new AbortController();
    const result = await spawn(toolkit, { capabilities: ['task.task_list'] }, controller.signal);
    expect(result.ok && result.output).toEqual({ session_id: 'child-1', status: 'completed', output: 'did: Do thing' });
    expect(result.text).toBe('Sub-agent "Do thing" (child-1) finished:\ndid: Do thing');
    const [request] = kernel.requests;
    expect(request).toMatchObject({
      prompt: 'Do the thing.',
      description: 'Do thing',
      profile: ['task.task_list'],
      parentSessionId: toolkit.session.id,
      depth: 1,
    });
    // The handler's signal follows the caller's.
    expect(request!.signal.aborted).toBe(false);
    controller.abort();
    expect(request!.signal.aborted).toBe(true);
  });

  it('the default profile is the caller\'s own ("*" when it has none)', async () => {
    const narrow = recordingKernel();
    await spawn(createToolkit({ workspace: root, kernel: narrow, profile: ['task.task_list', 'agent'] }), {});
    expect(narrow.requests[0]!.profile).toEqual(['task.task_list', 'agent']);
    const open = recordingKernel();
    await spawn(createToolkit({ workspace: root, kernel: open }), {});
    expect(open.requests[0]!.profile).toEqual(['*']);
  });

  it('asking for "*" from a narrower profile is denied, naming the extra operations, and the kernel is never called', async () => {
    const kernel = recordingKernel();
    const runSession = vi.spyOn(kernel, 'runSession');
    const toolkit = createToolkit({ workspace: root, kernel, profile: ['filesystem.*', 'agent.*'] });
    const result = await spawn(toolkit, { capabilities: ['*'] });
    expect(!result.ok && result.error.code).toBe('DENIED_BY_POLICY');
    expect(result.text).toContain('"*" would add');
    expect(result.text).toContain('exec.bash');
    expect(result.text).toContain('task.task_create');
    expect(result.text).not.toContain('filesystem.read_file,');
    const details = (!result.ok && result.error.details) as { outside: string[]; profile: string[] };
    expect(details.profile).toEqual(['filesystem.*', 'agent.*']);
    expect(details.outside).toContain('user.ask_user');
    expect(details.outside.some((id) => id.startsWith('filesystem.') || id.startsWith('agent.'))).toBe(false);
    expect(runSession).not.toHaveBeenCalled();
  });

  it('a pattern that reaches one operation too far is denied; an exact subset is allowed', async () => {
    const kernel = recordingKernel();
    const toolkit = createToolkit({
      workspace: root,
      kernel,
      profile: ['task.task_list', 'task.task_update', 'agent.*'],
    });
    const wide = await spawn(toolkit, { capabilities: ['task_*'] });
    expect(!wide.ok && wide.error.code).toBe('DENIED_BY_POLICY');
    expect(!wide.ok && wide.error.details).toMatchObject({ outside: ['task.task_create'] });
    const exact = await spawn(toolkit, { capabilities: ['task_list', 'task.task_update'] });
    expect(exact.ok).toBe(true);
    expect(kernel.requests.map((r) => r.profile)).toEqual([['task_list', 'task.task_update']]);
  });

  it('a capability that matches no operation is INVALID_INPUT', async () => {
    const result = await spawn(createToolkit({ workspace: root, kernel: recordingKernel() }), {
      capabilities: ['task.*', 'fs.read'],
    });
    expect(!result.ok && result.error.code).toBe('INVALID_INPUT');
    expect(result.text).toContain('"fs.read" match no operation');
  });

  it('a denied spawn never reaches the handler when the policy forbids it', async () => {
    const spy = vi.spyOn(handlers.agent, 'spawn_subagent');
    const kernel = recordingKernel();
    const toolkit = createToolkit({
      workspace: root,
      kernel,
      policy: { rules: [{ risk: 'critical', decision: 'deny' }] },
    });
    const result = await spawn(toolkit, {});
    expect(!result.ok && result.error.code).toBe('DENIED_BY_POLICY');
    expect(spy).not.toHaveBeenCalled();
    expect(kernel.requests).toEqual([]);
  });

  it('a kernel reporting failure is a result; a kernel throwing is INTERNAL', async () => {
    const failed = createToolkit({
      workspace: root,
      kernel: { runSession: async () => ({ session_id: 's', status: 'failed', output: 'model error' }) },
    });
    const a = await spawn(failed, {});
    expect(a.ok && a.output).toEqual({ session_id: 's', status: 'failed', output: 'model error' });
    expect(a.text).toContain('failed:\nmodel error');
    const throwing = createToolkit({
      workspace: root,
      kernel: {
        runSession: async () => {
          throw new Error('kernel down');
        },
      },
    });
    const b = await spawn(throwing, {});
    expect(!b.ok && b.error.code).toBe('INTERNAL');
    expect(b.text).toContain('kernel down');
  });
});

describe('in-process reference kernel', () => {
  it('runs the step against a child toolkit restricted to the profile, with a child session', async () => {
    let seen: SubagentStepInput | undefined;
    const kernel = createInProcessKernel({
      step: async (input) => {
        seen = input;
        const created = await input.toolkit.call.task_create({ title: 'from the child' });
        return `created ${created.task.id}`;
      },
    });
    const parent = createToolkit({ workspace: root, kernel, profile: ['task.*', 'user.*', 'agent.*'] });
    const result = await spawn(parent, { capabilities: ['task.task_create', 'task.task_list'] });
    expect(result.ok && result.output).toMatchObject({ status: 'completed', output: 'created t1' });
    expect(seen!.toolkit.operations.map((o) => o.id).sort()).toEqual(['task.task_create', 'task.task_list']);
    expect(seen!.toolkit.getSchema().map((p) => p.name)).toEqual(['task']);
    expect(seen!.session.parentId).toBe(parent.session.id);
    expect(seen!.session.depth).toBe(1);
    expect(seen!.depth).toBe(1);
    expect(result.ok && (result.output as { session_id: string }).session_id).toBe(seen!.session.id);
    expect(seen!.toolkit.workspace.root).toBe(parent.workspace.root);
    // The child shares the parent's task list.
    expect((await parent.call.task_list({})).tasks.map((t) => t.title)).toEqual(['from the child']);
    // Outside its profile the child is refused.
    const outside = await seen!.toolkit.invoke('user', 'ask_user', { question: 'Q?' });
    expect(!outside.ok && outside.error.code).toBe('DENIED_BY_POLICY');
  });

  it('a background job the child started dies when the child session ends (its toolkit is closed)', async () => {
    const kernel = createInProcessKernel({
      step: async (input) => {
        const started = await input.toolkit.call.bash({
          command: 'echo $$ > job.pid; exec sleep 30',
          run_in_background: true,
        });
        for (let i = 0; i < 100 && !(await readFile(join(root, 'job.pid'), 'utf8').catch(() => '')).trim(); i++)
          await new Promise((r) => setTimeout(r, 50));
        return `started ${started.job_id}`;
      },
    });
    const parent = createToolkit({ workspace: root, kernel });
    const result = await spawn(parent, { capabilities: ['exec.*'] });
    expect(result.ok && (result.output as { status: string }).status).toBe('completed');
    const pid = Number((await readFile(join(root, 'job.pid'), 'utf8')).trim());
    expect(pid).toBeGreaterThan(1);
    expect(await goneWithin(pid)).toBe(true);
  });

  it('a sub-agent cannot widen its own profile by asking for "*" for a grandchild', async () => {
    const attempts: unknown[] = [];
    const kernel = createInProcessKernel({
      step: async ({ toolkit, depth }) => {
        if (depth === 1) {
          const widened = await toolkit.invoke('agent', 'spawn_subagent', {
            prompt: 'p',
            description: 'd',
            capabilities: ['*'],
          });
          attempts.push(widened.ok ? 'allowed' : widened.error);
          const same = await toolkit.invoke('agent', 'spawn_subagent', { prompt: 'p', description: 'd' });
          attempts.push(same.ok ? (same.output as { status: string }).status : same.error);
          return 'child done';
        }
        return `grandchild ops: ${toolkit.operations
          .map((o) => o.id)
          .sort()
          .join(',')}`;
      },
    });
    const parent = createToolkit({ workspace: root, kernel });
    const result = await spawn(parent, { capabilities: ['task.task_list', 'agent.spawn_subagent'] });
    expect(result.ok && (result.output as { output: string }).output).toBe('child done');
    expect(attempts[0]).toMatchObject({
      code: 'DENIED_BY_POLICY',
      details: { profile: ['task.task_list', 'agent.spawn_subagent'] },
    });
    expect(attempts[1]).toBe('completed');
  });

  it('recursion stops at maxDepth (default 3) with DENIED_BY_POLICY', async () => {
    const depthsRun: number[] = [];
    const refusals: string[] = [];
    const step: SubagentStep = async ({ toolkit, depth }) => {
      depthsRun.push(depth);
      const deeper = await toolkit.invoke('agent', 'spawn_subagent', { prompt: 'go deeper', description: 'recurse' });
      if (!deeper.ok) refusals.push(`${depth}:${deeper.error.code}:${deeper.error.message}`);
      return `depth ${depth}`;
    };
    await spawn(createToolkit({ workspace: root, kernel: createInProcessKernel({ step }) }), {});
    expect(depthsRun).toEqual([1, 2, 3]);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatch(
      /^3:DENIED_BY_POLICY:sub-agent depth limit reached: this agent is at depth 3 and the limit is 3/,
    );

    depthsRun.length = 0;
    await spawn(createToolkit({ workspace: root, kernel: createInProcessKernel({ step }), maxDepth: 1 }), {});
    expect(depthsRun).toEqual([1]);
    const none = await spawn(
      createToolkit({ workspace: root, kernel: createInProcessKernel({ step }), maxDepth: 0 }),
      {},
    );
    expect(!none.ok && none.error.code).toBe('DENIED_BY_POLICY');
  });

  it("the parent's abort reaches the child: its tool calls are cancelled and the parent call is CANCELLED", async () => {
    const controller = new AbortController();
    let childResult: unknown;
    let childSignal: AbortSignal | undefined;
    const kernel = createInProcessKernel({
      step: async ({ toolkit, signal }) => {
        childSignal = signal;
        // A child tool call that waits on the user until cancelled.
        const r = await toolkit.invoke('user', 'ask_user', { question: 'wait' }, { signal });
        childResult = r.ok ? r.output : r.error.code;
        return 'unreachable';
      },
    });
    const parent = createToolkit({
      workspace: root,
      kernel,
      user: { ask: () => new Promise(() => {}), approve: async () => true },
    });
    const pending = spawn(parent, {}, controller.signal);
    await vi.waitFor(() => expect(childSignal).toBeDefined());
    controller.abort();
    const result = await pending;
    expect(!result.ok && result.error.code).toBe('CANCELLED');
    await vi.waitFor(() => expect(childResult).toBe('CANCELLED'));
    expect(childSignal!.aborted).toBe(true);
  });

  it('a step that throws ends the session as failed; an aborted one as cancelled', async () => {
    const failing = createInProcessKernel({
      step: async () => {
        throw new Error('model refused');
      },
    });
    const result = await spawn(createToolkit({ workspace: root, kernel: failing }), {});
    expect(result.ok && result.output).toMatchObject({ status: 'failed', output: 'model refused' });
    const cancelled = createInProcessKernel({
      step: async () => {
        throw new ToolError('CANCELLED', 'stopped');
      },
    });
    const direct = await cancelled.runSession({
      prompt: 'p',
      description: 'd',
      profile: ['task.*'],
      parentSessionId: 'root',
      depth: 1,
      signal: new AbortController().signal,
      parentOptions: { workspace: root },
    });
    expect(direct.status).toBe('cancelled');
  });

  it("the child inherits the parent's policy", async () => {
    let childAttempt: unknown;
    const kernel = createInProcessKernel({
      step: async ({ toolkit }) => {
        const r = await toolkit.invoke('task', 'task_create', { title: 'x' });
        childAttempt = r.ok ? 'ran' : r.error.code;
        return 'ok';
      },
    });
    const parent = createToolkit({
      workspace: root,
      kernel,
      policy: { rules: [{ operation: 'task_create', decision: 'deny' }] },
    });
    expect((await spawn(parent, {})).ok).toBe(true);
    expect(childAttempt).toBe('DENIED_BY_POLICY');
  });
});
