import { aliasKey, type AliasMap } from '../aliases.js';

/** A policy that cannot be compiled; `rule` and `field` let a file loader point at the source. */
export class PolicyError extends TypeError {
  constructor(
    message: string,
    readonly rule?: number,
    readonly field?: string,
    readonly example?: { list: 'match' | 'not_match'; index: number },
  ) {
    super(message);
    this.name = 'PolicyError';
  }
}

/**
 * The known name `value` most likely means, for "did you mean" hints: the name an alias stands for
 * (`aliases`: the catalog's, see ../aliases.ts), the same name spelt another way (`WebFetch`), else
 * the nearest (Levenshtein ≤ 3, case-insensitive).
 */
export function didYouMean(value: string, known: readonly string[], aliases?: AliasMap): string {
  const key = aliasKey(value);
  const alias = aliases?.get(key);
  if (alias !== undefined && known.includes(alias)) return ` (did you mean "${alias}"?)`;
  const spelt = known.find((k) => k !== value && aliasKey(k) === key);
  if (spelt !== undefined) return ` (did you mean "${spelt}"?)`;
  const v = value.toLowerCase();
  let best: string | undefined;
  let bestDistance = 4;
  for (const k of known) {
    const d = distance(v, k.toLowerCase());
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best ? ` (did you mean "${best}"?)` : '';
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}
