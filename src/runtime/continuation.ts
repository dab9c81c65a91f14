// How a cut answer says where to go on: `next` holds the exact arguments of the call that continues
// it, and the text carries the same arguments on one line a model can copy.

/** The call's own arguments with the continuation ones moved on (nothing else changes). */
export function nextArguments<P extends object, N extends object>(params: P, moved: N): Omit<P, keyof N> & N {
  return { ...params, ...moved };
}

/** `[cut at line 2000 of 5120: continue with {"path":"a.txt","offset":2001}]` */
export function continuationLine(where: string, next: object): string {
  return `[${where}: continue with ${JSON.stringify(next)}]`;
}
