/**
 * Serializes async work per key (e.g. per real file path) within this process: callers run one
 * after another in arrival order, so concurrent edits of one file all apply.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => done);
    this.tails.set(key, tail);
    await previous;
    try {
      return await work();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

/** One mutex for every toolkit in the process: two toolkits editing one file must not interleave. */
export const fileMutex = new KeyedMutex();
