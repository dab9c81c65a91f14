// The linear path-rule matcher against the `ignore` package it stands in for: on generated patterns
// (names, `*`, `?`, `**`, `/`, `!`, leading and trailing slashes) and paths, both decide the same;
// and where the package's regular expressions backtrack for minutes (a few `**`, a deep path), the
// matcher decides at once, in an order of events a timer can see.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { globRule, globRulesMatch, type GlobRule } from '../../src/runtime/policy/path-glob.js';
import { compilePathPatterns } from '../../src/runtime/policy/paths.js';

const ignore = createRequire(import.meta.url)('ignore') as typeof import('ignore');

/** A small deterministic generator, so that a failure names a case that comes back. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const NAMES = ['a', 'b', 'ab', 'src', 'x.y', '.env', 'A'];
const PATTERN_PARTS = ['a', 'b', 'ab', 'src', '*', '?', 'a*', '*b', '*.y', 'x.*', '**', '***', '.env', 'A', '?b'];

function pattern(next: () => number): string {
  const count = 1 + Math.floor(next() * 4);
  const parts = Array.from({ length: count }, () => PATTERN_PARTS[Math.floor(next() * PATTERN_PARTS.length)]!);
  let text = parts.join('/');
  if (next() < 0.25) text = `/${text}`;
  if (next() < 0.25) text = `${text}/`;
  if (next() < 0.2) text = `!${text}`;
  return text;
}

function pathOf(next: () => number): string {
  const depth = 1 + Math.floor(next() * 6);
  return Array.from({ length: depth }, () => NAMES[Math.floor(next() * NAMES.length)]!).join('/');
}

describe('the linear path-rule matcher', () => {
  it('decides as the ignore package on generated patterns and paths, both cases', () => {
    const next = random(20261207);
    let compared = 0;
    const differences: string[] = [];
    for (let set = 0; set < 3000; set++) {
      const patterns = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pattern(next));
      for (const ignoreCase of [true, false]) {
        const rules = patterns.map((p) => globRule(p, ignoreCase));
        if (rules.some((rule) => rule === undefined)) continue;
        const kept = rules.filter((rule): rule is GlobRule => rule !== null);
        const reference = ignore({ allowRelativePaths: true, ignorecase: ignoreCase }).add(patterns);
        for (let k = 0; k < 12; k++) {
          const path = pathOf(next);
          const expected = reference.ignores(path) || reference.ignores(`${path}/`);
          const actual = globRulesMatch(kept, (ignoreCase ? path.toLowerCase() : path).split('/'));
          compared++;
          if (actual !== expected && differences.length < 10)
            differences.push(`${JSON.stringify(patterns)} ${ignoreCase ? 'i' : ''} ${path}: ${actual} not ${expected}`);
        }
      }
    }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(50_000);
  });

  it('leaves names past ASCII to the package, which decides them as before', () => {
    const cases: [string, string][] = [
      ['**/key-??', 'a/key-😀'],
      ['**/key-?', 'a/key-😀'],
      ['**/σ.txt', 'a/ς.txt'],
      ['**/key?', 'a/keyİ'],
      ['**/café/**', 'x/CAFÉ/y'],
      ['secrets/**', 'secrets/ключ'],
    ];
    for (const [pattern, path] of cases)
      for (const ignoreCase of [true, false]) {
        const reference = ignore({ allowRelativePaths: true, ignorecase: ignoreCase }).add([pattern]);
        const expected = reference.ignores(path) || reference.ignores(`${path}/`);
        expect(compilePathPatterns([pattern], ignoreCase).matches(path), `${pattern} ${path} ${ignoreCase}`).toBe(
          expected,
        );
      }
    expect(globRule('**/café', true)).toBeUndefined();
  });

  it('leaves bracket expressions, escapes and comments to the package', () => {
    for (const text of ['[ab]/x', 'a\\*', '#comment', 'trailing ', 'a/**/'])
      expect(globRule(text, true), text).toBeUndefined();
    expect(compilePathPatterns(['s[e]crets/**'], true).matches('secrets/k')).toBe(true);
  });

  it('decides a deep path against several ** at once; the package left to itself would backtrack for minutes', async () => {
    const rules = compilePathPatterns(['**/a/**/b/**/c', '**/src/**/test/**/fixtures'], true);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    try {
      for (const depth of [200, 600, 1000]) {
        const before = ticks;
        expect(rules.matches(Array<string>(depth).fill('a/b').join('/'))).toBe(false);
        expect(rules.matches(`${Array<string>(depth).fill('a/b').join('/')}/c`)).toBe(true);
        expect(rules.matches(`${Array<string>(depth).fill('src/test').join('/')}/fixtures/x`)).toBe(true);
        // Synchronous, and no timer had a turn: nothing here waited on the event loop.
        expect(ticks).toBe(before);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    } finally {
      clearInterval(timer);
    }
    // A pattern the matcher does not cover, on a path too deep to run it on: a deny rule matches.
    const bracketed = compilePathPatterns(['**/[a]/**/b/**/c'], true);
    expect(bracketed.matches(Array<string>(300).fill('a/b').join('/'))).toBe(true);
    expect(compilePathPatterns(['**/[a]/**/b/**/c'], false).matches(Array<string>(300).fill('a/b').join('/'))).toBe(
      false,
    );
  });
});
