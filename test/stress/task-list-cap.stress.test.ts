// The task-list cap on the embedded engine (each create rewrites the list's file: too slow for the quick suite).
import { describe, it } from 'vitest';
import { contractEngines, storeOpener } from '../store/contract-engines.js';
import { checkTaskListCap } from '../store/task-list-cap.js';
import { scaled } from '../support/time.js';

const embedded = contractEngines().find((engine) => engine.name === 'embedded')!;

describe('the task list of a principal: embedded', () => {
  const open = storeOpener(embedded);
  it('keeps at most MAX_TASKS_PER_LIST, racers through two instances included', { timeout: scaled(180_000) }, () =>
    checkTaskListCap(open({ timeoutMs: scaled(5_000) }), open({ timeoutMs: scaled(5_000) })),
  );
});
