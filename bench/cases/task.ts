// task/agent/policy: the cost of the file store's safety (lock + fsync + rename) against a bare
// read-modify-write, of invoke around the in-memory store, of a policy check, and of a sub-agent
// round trip through the in-process kernel.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInProcessKernel } from '../../src/public-types.js';
import { createDefaultTaskStore, createFileTaskStore } from '../../src/runtime/services/tasks.js';
import { createToolkit } from '../../src/toolkit.js';
import { Session } from '../../src/runtime/session/session.js';
import { sideBySide, type BenchCase } from '../lib.js';
import { taskListUnderPolicy } from '../policy-overhead.js';

const CREATES = 100;
const CALLS = 2000;

const bench: BenchCase = {
  name: 'task',
  async run(ctx) {
    // 1. File store: 100 sequential creates vs a bare JSON read-modify-write (no lock, no fsync).
    let round = 0;
    const file = await sideBySide(
      async () => {
        const store = createFileTaskStore({ path: join(ctx.tmp, `store-${round++}.json`) });
        for (let i = 0; i < CREATES; i++) await store.create({ title: `t${i}` }, new Date());
      },
      async () => {
        const path = join(ctx.tmp, `bare-${round}.json`);
        await writeFile(path, JSON.stringify({ tasks: [] }));
        for (let i = 0; i < CREATES; i++) {
          const state = JSON.parse(await readFile(path, 'utf8'));
          state.tasks.push({ id: `t${i}`, title: `t${i}` });
          await writeFile(path, JSON.stringify(state));
        }
      },
      5,
    );
    ctx.row({
      case: `file store: ${CREATES} creates (lock+fsync+rename)`,
      toolwright: file.toolwright,
      baseline: file.baseline,
      baselineName: 'bare readFile+writeFile',
      note: `${(file.toolwright / CREATES).toFixed(2)} ms per create`,
    });

    // 2. invoke task_create (validation, policy, output check) vs the store call it wraps.
    const toolkit = createToolkit({ workspace: ctx.tmp });
    const store = createDefaultTaskStore();
    const perCall = await sideBySide(
      async () => {
        for (let i = 0; i < CALLS; i++) await toolkit.invoke('task', 'task_create', { title: 'x' });
      },
      async () => {
        for (let i = 0; i < CALLS; i++) await store.create({ title: 'x' }, new Date());
      },
    );
    ctx.row({
      case: 'invoke task_create (in-memory)',
      toolwright: (perCall.toolwright * 1000) / CALLS,
      baseline: (perCall.baseline * 1000) / CALLS,
      baselineName: 'store.create directly',
      unit: 'µs',
    });

    // 3. The same call under a policy with a few rules vs no policy.
    const policy = await taskListUnderPolicy(
      ctx.tmp,
      {
        extends: 'askForRisky',
        rules: [
          { provider: 'web', decision: 'deny' },
          { operation: 'bash', decision: 'ask' },
        ],
      },
      { status: 'completed' },
      CALLS,
    );
    ctx.row({
      case: 'invoke task_list with a 4-rule policy',
      toolwright: policy.toolwright,
      baseline: policy.baseline,
      baselineName: 'no policy',
      unit: 'µs',
    });

    // 4. spawn_subagent through the in-process kernel (child toolkit built per call), no-op step.
    const step = async () => 'done';
    const parent = createToolkit({
      workspace: ctx.tmp,
      kernel: createInProcessKernel({ step }),
      profile: ['task.*', 'agent.*'],
    });
    const spawns = 200;
    const spawn = await sideBySide(
      async () => {
        for (let i = 0; i < spawns; i++)
          await parent.invoke('agent', 'spawn_subagent', {
            prompt: 'p',
            description: 'd',
            capabilities: ['task.task_list'],
          });
      },
      async () => {
        for (let i = 0; i < spawns; i++) {
          createToolkit({ workspace: ctx.tmp, profile: ['task.task_list'], session: new Session({ depth: 1 }) });
          await step();
        }
      },
    );
    ctx.row({
      case: 'spawn_subagent round trip (no-op step)',
      toolwright: (spawn.toolwright * 1000) / spawns,
      baseline: (spawn.baseline * 1000) / spawns,
      baselineName: 'createToolkit + step directly',
      unit: 'µs',
    });
  },
};

export default bench;
