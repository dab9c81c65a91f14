// What one principal may keep of MCP tasks, decided over that principal's own live tasks only (the
// embedded and in-memory engines call these under the key's lock; PostgreSQL asks the same of its
// rows in one transaction). Room is made by removing the key's own oldest ended tasks; a task still
// working is never removed, and another key's tasks are never even looked at.
import { runningTasksLimitReached, storedBytesLimitReached, storedTasksLimitReached } from './record-checks.js';
import type { McpTaskLimits } from './types.js';

/** One live task of the key, oldest first: whether it has ended, and the bytes of its stored result. */
export interface KeptTask {
  readonly id: string;
  readonly ended: boolean;
  readonly bytes: number;
}

/** The ids of the key's own ended tasks to remove so that one more task fits; LIMIT_REACHED when it cannot. */
export function roomForTask(tasks: readonly KeptTask[], limits: Partial<McpTaskLimits> | undefined): string[] {
  if (!limits) return [];
  const working = tasks.filter((task) => !task.ended).length;
  if (limits.running !== undefined && working >= limits.running)
    throw runningTasksLimitReached(working, limits.running);
  if (limits.stored === undefined || tasks.length < limits.stored) return [];
  const excess = tasks.length - limits.stored + 1;
  const ended = tasks.filter((task) => task.ended).slice(0, excess);
  if (ended.length < excess) throw storedTasksLimitReached(tasks.length, limits.stored);
  return ended.map((task) => task.id);
}

/**
 * The ids of the key's own ended tasks to remove so that a result of `bytes` for task `id` fits
 * within `max` bytes of stored results; LIMIT_REACHED when it cannot (nothing is removed then).
 */
export function roomForResult(
  tasks: readonly KeptTask[],
  id: string,
  bytes: number,
  max: number | undefined,
): string[] {
  if (max === undefined) return [];
  const others = tasks.filter((task) => task.id !== id);
  const held = others.reduce((sum, task) => sum + task.bytes, 0);
  if (held + bytes <= max) return [];
  let total = held;
  const removed: string[] = [];
  for (const task of others) {
    if (total + bytes <= max) break;
    if (!task.ended || task.bytes === 0) continue;
    removed.push(task.id);
    total -= task.bytes;
  }
  if (total + bytes > max) throw storedBytesLimitReached(bytes, held, max);
  return removed;
}
