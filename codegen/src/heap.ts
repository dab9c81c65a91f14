// A full collection, asked for at the one point where it pays. Parsing a big catalog leaves
// hundreds of megabytes of garbage (the parser's intermediate strings and objects) that V8 collects
// only once this thread allocates again, which it does not while it waits for the compile workers:
// without a collection the process's peak holds that garbage beside the workers' heaps.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null | undefined;

/** Collects garbage now, if the VM lets a context see `gc` (it does once --expose-gc is set). */
export function collectGarbage(): void {
  if (gc === undefined) {
    setFlagsFromString('--expose-gc');
    // A context created after the flag gets the `gc` global; this one's globals stay as they were.
    const found: unknown = runInNewContext('typeof gc === "function" ? gc : undefined');
    gc = typeof found === 'function' ? (found as () => void) : null;
  }
  gc?.();
}
