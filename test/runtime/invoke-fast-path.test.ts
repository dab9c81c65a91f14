// invoke's per-call fast path (no guard async layer, a class as handler context, synchronous policy
// decisions): what it skips must not change what a call does.
import { describe, expect, it } from 'vitest';
import { createToolkit, referenceProviders, type HandlerContext, type Provider } from '../../src/index.js';
import { tempDir } from '../support/helpers.js';

/** The reference set with task_list replaced by `body` (same operation, same schemas). */
function withTaskList(body: (params: unknown, ctx: HandlerContext) => Promise<unknown>): Provider<any>[] {
  return referenceProviders.map((p) =>
    p.name === 'task' ? { ...p, handlers: { ...p.handlers, task_list: body } } : p,
  ) as Provider<any>[];
}
const EMPTY = { tasks: [], counts: { pending: 0, in_progress: 0, completed: 0, cancelled: 0 } };

describe('invoke fast path', () => {
  it('a handler map whose lookup throws, or a handler that throws synchronously, ends as {ok:false} (never a rejection)', async () => {
    const root = await tempDir();
    const task = referenceProviders.find((p) => p.name === 'task')!;
    let armed = false;
    const handlers = new Proxy(
      { ...task.handlers },
      {
        get: (t, k) => {
          if (armed && k === 'task_list') throw new Error('trap');
          return Reflect.get(t, k);
        },
      },
    );
    const trapped = createToolkit({
      workspace: root,
      providers: referenceProviders.map((p) => (p === task ? { ...p, handlers } : p)) as Provider<any>[],
    });
    armed = true;
    const a = await trapped.invoke('task', 'task_list', {});
    expect(a.ok === false && a.error.code).toBe('INTERNAL');
    expect(a.ok === false && a.error.message).toContain('trap');
    const sync = createToolkit({
      workspace: root,
      providers: withTaskList(() => {
        throw new Error('sync boom');
      }),
    });
    const b = await sync.invoke('task', 'task_list', {});
    expect(b.ok === false && b.error.message).toContain('sync boom');
  });

  it("ctx.signal is created on demand, stable within a call, the caller's own plain signal when given, and visible through Object.create(ctx)", async () => {
    const seen: { same: boolean; derived: boolean; signal: AbortSignal; keys: string[] }[] = [];
    const toolkit = createToolkit({
      workspace: await tempDir(),
      providers: withTaskList(async (_p, ctx) => {
        const child = Object.create(ctx) as HandlerContext;
        seen.push({
          same: ctx.signal === ctx.signal,
          derived: child.signal === ctx.signal && child.services === ctx.services,
          signal: ctx.signal,
          keys: Object.keys(ctx),
        });
        return EMPTY;
      }),
    });
    const mine = new AbortController().signal;
    expect(await toolkit.invoke('task', 'task_list', {})).toMatchObject({ ok: true });
    expect(await toolkit.invoke('task', 'task_list', {}, { signal: mine })).toMatchObject({ ok: true });
    expect(seen.map((s) => [s.same, s.derived])).toEqual([
      [true, true],
      [true, true],
    ]);
    expect(seen[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(seen[0]!.signal).not.toBe(mine);
    expect(seen[1]!.signal).toBe(mine);
    // No private state of the runtime leaks into what a handler can enumerate (the role arguments are public).
    expect(seen[0]!.keys.sort()).toEqual([
      'defaulted',
      'operation',
      'pathLists',
      'paths',
      'principal',
      'services',
      'session',
      'storeKey',
      'toolkit',
      'urls',
      'workspace',
    ]);
  });

  it('a signal the guard must follow (own property shadowing) is released after the call and still cancels a running one', async () => {
    let release!: () => void;
    const toolkit = createToolkit({
      workspace: await tempDir(),
      providers: withTaskList(
        () =>
          new Promise((resolve) => {
            release = () => resolve(EMPTY);
          }),
      ),
    });
    const controller = new AbortController();
    Object.defineProperty(controller.signal, 'aborted', { value: false }); // not a plain signal: followed
    const running = toolkit.invoke('task', 'task_list', {}, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    const cancelled = await running;
    expect(cancelled.ok === false && cancelled.error.code).toBe('CANCELLED');
    release();
    const second = new AbortController();
    Object.defineProperty(second.signal, 'aborted', { value: false });
    const done = toolkit.invoke('task', 'task_list', {}, { signal: second.signal });
    await new Promise((r) => setTimeout(r, 10));
    release();
    expect((await done).ok).toBe(true);
    second.abort(); // after the call: nothing is listening any more, nothing throws
  });

  it('synchronous policy decisions (no argument rules) still deny, allow and ask', async () => {
    const root = await tempDir();
    const denied = createToolkit({
      workspace: root,
      policy: { rules: [{ operation: 'task_list', decision: 'deny', reason: 'not today' }] },
    });
    const d = await denied.invoke('task', 'task_list', {});
    expect(d.ok === false && d.error.code).toBe('DENIED_BY_POLICY');
    expect(d.ok === false && d.error.message).toContain('not today');
    const allowed = createToolkit({
      workspace: root,
      policy: { rules: [{ operation: 'task_list', decision: 'allow' }], default: 'deny' },
    });
    const ok = await allowed.invoke('task', 'task_list', {});
    expect(ok.ok && ok.meta.policy.decision).toBe('allow');
    const asked: string[] = [];
    const ask = (answer: boolean) =>
      createToolkit({
        workspace: root,
        policy: { rules: [{ operation: 'task_list', decision: 'ask' }] },
        user: {
          ask: async () => ({ answer: '' }),
          approve: async (req: { operation: string }) => {
            asked.push(req.operation);
            return answer;
          },
        } as never,
      });
    expect((await ask(true).invoke('task', 'task_list', {})).ok).toBe(true);
    const no = await ask(false).invoke('task', 'task_list', {});
    expect(no.ok === false && no.error.code).toBe('DENIED_BY_POLICY');
    expect(asked).toEqual(['task_list', 'task_list']);
  });

  it("a decision cached per operation cannot be changed through a result's meta", async () => {
    const toolkit = createToolkit({
      workspace: await tempDir(),
      policy: { rules: [{ operation: 'task_create', decision: 'deny' }] },
    });
    const first = await toolkit.invoke('task', 'task_create', { title: 'a' });
    const policy = first.meta.policy as { decision: string };
    expect(() => {
      policy.decision = 'allow';
    }).toThrow(TypeError);
    const second = await toolkit.invoke('task', 'task_create', { title: 'b' });
    expect(second.ok === false && second.error.code).toBe('DENIED_BY_POLICY');
    const allowed = await toolkit.invoke('task', 'task_list', {});
    expect(() => {
      (allowed.meta.policy as { decision: string }).decision = 'deny';
    }).toThrow(TypeError);
    expect((await toolkit.invoke('task', 'task_list', {})).ok).toBe(true);
    expect((await toolkit.invoke('task', 'task_list', {})).ok).toBe(true);
    // Without a policy too (one shared default decision).
    const open = createToolkit({ workspace: await tempDir() });
    const r = await open.invoke('task', 'task_list', {});
    expect(() => {
      (r.meta.policy as { decision: string }).decision = 'deny';
    }).toThrow(TypeError);
  });

  it('hostile thrown values (throwing toString, throwing message getter, nested) from a handler or an approval end as {ok:false}', async () => {
    const nested = {
      toString() {
        throw {
          toString() {
            throw new Error('deeper');
          },
        };
      },
    };
    const badMessage = Object.defineProperty(new Error('x'), 'message', {
      get() {
        throw nested;
      },
    });
    for (const thrown of [nested, badMessage, Symbol('s'), Object.create(null)]) {
      const toolkit = createToolkit({
        workspace: await tempDir(),
        providers: withTaskList(async () => {
          throw thrown;
        }),
      });
      const r = await toolkit.invoke('task', 'task_list', {});
      expect(r.ok === false && r.error.code).toBe('INTERNAL');
      const asking = createToolkit({
        workspace: await tempDir(),
        policy: { rules: [{ operation: 'task_list', decision: 'ask' }] },
        user: {
          ask: async () => ({ answer: '' }),
          approve: async () => {
            throw thrown;
          },
        } as never,
      });
      const a = await asking.invoke('task', 'task_list', {});
      expect(a.ok === false && a.error.code).toBe('DENIED_BY_POLICY');
    }
  });
});
