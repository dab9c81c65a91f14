// How many media decodes run at once, process-wide. sharp runs each pipeline step on a thread of
// libuv's pool, the pool every file read and stat of every session also waits on: twelve large
// images at once would hold all of its threads for seconds. So images take a slot first, and
// fewer slots exist than pool threads (and than cores, so decodes never take every core from the
// event loop); a call waiting for one still honours its abort signal.
import { availableParallelism } from 'node:os';
import { abortError, throwIfAborted } from '../../../runtime/errors.js';

/** libuv's pool size: UV_THREADPOOL_SIZE when set (read once, when the pool starts), else 4. */
export function threadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const size = Number.parseInt(env.UV_THREADPOOL_SIZE ?? '', 10);
  return Number.isInteger(size) && size > 0 ? Math.min(size, 1024) : 4;
}

/** Half the pool (the other half stays free for file I/O) and one core less than there are, at least one. */
export function imageSlotCount(poolSize = threadPoolSize(), cores = availableParallelism()): number {
  return Math.max(1, Math.min(Math.floor(poolSize / 2), cores - 1));
}

interface Waiter {
  grant(): void;
}

/** A first-come first-served counting semaphore whose waiters can give up (abort). */
export class Slots {
  private active = 0;
  private readonly waiters: Waiter[] = [];

  constructor(readonly limit: number) {}

  /** Slots in use right now. */
  get inUse(): number {
    return this.active;
  }

  /** Calls waiting for a slot right now. */
  get waiting(): number {
    return this.waiters.length;
  }

  /** Waits for a slot (or throws CANCELLED once `signal` fires); returns its release, to call exactly once. */
  async acquire(signal: AbortSignal): Promise<() => void> {
    throwIfAborted(signal);
    if (this.active < this.limit && this.waiters.length === 0) {
      this.active++;
      return this.releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        const at = this.waiters.indexOf(waiter);
        if (at >= 0) this.waiters.splice(at, 1);
        reject(abortError(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
    return this.releaser();
  }

  /** Runs `work` holding a slot. */
  async run<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await work();
    } finally {
      release();
    }
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes straight to the next waiter (the count stays); else it is freed.
      const next = this.waiters.shift();
      if (next) next.grant();
      else this.active--;
    };
  }
}

/** Image decodes (sharp) across every toolkit of the process. */
export const imageSlots = new Slots(imageSlotCount());
