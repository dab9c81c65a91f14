// YAML aliases share one value between places; written out (schemas.ts, the conformance data, the
// validators) each place is a copy. A few aliases of aliases can stand for billions of values (an
// alias bomb), an alias inside its own anchor for an endless one: both are refused where the
// alias is, before anything walks the data. The same walk detaches the data's strings from the
// source text (see detach).
import type { JsonPath, Problem } from './load.js';

/** Values the catalog may expand to beyond four times what it spells out. */
const EXPANSION_ALLOWANCE = 1_000_000;
/** Characters of text (strings and keys) the catalog may expand to beyond four times its own length. */
const TEXT_ALLOWANCE = 16_000_000;
/** Deeper than any catalog needs; aliases inside anchors could otherwise nest without bound. */
const MAX_DEPTH = 200;

type Container = Record<string, unknown> | unknown[];
const isContainer = (value: unknown): value is Container => value !== null && typeof value === 'object';

/**
 * js-yaml's strings are slices of the source text and keep all of it alive (a 70 MB catalog is a
 * 140 MB string when one character is beyond Latin-1); a copy holds only its own characters.
 */
function detach(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

/** Values written out (high bits) and levels below (low byte: at most MAX_DEPTH + 1) of each container. */
const pack = (size: number, depth: number) => size * 256 + depth;
const sizeOf = (packed: number) => Math.floor(packed / 256);
const depthOf = (packed: number) => packed % 256;

/** `sourceLength`: the catalog text's length, what it can spell out (aliases of a scalar are not told apart from copies). */
export function aliasProblems(data: unknown, sourceLength: number): Problem[] {
  const measured = new Map<Container, number>();
  /** Characters of each container written out. */
  const textOf = new Map<Container, number>();
  const open = new Set<Container>();
  const path: (string | number)[] = [];
  let distinct = 0;
  let refused: Problem | undefined;
  // The characters of the value the last measure() call measured.
  let text = 0;

  const measure = (value: unknown): number => {
    if (!isContainer(value)) {
      text = typeof value === 'string' ? value.length : 0;
      return 1;
    }
    const known = measured.get(value);
    if (known !== undefined) {
      text = textOf.get(value)!;
      return sizeOf(known);
    }
    if (open.has(value)) {
      text = 0;
      refused = {
        path: [...path],
        message: 'this alias refers to a node that contains it: the value would be endless',
      };
      return 1;
    }
    open.add(value);
    let total = 1;
    let below = 0;
    let characters = 0;
    distinct++;
    const record = value as Record<string | number, unknown>;
    for (const key of keysOf(value)) {
      const child = record[key];
      if (typeof child === 'string') record[key] = detach(child);
      if (!isContainer(child)) distinct++;
      path.push(key);
      total += measure(child);
      characters += text + (typeof key === 'string' ? key.length : 0);
      if (isContainer(child)) below = Math.max(below, depthOf(measured.get(child) ?? 0));
      path.pop();
      if (refused) break;
    }
    open.delete(value);
    measured.set(value, pack(total, Math.min(below + 1, MAX_DEPTH + 1)));
    textOf.set(value, characters);
    text = characters;
    return total;
  };

  const total = measure(data);
  const totalText = text;
  if (refused) return [refused];
  if (isContainer(data) && depthOf(measured.get(data)!) > MAX_DEPTH) {
    return [
      {
        path: deepAlias(data, measured),
        message: `the catalog nests deeper than ${MAX_DEPTH} levels here (through aliases)`,
      },
    ];
  }
  const limit = EXPANSION_ALLOWANCE + 4 * distinct;
  if (total <= limit) {
    const textLimit = TEXT_ALLOWANCE + 4 * sourceLength;
    if (totalText <= textLimit) return [];
    return [
      {
        path: firstTextOver(data, textLimit, textOf),
        message: `YAML aliases expand the catalog to ${formatCount(totalText)} characters of text (it is ${formatCount(sourceLength)} long); an alias bomb? Write the data out, or alias less (the limit is ${formatCount(textLimit)})`,
      },
    ];
  }
  return [
    {
      path: firstAliasOver(data, limit, measured),
      message: `YAML aliases expand the catalog to ${formatCount(total)} values (it spells out ${formatCount(distinct)}); an alias bomb? Write the data out, or alias less (the limit is ${formatCount(limit)})`,
    },
  ];
}

/** The alias at which the values written out in document order pass `limit`. */
function firstAliasOver(data: unknown, limit: number, measured: Map<Container, number>): JsonPath {
  const seen = new Set<Container>();
  const path: (string | number)[] = [];
  let running = 0;
  const walk = (value: unknown): boolean => {
    if (!isContainer(value)) {
      running++;
      return false;
    }
    if (seen.has(value)) {
      running += sizeOf(measured.get(value)!);
      return running > limit;
    }
    seen.add(value);
    running++;
    for (const key of keysOf(value)) {
      path.push(key);
      if (walk((value as Record<string | number, unknown>)[key])) return true;
      path.pop();
    }
    return false;
  };
  return walk(data) ? path : [];
}

/** The value (an alias, in document order) at which the text written out passes `limit`. */
function firstTextOver(data: unknown, limit: number, textOf: Map<Container, number>): JsonPath {
  const seen = new Set<Container>();
  const path: (string | number)[] = [];
  let running = 0;
  const walk = (value: unknown): boolean => {
    if (!isContainer(value)) {
      running += typeof value === 'string' ? value.length : 0;
      return running > limit;
    }
    if (seen.has(value)) {
      running += textOf.get(value)!;
      return running > limit;
    }
    seen.add(value);
    for (const key of keysOf(value)) {
      path.push(key);
      running += typeof key === 'string' ? key.length : 0;
      if (walk((value as Record<string | number, unknown>)[key])) return true;
      path.pop();
    }
    return false;
  };
  return walk(data) ? path : [];
}

/** The first alias (in document order) below which the data, written out, passes MAX_DEPTH. */
function deepAlias(data: Container, measured: Map<Container, number>): JsonPath {
  const seen = new Set<Container>();
  const path: (string | number)[] = [];
  const walk = (value: Container): boolean => {
    if (seen.has(value)) return path.length + depthOf(measured.get(value)!) > MAX_DEPTH;
    seen.add(value);
    for (const key of keysOf(value)) {
      const child = (value as Record<string | number, unknown>)[key];
      if (!isContainer(child)) continue;
      path.push(key);
      if (walk(child)) return true;
      path.pop();
    }
    return false;
  };
  return walk(data) ? path : [];
}

/** Indices of a list, own keys of a mapping (a key `__proto__` included: js-yaml makes it an own property). */
function* keysOf(value: Container): Generator<string | number> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield i;
  } else {
    for (const key in value) if (Object.hasOwn(value, key)) yield key;
  }
}

function formatCount(n: number): string {
  return n >= 1e15 ? n.toExponential(1) : Math.round(n).toLocaleString('en-US');
}
