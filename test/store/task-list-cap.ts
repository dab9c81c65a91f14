// The cap on one principal's task list, checked through two instances of one store.
import { expect } from 'vitest';
import { MAX_TASKS_PER_LIST } from '../../src/runtime/services/tasks.js';
import type { Store, StoreKey } from '../../src/runtime/store/types.js';
import { freshKey, rejection } from './contract-engines.js';

/** Settles every promise; the values of those that resolved and the codes of those that rejected. */
export async function outcomes<T>(work: Promise<T>[]): Promise<{ ok: T[]; codes: string[] }> {
  const settled = await Promise.allSettled(work);
  return {
    ok: settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])),
    codes: settled.flatMap((s) => (s.status === 'rejected' ? [String((s.reason as { code?: string }).code)] : [])),
  };
}

export async function checkTaskListCap(a: Store, b: Store): Promise<void> {
  const alice = freshKey('alice');
  const bob: StoreKey = { scope: alice.scope, principal: 'bob' };
  const now = new Date();
  const first = await a.tasks.create(alice, { title: 'first', status: 'completed' }, now);
  for (let i = 1; i < MAX_TASKS_PER_LIST - 1; i++) await a.tasks.create(alice, { title: `open ${i}` }, now);
  // One place left and one ended task: of five racers two are created (the second in the ended
  // task's place), three are refused.
  const raced = await outcomes(
    Array.from({ length: 5 }, (_, i) => (i % 2 ? a : b).tasks.create(alice, { title: `racer ${i}` }, now)),
  );
  expect(raced.ok).toHaveLength(2);
  expect(raced.codes).toEqual(Array(3).fill('LIMIT_REACHED'));
  const held = await a.tasks.list(alice);
  expect(held).toHaveLength(MAX_TASKS_PER_LIST);
  expect(held.some((task) => task.id === first.id)).toBe(false);
  const refusal = await rejection(b.tasks.create(alice, { title: 'one more' }, now));
  expect(refusal.code).toBe('LIMIT_REACHED');
  expect(refusal.message).toContain(`holds ${MAX_TASKS_PER_LIST} tasks, none of them completed or cancelled`);
  // Bob's list is his own; cancelling one of Alice's makes room for one more of hers.
  expect((await b.tasks.create(bob, { title: 'bob' }, now)).id).toBe('t1');
  const cancelled = held[10]!;
  await a.tasks.update(alice, cancelled.id, { status: 'cancelled' }, now);
  const next = await a.tasks.create(alice, { title: 'after a cancel' }, now);
  const after = await a.tasks.list(alice);
  expect(after).toHaveLength(MAX_TASKS_PER_LIST);
  expect(after.map((task) => task.id)).not.toContain(cancelled.id);
  expect(after.at(-1)!.id).toBe(next.id);
}
