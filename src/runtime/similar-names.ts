import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Levenshtein distance, bounded: returns max+1 as soon as the distance exceeds max. */
export function editDistance(a: string, b: string, max = 64): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** Up to `count` names in the folder of `absolute` that look like what was meant. */
export async function similarNames(absolute: string, count = 3): Promise<string[]> {
  const wanted = path.basename(absolute).toLowerCase();
  let entries: string[];
  try {
    entries = await readdir(path.dirname(absolute));
  } catch {
    return [];
  }
  const stem = wanted.replace(/\.[^.]*$/, '');
  const scored = entries
    .map((name) => {
      const lower = name.toLowerCase();
      const limit = Math.max(2, Math.floor(wanted.length / 3));
      let score = editDistance(lower, wanted, limit);
      if (score > limit && stem.length >= 3 && lower.startsWith(stem)) score = limit; // same name, other extension
      return { name, score, limit };
    })
    .filter((entry) => entry.score <= entry.limit)
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return scored.slice(0, count).map((entry) => entry.name);
}
