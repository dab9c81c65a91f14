// Shared by bench/cases/compose.ts and its child bench/invoke-ab.ts.
import { median } from './lib.js';

export interface MiniToolkit {
  invoke(provider: string, operation: string, input: unknown): Promise<unknown>;
}

const CALLS = 4000;
const ROUNDS = 21;

/** CPU µs per call of each toolkit, rounds alternated (A B, B A, …) so drift hits both alike. */
export async function alternate(kits: Record<'a' | 'b', MiniToolkit>): Promise<{ a: number; b: number }> {
  for (const kit of Object.values(kits)) for (let i = 0; i < 2000; i++) await kit.invoke('task', 'task_list', {});
  const times: Record<'a' | 'b', number[]> = { a: [], b: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const name of r % 2 ? (['b', 'a'] as const) : (['a', 'b'] as const)) {
      const start = process.cpuUsage();
      for (let i = 0; i < CALLS; i++) await kits[name].invoke('task', 'task_list', {});
      const used = process.cpuUsage(start);
      times[name].push((used.user + used.system) / CALLS);
    }
  }
  return { a: median(times.a), b: median(times.b) };
}
