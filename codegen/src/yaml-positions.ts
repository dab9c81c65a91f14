// Where each node of a YAML document starts, by path, from one more parse with js-yaml's listener
// (only when a problem is reported). The listener reports every node's open and close; a mapping's
// children arrive as key, value, key, value…, which the result object lets us pair exactly: a value
// that is absent (`key:` with nothing after it) still arrives as a node holding null.
import { CORE_SCHEMA, load } from 'js-yaml';
import type { JsonPath } from './load.js';

interface MapEntry {
  key: number;
  value: number;
}
type Entry = { kind: 'map'; keys: Map<string, MapEntry> } | { kind: 'seq'; items: number[] };

export interface PositionIndex {
  /** Line and column (1-based) of the node at `path`, or of its nearest ancestor that exists. */
  locate(path: JsonPath, atKey: boolean): { line: number; col: number };
}

export function buildPositionIndex(text: string): PositionIndex {
  const entries = new Map<object, Entry>();
  // Children of the open nodes, flat: a node's children are those pushed since it opened.
  const childStart: number[] = [];
  const childResult: unknown[] = [];
  const frameBase: number[] = [];
  const frameStart: number[] = [];
  let root: unknown;
  try {
    root = load(text, {
      schema: CORE_SCHEMA,
      listener(event, state) {
        if (event === 'open') {
          frameBase.push(childStart.length);
          frameStart.push(state.position);
          return;
        }
        const base = frameBase.pop()!;
        const start = contentStart(text, frameStart.pop()!);
        const result: unknown = state.result;
        // Only a mapping or sequence spelt out here gets an entry: an alias closes with its anchor's
        // object (kind null), which may still be open (an alias inside its own anchor).
        if (
          (state.kind === 'mapping' || state.kind === 'sequence') &&
          result !== null &&
          typeof result === 'object' &&
          !entries.has(result)
        ) {
          entries.set(result, entryFor(result, childStart, childResult, base));
        }
        childStart.length = base;
        childResult.length = base;
        childStart.push(start);
        childResult.push(result);
      },
    });
  } catch {
    root = undefined; // a document that does not parse has had its one problem located already
  }
  const rootStart = childStart[0] ?? 0;
  const lineStarts = lineStartsOf(text);

  const toLineCol = (offset: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, col: offset - lineStarts[low]! + 1 };
  };

  return {
    locate(path, atKey) {
      let node: unknown = root;
      let position = rootStart;
      for (let i = 0; i < path.length; i++) {
        const entry = node !== null && typeof node === 'object' ? entries.get(node) : undefined;
        if (!entry) break;
        const segment = path[i]!;
        if (entry.kind === 'map') {
          const found = entry.keys.get(String(segment));
          if (!found) break;
          position = atKey && i === path.length - 1 ? found.key : found.value;
          node = (node as Record<string, unknown>)[String(segment)];
        } else {
          if (typeof segment !== 'number' || segment < 0 || segment >= entry.items.length) break;
          const start = entry.items[segment]!;
          if (start >= 0) position = start;
          node = (node as unknown[])[segment];
        }
      }
      return toLineCol(position);
    },
  };
}

function entryFor(result: object, starts: number[], results: unknown[], base: number): Entry {
  if (Array.isArray(result)) {
    const items: number[] = [];
    let child = base;
    for (let i = 0; i < result.length; i++) {
      // An empty entry (`- ` with nothing) has no node of its own.
      if (child < starts.length && Object.is(results[child], result[i])) items.push(starts[child++]!);
      else items.push(-1);
    }
    return { kind: 'seq', items };
  }
  const record = result as Record<string, unknown>;
  const keys = new Map<string, MapEntry>();
  let pending: string | undefined;
  for (let child = base; child < starts.length; child++) {
    const value = results[child];
    if (pending !== undefined) {
      const expected = record[pending];
      const key = pending;
      pending = undefined;
      if (Object.is(expected, value)) {
        keys.get(key)!.value = starts[child]!;
        continue;
      }
    }
    const key = keyString(value);
    if (Object.hasOwn(record, key) && !keys.has(key)) {
      keys.set(key, { key: starts[child]!, value: starts[child]! });
      pending = key;
    }
  }
  return { kind: 'map', keys };
}

/** The key a node becomes in a plain object, as js-yaml turns it into one. */
function keyString(value: unknown): string {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return '[object Object]';
  return String(value);
}

/** A node opens before the blanks and comments in front of it: skip them. */
function contentStart(text: string, offset: number): number {
  let i = offset;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
    else if (c === 0x23 /* # */) {
      while (i < text.length && text.charCodeAt(i) !== 0x0a) i++;
    } else break;
  }
  return i < text.length ? i : offset;
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}
