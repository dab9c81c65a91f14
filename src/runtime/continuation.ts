// How a cut answer says where to go on: `next` holds the exact arguments of the call that continues
// it, and the text carries the same arguments on one line a model can copy.

/** Params objects the runtime handed a handler → the params the caller left out (filled from defaults). */
const leftOut = new WeakMap<object, ReadonlySet<string>>();

/** Remembers which of `params` the caller left out: a continuation leaves them out again. */
export function noteLeftOut(params: object, names: ReadonlySet<string>): void {
  if (names.size > 0) leftOut.set(params, names);
}

/**
 * The call's own arguments with the continuation ones moved on (nothing else changes). What the
 * caller left out and the catalog's default filled in stays out: the continuation says only what
 * the call said, and the next call gets the same defaults.
 */
export function nextArguments<P extends object, N extends object>(params: P, moved: N): Omit<P, keyof N> & N {
  const omitted = leftOut.get(params);
  if (!omitted) return { ...params, ...moved };
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) if (!omitted.has(key)) next[key] = value;
  return { ...next, ...moved } as Omit<P, keyof N> & N;
}

/** `[cut at line 2000 of 5120: continue with {"path":"a.txt","offset":2001}]` */
export function continuationLine(where: string, next: object): string {
  return `[${where}: continue with ${JSON.stringify(next)}]`;
}
