// A catalog's regular expressions (`pattern`, `patternProperties` keys) run on every call's input in
// the host's event loop, in a backtracking engine: one that can take exponential time on some
// input (`^(a+)+$` and a hundred `a`s and a `!`) would let a caller block the toolkit. Each is
// checked by recheck (a ReDoS analyser) before anything is generated: exponential is refused,
// polynomial too unless its string is short enough for its degree (maxLength^degree ≤
// MAX_POLYNOMIAL_STEPS), and one the analyser cannot decide is refused as well (fail closed).
import { createRequire } from 'node:module';
import type { JsonPath } from './load.js';
import type { SchemaIssue } from './schema-problems.js';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The most backtracking steps a pattern of polynomial time may take on its longest string
 * (maxLength to the degree): about a tenth of a second of matching.
 */
export const MAX_POLYNOMIAL_STEPS = 10_000_000;
/** The analyser's time for one pattern. */
const CHECK_TIMEOUT_MS = 5_000;
/** Maps of names to subschemas: keys are names (patternProperties' are patterns). */
const NAME_MAPS = new Set(['properties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is data, not a schema. */
const DATA = new Set(['enum', 'const', 'default', 'examples']);

interface Diagnostics {
  status: 'safe' | 'vulnerable' | 'unknown';
  complexity?: { type: string; summary?: string; degree?: number };
  attack?: { pattern?: string };
  error?: { kind: string };
}
type CheckSync = (source: string, flags: string, params?: { timeout?: number }) => Diagnostics;
let checkSync: CheckSync | undefined;

/** Each pattern is analysed once per process (a catalog repeats its patterns). */
const analysed = new Map<string, Diagnostics>();

function analyse(source: string): Diagnostics {
  let result = analysed.get(source);
  if (result) return result;
  // Loaded on the first pattern: a catalog without one never pays for the analyser.
  checkSync ??= (createRequire(import.meta.url)('recheck') as { checkSync: CheckSync }).checkSync;
  try {
    result = checkSync(source, 'u', { timeout: CHECK_TIMEOUT_MS });
  } catch (error) {
    result = { status: 'unknown', error: { kind: (error as Error).message } };
  }
  analysed.set(source, result);
  return result;
}

/** Why a regular expression of `schema` could block a call, located inside the schema; undefined when none can. */
export function patternProblem(schema: unknown, path: JsonPath = []): SchemaIssue | undefined {
  if (Array.isArray(schema)) {
    for (let i = 0; i < schema.length; i++) {
      const found = patternProblem(schema[i], [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (!isObj(schema)) return undefined;
  if (typeof schema.pattern === 'string') {
    const why = unsafe(schema.pattern, typeof schema.maxLength === 'number' ? schema.maxLength : undefined);
    if (why) return { path: [...path, 'pattern'], message: why, unsafe: true };
  }
  for (const [key, value] of Object.entries(schema)) {
    if (DATA.has(key)) continue;
    if (key === 'patternProperties' && isObj(value)) {
      for (const [source, sub] of Object.entries(value)) {
        // A property name has no length bound.
        const why = unsafe(source, undefined);
        if (why) return { path: [...path, key, source], atKey: true, message: why, unsafe: true };
        const found = patternProblem(sub, [...path, key, source]);
        if (found) return found;
      }
      continue;
    }
    if (NAME_MAPS.has(key) && isObj(value)) {
      for (const [name, sub] of Object.entries(value)) {
        const found = patternProblem(sub, [...path, key, name]);
        if (found) return found;
      }
      continue;
    }
    if (isObj(value) || Array.isArray(value)) {
      const found = patternProblem(value, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** Why `source` could block a call, given the longest string it is matched against; undefined when it cannot. */
function unsafe(source: string, maxLength: number | undefined): string | undefined {
  const result = analyse(source);
  const shown = JSON.stringify(source);
  if (result.status === 'safe') return undefined;
  if (result.status === 'unknown')
    return `pattern ${shown} could not be shown to match in bounded time (${result.error?.kind ?? 'the analysis gave up'}); a call's input is matched against it in the event loop: simplify it (no nested or overlapping repetition, no backreferences)`;
  const kind = result.complexity?.type ?? 'super-linear';
  const degree = result.complexity?.degree;
  const longest = degree && degree >= 2 ? Math.floor(MAX_POLYNOMIAL_STEPS ** (1 / degree)) : undefined;
  if (kind === 'polynomial' && longest !== undefined && maxLength !== undefined && maxLength <= longest)
    return undefined;
  const attack = result.attack?.pattern ? ` (for example ${result.attack.pattern})` : '';
  const what = kind === 'polynomial' && degree ? `polynomial (degree ${degree})` : kind;
  return `pattern ${shown} can take ${what} time on some inputs${attack}, and a call's input is matched against it in the event loop: rewrite it without nested or overlapping repetition${longest !== undefined && kind === 'polynomial' ? `, or bound the string (maxLength ≤ ${longest})` : ''}`;
}
