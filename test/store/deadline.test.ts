// A store call answered UNAVAILABLE because its time ran out wrote nothing: work still waiting for
// its turn when the caller was answered is dropped, and work that had begun writing is waited for
// (its answer is its own). A flood of creates on one list: every task in the list was answered ok,
// and every call answered UNAVAILABLE left no task.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmbeddedStore } from '../../src/runtime/store/embedded.js';
import type { StoreKey } from '../../src/runtime/store/types.js';
import { tempDir } from '../support/helpers.js';

const key: StoreKey = { scope: 'scope', principal: 'alice' };

describe('a store call past its time bound', () => {
  it('is answered UNAVAILABLE only when nothing was written, and every write is answered as made', async () => {
    const folder = path.join(await tempDir('tw-deadline-'), 'store');
    const store = createEmbeddedStore(folder, { timeoutMs: 40 });
    try {
      const titles = Array.from({ length: 300 }, (_, i) => `task ${i}`);
      const answers = await Promise.allSettled(titles.map((title) => store.tasks.create(key, { title }, new Date())));
      const made = new Set<string>();
      const refused: string[] = [];
      // Work that had begun writing and still ran out of its second bound says it may have written.
      const maybe = new Set<string>();
      answers.forEach((answer, i) => {
        if (answer.status === 'fulfilled') made.add(titles[i]!);
        else {
          const error = answer.reason as { code?: string; message: string };
          expect(error.code).toBe('UNAVAILABLE');
          if (/may have been made/.test(error.message)) maybe.add(titles[i]!);
          else refused.push(titles[i]!);
        }
      });
      // The bound was short enough that some calls ran out of time while others waited ahead of them.
      expect(refused.length).toBeGreaterThan(0);
      // Closed once the work still under way has ended; read back with the default bound.
      await store.close();
      const reader = createEmbeddedStore(folder);
      const listed = new Set((await reader.tasks.list(key)).map((task) => task.title));
      await reader.close();
      for (const title of made) expect(listed.has(title), title).toBe(true);
      for (const title of listed) expect(made.has(title) || maybe.has(title), title).toBe(true);
      for (const title of refused) expect(listed.has(title), title).toBe(false);
    } finally {
      await store.close();
    }
  });
});

describe('task text limits in the store', () => {
  it('count characters as the task tools do (an emoji is one), the same as without a store', async () => {
    const store = createEmbeddedStore(path.join(await tempDir('tw-chars-'), 'store'));
    try {
      const title = '😀'.repeat(200);
      const description = '🦀'.repeat(4000);
      const made = await store.tasks.create(key, { title, description }, new Date());
      expect(made.title).toBe(title);
      await expect(store.tasks.create(key, { title: '😀'.repeat(201) }, new Date())).rejects.toThrow(
        /title is 201 characters long; at most 200 are kept/,
      );
    } finally {
      await store.close();
    }
  });
});
