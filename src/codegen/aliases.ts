// YAML aliases share one value between places; written out (schemas.ts, the conformance data, the
// validators) each place is a copy. A few aliases of aliases can stand for billions of values (an
// alias bomb), an alias inside its own anchor for an endless one: both are refused where the
// alias is, before anything walks the data.
import type { JsonPath, Problem } from './load.js';

/** Values the catalog may expand to beyond four times what it spells out. */
const EXPANSION_ALLOWANCE = 1_000_000;
/** Deeper than any catalog needs; aliases inside anchors could otherwise nest without bound. */
const MAX_DEPTH = 200;

type Container = Record<string, unknown> | unknown[];
const isContainer = (value: unknown): value is Container => value !== null && typeof value === 'object';

export function aliasProblems(data: unknown): Problem[] {
  const size = new Map<Container, number>();
  /** Levels below each container, written out. */
  const depth = new Map<Container, number>();
  const open = new Set<Container>();
  const path: (string | number)[] = [];
  let distinct = 0;
  let refused: Problem | undefined;

  const measure = (value: unknown): number => {
    if (!isContainer(value)) return 1;
    const known = size.get(value);
    if (known !== undefined) return known;
    if (open.has(value)) {
      refused = { path: [...path], message: 'this alias refers to a node that contains it: the value would be endless' };
      return 1;
    }
    open.add(value);
    let total = 1;
    let below = 0;
    distinct++;
    for (const [key, child] of childrenOf(value)) {
      if (!isContainer(child)) distinct++;
      path.push(key);
      total += measure(child);
      if (isContainer(child)) below = Math.max(below, depth.get(child) ?? 0);
      path.pop();
      if (refused) break;
    }
    open.delete(value);
    size.set(value, total);
    depth.set(value, below + 1);
    return total;
  };

  const total = measure(data);
  if (refused) return [refused];
  if (isContainer(data) && depth.get(data)! > MAX_DEPTH) {
    return [{ path: deepAlias(data, depth), message: `the catalog nests deeper than ${MAX_DEPTH} levels here (through aliases)` }];
  }
  const limit = EXPANSION_ALLOWANCE + 4 * distinct;
  if (total <= limit) return [];
  return [{ path: firstAliasOver(data, limit, size), message: `YAML aliases expand the catalog to ${formatCount(total)} values (it spells out ${formatCount(distinct)}); an alias bomb? Write the data out, or alias less (the limit is ${formatCount(limit)})` }];
}

/** The alias at which the values written out in document order pass `limit`. */
function firstAliasOver(data: unknown, limit: number, size: Map<Container, number>): JsonPath {
  const seen = new Set<Container>();
  const path: (string | number)[] = [];
  let running = 0;
  const walk = (value: unknown): boolean => {
    if (!isContainer(value)) {
      running++;
      return false;
    }
    if (seen.has(value)) {
      running += size.get(value)!;
      return running > limit;
    }
    seen.add(value);
    running++;
    for (const [key, child] of childrenOf(value)) {
      path.push(key);
      if (walk(child)) return true;
      path.pop();
    }
    return false;
  };
  return walk(data) ? path : [];
}

/** The first alias (in document order) below which the data, written out, passes MAX_DEPTH. */
function deepAlias(data: Container, depth: Map<Container, number>): JsonPath {
  const seen = new Set<Container>();
  const path: (string | number)[] = [];
  const walk = (value: Container): boolean => {
    if (seen.has(value)) return path.length + depth.get(value)! > MAX_DEPTH;
    seen.add(value);
    for (const [key, child] of childrenOf(value)) {
      if (!isContainer(child)) continue;
      path.push(key);
      if (walk(child)) return true;
      path.pop();
    }
    return false;
  };
  return walk(data) ? path : [];
}

function childrenOf(value: Container): [string | number, unknown][] {
  return Array.isArray(value) ? value.map((child, i) => [i, child]) : Object.entries(value);
}

function formatCount(n: number): string {
  return n >= 1e15 ? n.toExponential(1) : Math.round(n).toLocaleString('en-US');
}
