// Kill loops across replicas (two stores on one embedded folder in this process): many background
// jobs started through one replica and killed through the other, some while they flood output,
// some the moment they start, several at once. Every kill must end the whole process tree, the
// record must say killed, and no process may survive.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import { openStore } from '../../src/runtime/store/lazy.js';
import { replicaFor } from '../../src/runtime/store/replica.js';
import type { Store } from '../../src/runtime/store/types.js';
import type { ToolkitOf } from '../../src/runtime/contract/types.js';
import type { BashKillResult, BashResult } from '../../src/generated/types.js';
import { tempDir } from '../support/helpers.js';
import { killTagged, survivorsOf, tag } from '../support/exec-helpers.js';
import { scaled } from '../support/time.js';

const ROUNDS = 30;
const stores: Store[] = [];
const toolkits: ToolkitOf[] = [];
const t = tag('replica-kill-loop');

// After each test, before the helpers' own hook removes the temporary folders (hooks run last
// registered first): a replica still renewing would write into the store folder while it is removed.
afterEach(async () => {
  for (const toolkit of toolkits.splice(0)) await toolkit.close();
  for (const store of stores.splice(0)) {
    await replicaFor(store).close();
    await store.close();
  }
  await killTagged(t);
});

async function replicas(): Promise<[ToolkitOf, ToolkitOf]> {
  const workspace = await tempDir();
  const folder = path.join(await tempDir(), 'store');
  const replica = (): ToolkitOf => {
    const store = openStore(folder);
    stores.push(store);
    const toolkit: ToolkitOf = createToolkit({ workspace, store, storeScope: 'loop', exec: { maxJobs: 8 } });
    toolkits.push(toolkit);
    return toolkit;
  };
  return [replica(), replica()];
}

async function start(toolkit: ToolkitOf, command: string): Promise<string> {
  const result = await toolkit.invoke('exec', 'bash', { command, run_in_background: true });
  if (!result.ok) throw new Error(result.text);
  return (result.output as BashResult).job_id!;
}

async function kill(toolkit: ToolkitOf, id: string): Promise<BashKillResult> {
  const result = await toolkit.invoke('exec', 'bash_kill', { job_id: id });
  if (!result.ok) throw new Error(result.text);
  return result.output as BashKillResult;
}

describe('kills across replicas, in loops', () => {
  it(
    'every job killed through the other replica ends, whole, and reads killed',
    { timeout: scaled(300_000) },
    async () => {
      const [a, b] = await replicas();
      const commands = [
        `(exec -a ${t} sleep 300) & wait`,
        `(exec -a ${t} sleep 300) & yes flood | head -c 20000000; wait`,
        `(exec -a ${t} sleep 300) & (exec -a ${t} sleep 300) & wait`,
      ];
      for (let round = 0; round < ROUNDS; round++) {
        const ids = await Promise.all([0, 1, 2].map((i) => start(a, commands[(round + i) % commands.length]!)));
        if (round % 2 === 0) await new Promise((resolve) => setTimeout(resolve, 50));
        const results = await Promise.all(ids.map((id) => kill(b, id)));
        for (const result of results) expect(result).toMatchObject({ killed: true, status: 'killed' });
        expect(await survivorsOf(t), `round ${round}`).toEqual([]);
      }
    },
  );
});
