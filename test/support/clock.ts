// A stopped clock for "at once" and "only after N ms" without measuring time: while it is stopped,
// every setTimeout made (by the code under test too) fires only when the test moves the clock. A
// call that completes with the clock stopped waited for no timer; one that stays pending until the
// clock passes N ms waited for exactly its N ms timer. Real events (processes, files, sockets) go
// on as usual: wait for them with `until`, which polls on the real clock.
import { vi } from 'vitest';
import { scaled } from './time.js';

// Taken before any test stops the clock.
const realSetTimeout = globalThis.setTimeout;
const pause = (ms: number) => new Promise<void>((resolve) => realSetTimeout(resolve, ms));

export interface StoppedClock {
  /** Moves the clock by `ms`, running every timer that falls due (and what they start). */
  advance(ms: number): Promise<void>;
}

/**
 * Runs `body` with setTimeout on a stopped clock (and `Date` too with `{ date: true }`, for code
 * that keeps its deadlines by Date.now), restored afterwards whatever happens.
 */
export async function withStoppedClock<T>(
  body: (clock: StoppedClock) => Promise<T>,
  options: { date?: boolean } = {},
): Promise<T> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', ...(options.date ? (['Date'] as const) : [])] });
  try {
    return await body({ advance: (ms) => vi.advanceTimersByTimeAsync(ms).then(() => undefined) });
  } finally {
    vi.useRealTimers();
  }
}

/**
 * Polls `condition` on the real clock (every 10 ms, up to `ms` scaled to the machine) until it
 * holds; throws naming `what` past that. Usable while the clock is stopped.
 */
export async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const tries = Math.ceil(scaled(ms) / 10);
  for (let i = 0; i < tries; i++) {
    if (await condition()) return;
    await pause(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Whether `promise` has settled, after the real events already due have run. */
export async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  // Several turns of the event loop, on the real clock: settlements already due run first.
  for (let i = 0; i < 5; i++) await pause(10);
  return done;
}
