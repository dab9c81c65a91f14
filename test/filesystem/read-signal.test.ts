// read_file's long work checks the call's cancel signal between chunks, and a call no caller can
// cancel makes no signal at all (an AbortController is the largest fixed cost of a small read).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolkit, referenceProviders, ToolError, type HandlerContext, type Provider } from '../../src/index.js';
import { expectOk, tempDir } from '../support/helpers.js';

const filesystem = referenceProviders.find((p) => p.name === 'filesystem')!;
const RealController = globalThis.AbortController;

afterEach(() => {
  globalThis.AbortController = RealController;
});

/** Counts the AbortControllers made while `run` runs. */
async function controllersMadeBy(run: () => Promise<unknown>): Promise<number> {
  let made = 0;
  globalThis.AbortController = class extends RealController {
    constructor() {
      super();
      made++;
    }
  };
  try {
    await run();
  } finally {
    globalThis.AbortController = RealController;
  }
  return made;
}

describe('read_file and the cancel signal', () => {
  it('a read no caller can cancel makes no signal, from the start, the end or a middle of the file', async () => {
    const root = await tempDir();
    await writeFile(path.join(root, 'small.txt'), 'one\ntwo\nthree\n');
    await writeFile(path.join(root, 'big.txt'), 'x'.repeat(99).concat('\n').repeat(5000));
    const toolkit = createToolkit({ workspace: root });
    const reads = [
      { path: 'small.txt' },
      { path: 'small.txt', offset: -1 },
      { path: 'big.txt', offset: 2500, limit: 3 },
      { path: 'big.txt', offset: -2, count_lines: true },
    ];
    for (const params of reads) {
      expectOk(await toolkit.invoke('filesystem', 'read_file', params)); // warm: modules, folder cache, index
      expect(await controllersMadeBy(() => toolkit.invoke('filesystem', 'read_file', params))).toBe(0);
    }
  });

  it("a caller's signal aborted while a large file is scanned stops the handler itself with CANCELLED", async () => {
    const root = await tempDir();
    await writeFile(path.join(root, 'huge.txt'), `${'y'.repeat(199)}\n`.repeat(200_000));
    let handlerSettled: Promise<unknown> | undefined;
    const controller = new AbortController();
    const wrapped: Provider = {
      ...filesystem,
      handlers: {
        ...filesystem.handlers,
        read_file: async (params: unknown, ctx: HandlerContext) => {
          const running = filesystem.handlers.read_file!(params, ctx);
          handlerSettled = Promise.resolve(running).then(
            (value) => value,
            (error: unknown) => error,
          );
          setImmediate(() => controller.abort());
          return running;
        },
      },
    };
    const toolkit = createToolkit({ workspace: root, providers: [wrapped] });
    const result = await toolkit.invoke(
      'filesystem',
      'read_file',
      { path: 'huge.txt', offset: 199_990, count_lines: true },
      { signal: controller.signal },
    );
    expect(result.ok).toBe(false);
    // The handler itself stopped (not only the call's race with the signal).
    const handlerOutcome = await handlerSettled;
    expect(handlerOutcome).toBeInstanceOf(ToolError);
    expect((handlerOutcome as ToolError).code).toBe('CANCELLED');
  });
});
