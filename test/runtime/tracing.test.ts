// Spans: with a tracer provider registered through @opentelemetry/api, each call is one span named
// after its operation, with the decision, code and principal, and an error status when it failed;
// without one (or with TOOLWRIGHT_TRACING=off), no span is made and the API is not even loaded.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AsyncLocalStorage } from 'node:async_hooks';
import { context, ROOT_CONTEXT, trace, type Context, type ContextManager } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import { tracerRegistered } from '../../src/runtime/invoke/tracing.js';
import { tempDir } from '../support/helpers.js';

const exporter = new InMemorySpanExporter();

function register(): BasicTracerProvider {
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  trace.setGlobalTracerProvider(provider);
  return provider;
}

/** The host's context manager (what @opentelemetry/context-async-hooks does), small enough to write here. */
class StorageContextManager implements ContextManager {
  readonly #storage = new AsyncLocalStorage<Context>();
  active(): Context {
    return this.#storage.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    ctx: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    return this.#storage.run(ctx, () => fn.call(thisArg, ...args));
  }
  bind<T>(_ctx: Context, target: T): T {
    return target;
  }
  enable(): this {
    return this;
  }
  disable(): this {
    this.#storage.disable();
    return this;
  }
}

afterEach(() => {
  trace.disable();
  context.disable();
  exporter.reset();
  delete process.env.TOOLWRIGHT_TRACING;
});

const spans = (): ReadableSpan[] => exporter.getFinishedSpans();

describe('spans', () => {
  it('makes one span per call with its operation, decision, code and principal', async () => {
    register();
    expect(tracerRegistered()).toBe(true);
    const workspace = await tempDir();
    await writeFile(join(workspace, 'a.txt'), 'alpha\n');
    const toolkit = createToolkit({
      workspace,
      principal: 'alice',
      policy: { rules: [{ operation: 'write_file', decision: 'deny' }] },
    });
    await toolkit.invoke('filesystem', 'read_file', { path: 'a.txt' });
    await toolkit.invoke('filesystem', 'read_file', { path: 'missing.txt' }, { principal: 'bob' });
    await toolkit.invoke('filesystem', 'write_file', { path: 'b.txt', content: 'x' });
    const [ok, missing, denied] = spans();
    expect(spans()).toHaveLength(3);
    expect(ok!.name).toBe('toolwright filesystem.read_file');
    expect(ok!.attributes).toEqual({
      'toolwright.operation': 'filesystem.read_file',
      'toolwright.principal': 'alice',
      'toolwright.risk': 'read_only',
      'toolwright.decision': 'allow',
      'toolwright.rule': 'default',
      'toolwright.code': 'ok',
    });
    expect(ok!.status.code).toBe(0); // UNSET
    expect(missing!.attributes).toMatchObject({ 'toolwright.principal': 'bob', 'toolwright.code': 'NOT_FOUND' });
    expect(missing!.status).toMatchObject({ code: 2, message: expect.stringMatching(/^NOT_FOUND: /) });
    expect(denied!.name).toBe('toolwright filesystem.write_file');
    expect(denied!.attributes).toMatchObject({
      'toolwright.decision': 'deny',
      'toolwright.rule': '0',
      'toolwright.code': 'DENIED_BY_POLICY',
      'toolwright.risk': 'moderate',
    });
    expect(denied!.status.code).toBe(2); // ERROR
    await toolkit.close();
  });

  it("is a child of the host's active span", async () => {
    const provider = register();
    context.setGlobalContextManager(new StorageContextManager());
    const toolkit = createToolkit({ workspace: await tempDir() });
    const parent = provider.getTracer('host').startSpan('agent turn');
    await context.with(trace.setSpan(context.active(), parent), () => toolkit.invoke('task', 'task_list', {}));
    parent.end();
    const child = spans().find((s) => s.name === 'toolwright task.task_list')!;
    expect(child.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
  });

  it('makes none when no provider is registered, or when tracing is turned off', async () => {
    const workspace = await tempDir();
    expect(tracerRegistered()).toBe(false);
    const plain = createToolkit({ workspace });
    await plain.invoke('task', 'task_list', {});
    register();
    process.env.TOOLWRIGHT_TRACING = 'off';
    const off = createToolkit({ workspace });
    await off.invoke('task', 'task_list', {});
    expect(spans()).toEqual([]);
    // A toolkit made while no provider was registered traces once one is.
    await plain.invoke('task', 'task_list', {});
    expect(spans().map((s) => s.name)).toEqual(['toolwright task.task_list']);
  });

  it('a span processor that throws never reaches the call', async () => {
    const provider = new BasicTracerProvider({
      spanProcessors: [
        {
          onStart: () => {},
          onEnd: () => {
            throw new Error('exporter broke');
          },
          forceFlush: async () => {},
          shutdown: async () => {},
        },
      ],
    });
    trace.setGlobalTracerProvider(provider);
    const toolkit = createToolkit({ workspace: await tempDir() });
    expect(await toolkit.invoke('task', 'task_list', {})).toMatchObject({ ok: true });
  });
});
