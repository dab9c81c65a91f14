// Work done a slice at a time: the same answer as the one-go forms, other work served in
// between, and a cancelled call stopped between slices.
import { describe, expect, it } from 'vitest';
import { ToolError } from '../../src/runtime/contract/errors.js';
import { eachInTurns, filterInTurns, SLICE, sortInTurns } from '../../src/runtime/turns/turns.js';

/** Counts the turns of the event loop until stopped. */
function turnCounter(): { stop(): number } {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    stop() {
      running = false;
      return turns;
    },
  };
}

/** A deterministic sequence (no Math.random: a failure replays). */
function keys(count: number, seed: number, range: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % range;
  });
}

describe('sortInTurns', () => {
  const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;

  for (const count of [0, 1, 2, SLICE - 1, SLICE, SLICE + 1, 3 * SLICE + 17, 50_000])
    it(`sorts ${count} items as Array.prototype.sort does, equal keys kept in order`, async () => {
      // Few distinct keys: most items tie, so an unstable merge would show.
      const items = keys(count, count + 7, 97).map((key, index) => ({ key, index }));
      const expected = [...items].sort(byKey);
      const sorted = await sortInTurns([...items], byKey);
      expect(sorted).toEqual(expected);
    });

  it('serves the event loop while it sorts a large array', async () => {
    const items = keys(20 * SLICE, 3, 1_000_000);
    const counter = turnCounter();
    const sorted = await sortInTurns(items, (a, b) => a - b);
    const turns = counter.stop();
    expect(sorted).toEqual([...keys(20 * SLICE, 3, 1_000_000)].sort((a, b) => a - b));
    // One turn per run sorted and one per SLICE items merged, at the least.
    expect(turns).toBeGreaterThanOrEqual(20);
  });

  it('sorts a short array at once, in place', async () => {
    const items = [3, 1, 2];
    const counter = turnCounter();
    const sorted = await sortInTurns(items, (a, b) => a - b);
    expect(counter.stop()).toBe(0);
    expect(sorted).toBe(items);
    expect(items).toEqual([1, 2, 3]);
  });

  it('stops with CANCELLED between slices once its signal aborts', async () => {
    const controller = new AbortController();
    let compared = 0;
    setImmediate(() => controller.abort());
    const sorting = sortInTurns(
      keys(40 * SLICE, 5, 1000),
      (a, b) => {
        compared++;
        return a - b;
      },
      controller.signal,
    );
    await expect(sorting).rejects.toSatisfy((error) => error instanceof ToolError && error.code === 'CANCELLED');
    // Stopped after the first run or so, far from the whole sort's comparisons.
    expect(compared).toBeLessThan(40 * SLICE * 4);
  });
});

describe('eachInTurns and filterInTurns', () => {
  it('visit every item in order, a turn between slices', async () => {
    const items = Array.from({ length: 5 * SLICE + 3 }, (_, i) => i);
    const visited: number[] = [];
    const counter = turnCounter();
    await eachInTurns(items, (item) => visited.push(item));
    expect(counter.stop()).toBeGreaterThanOrEqual(5);
    expect(visited).toEqual(items);
    expect(await filterInTurns(items, (item) => item % 3 === 0)).toEqual(items.filter((item) => item % 3 === 0));
  });

  it('take any iterable (a Set) and stop when the signal aborts', async () => {
    const controller = new AbortController();
    const set = new Set(Array.from({ length: 10 * SLICE }, (_, i) => i));
    let visited = 0;
    setImmediate(() => controller.abort());
    await expect(eachInTurns(set, () => visited++, controller.signal)).rejects.toBeInstanceOf(ToolError);
    expect(visited).toBeLessThan(10 * SLICE);
    expect(visited).toBeGreaterThanOrEqual(SLICE);
  });
});
