// Modules a code path needs only sometimes, loaded synchronously the first time they are asked
// for. A static import of node:crypto or node:worker_threads costs 2–4 ms of start-up each (Node
// compiles them on first load), and a CommonJS package imported from ESM goes through the ESM
// loader's translator (commander: ~24 ms imported, ~12 ms required).
import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/** A getter for `specifier`, required (once) on first call. */
export function lazyRequire<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireHere(specifier) as T);
}

export const nodeCrypto = lazyRequire<typeof import('node:crypto')>('node:crypto');
/** Required at the first spawn (a job, a checkpoint snapshot): a call that spawns nothing never loads it. */
export const nodeChildProcess = lazyRequire<typeof import('node:child_process')>('node:child_process');
