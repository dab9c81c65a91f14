// The reference handler map loads each provider's module on first use, then holds the bodies
// themselves (no stub in between); an entry a host replaced before that stays the host's.
import { describe, expect, it } from 'vitest';
import { referenceHandlers } from '../../src/handlers/index.js';
import { taskHandlers } from '../../src/handlers/task/index.js';
import { expectOk, workspaceToolkit } from '../support/helpers.js';

describe('reference handler map', () => {
  it('swaps its loading stubs for the bodies after the first call, keeping a host replacement', async () => {
    const stub = referenceHandlers.task.task_list;
    expect(stub).not.toBe(taskHandlers.task_list);
    const seen: string[] = [];
    const hostCreate: typeof taskHandlers.task_create = async (params, ctx) => {
      seen.push(params.title);
      return taskHandlers.task_create(params, ctx);
    };
    referenceHandlers.task.task_create = hostCreate;

    const { toolkit } = await workspaceToolkit();
    expect(expectOk(await toolkit.invoke('task', 'task_list', {})).tasks).toEqual([]);
    expect(referenceHandlers.task.task_list).toBe(taskHandlers.task_list);
    expect(referenceHandlers.task.task_update).toBe(taskHandlers.task_update);
    expect(referenceHandlers.task.task_create).toBe(hostCreate);
    expectOk(await toolkit.invoke('task', 'task_create', { title: 'first' }));
    expect(seen).toEqual(['first']);
    expect(
      expectOk(await toolkit.invoke('task', 'task_list', {})).tasks.map((t: { title: string }) => t.title),
    ).toEqual(['first']);
  });
});
