// What a policy costs an invoke: the same task_list calls through a toolkit under the policy and
// through one with none, side by side.
import { createToolkit } from '../src/toolkit.js';
import type { ToolkitOptions } from '../src/runtime/contract/types.js';
import { sideBySide } from './lib.js';

/** µs per `task_list` call (with `input`) under `policy` (toolwright) and with no policy (baseline). */
export async function taskListUnderPolicy(
  workspace: string,
  policy: NonNullable<ToolkitOptions['policy']>,
  input: Record<string, unknown>,
  calls: number,
): Promise<{ toolwright: number; baseline: number }> {
  const plain = createToolkit({ workspace });
  const ruled = createToolkit({ workspace, policy });
  const timed = await sideBySide(
    async () => {
      for (let i = 0; i < calls; i++) await ruled.invoke('task', 'task_list', input);
    },
    async () => {
      for (let i = 0; i < calls; i++) await plain.invoke('task', 'task_list', input);
    },
  );
  return { toolwright: (timed.toolwright * 1000) / calls, baseline: (timed.baseline * 1000) / calls };
}
