// The MCP result cap: sizes measured with an early stop must be exact below the cap, and a fitted
// result must always fit, stay valid, keep the head of arrays and never split a character.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { capText, fitResult, jsonBoundUpTo, jsonSizeUpTo } from '../../src/adapters/result-size.js';
import { operations } from '../../src/generated/registry.js';

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');
const grep = operations.find((op) => op.name === 'grep')!;
const anything = { ...grep, result: { type: 'object' }, validateResult: Object.assign(() => true, { errors: null }) };

beforeAll(async () => {
  await grep.loadValidators?.();
});

describe('jsonSizeUpTo', () => {
  it('is the exact UTF-8 size of JSON.stringify up to the cap, and over the cap beyond it (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(5000), (value, cap) => {
        const exact = bytes(value);
        const measured = jsonSizeUpTo(value, cap);
        if (exact <= cap) expect(measured).toBe(exact);
        else expect(measured).toBeGreaterThan(cap);
      }),
      { numRuns: 500 },
    );
  });

  it('counts what JSON.stringify drops or turns into null', () => {
    const value = { a: undefined, b: () => 1, c: [undefined, Symbol('x')], d: new Date(0), e: '\u{1F600}\u0000"' };
    expect(jsonSizeUpTo(value, 1e6)).toBe(bytes(value));
  });
});

describe('jsonBoundUpTo (the fast path that skips exact measuring)', () => {
  it('is never below the exact size, and is over the cap when the exact size is (property)', () => {
    const strings = fc.string({ unit: 'binary', maxLength: 300 });
    const value = fc.oneof(
      fc.jsonValue(),
      fc.array(fc.record({ s: strings, n: fc.double(), u: fc.constant(undefined) })),
      fc.dictionary(strings, strings),
    );
    fc.assert(
      fc.property(value, fc.nat(20_000), (v, cap) => {
        const exact = bytes(v);
        const bound = jsonBoundUpTo(v, cap);
        if (bound <= cap) expect(bound).toBeGreaterThanOrEqual(exact);
        if (exact > cap) expect(bound).toBeGreaterThan(cap);
      }),
      { numRuns: 800 },
    );
  });

  it('gives up (over the cap) on what it cannot bound: toJSON, deep nesting, bigint-free exotic values', () => {
    expect(jsonBoundUpTo({ d: new Date(0) }, 1e6)).toBeGreaterThan(1e6);
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(jsonBoundUpTo(deep, 1e6)).toBeGreaterThan(1e6);
    // The worst case per UTF-16 unit: control characters escaped as \u00XX.
    const controls = '\u0001'.repeat(1000);
    expect(jsonBoundUpTo(controls, 1e6)).toBeGreaterThanOrEqual(bytes(controls));
  });

  it('bounds the longest numbers JSON.stringify writes', () => {
    const longest = [
      -0.0000010347738891542882,
      -1.2345678901234567e-308,
      -Number.MAX_VALUE,
      -123456789012345680000,
      -0.1234567890123456,
    ];
    for (const n of longest) expect(jsonBoundUpTo(n, 1e6)).toBeGreaterThanOrEqual(bytes(n));
    expect(Math.max(...longest.map(bytes))).toBe(25);
  });

  it('lets fitResult return a result far below the cap unchanged, and still cuts one that is not', () => {
    const output = { matches: [{ path: 'a', line: 1, text: 'é'.repeat(100) }], truncated: false };
    const small = fitResult(grep, 'hello', output, 1024 * 1024);
    expect(small).toEqual({ ok: true, text: 'hello', output, capped: false });
    // Near the cap the exact size decides: 6 × 2,000 > 10 KiB bound, but 2,002 exact bytes fit.
    const near = fitResult(anything, 'a'.repeat(2000), { x: 1 }, 10 * 1024);
    expect(near).toMatchObject({ ok: true, capped: false });
    const over = fitResult(anything, 'a'.repeat(20_000), { x: 1 }, 10 * 1024);
    expect(over).toMatchObject({ ok: true, capped: true });
  });
});

describe('fitResult', () => {
  it('always fits the limit, keeps the head of the array and flags truncated (property)', () => {
    const match = fc.record({
      path: fc.string({ unit: 'grapheme', maxLength: 40 }),
      line: fc.nat(),
      text: fc.string({ unit: 'binary', maxLength: 400 }),
    });
    fc.assert(
      fc.property(
        fc.array(match, { maxLength: 400 }),
        fc.string({ unit: 'grapheme', maxLength: 20_000 }),
        fc.integer({ min: 2048, max: 40_000 }),
        (matches, text, limit) => {
          const output = { matches, truncated: false };
          const fitted = fitResult(grep, text, output, limit);
          expect(fitted.ok).toBe(true);
          if (!fitted.ok) return;
          expect(bytes(fitted.text) + bytes(fitted.output)).toBeLessThanOrEqual(limit * 0.95);
          const kept = (fitted.output as typeof output).matches;
          for (let i = 0; i < kept.length - 1; i++) expect(kept[i]).toEqual(matches[i]); // a prefix, untouched but maybe the last
          if (fitted.capped && fitted.output !== output) expect((fitted.output as typeof output).truncated).toBe(true);
          expect(grep.validateResult(fitted.output)).toBe(true);
          expect(output.matches).toBe(matches); // the input is not modified
        },
      ),
      { numRuns: 150 },
    );
  });

  it('shares the budget between large strings and keeps small fields whole', () => {
    const output = { stdout: 'o'.repeat(50_000), stderr: 'e'.repeat(50_000), exit_code: 0, note: 'short' };
    const fitted = fitResult(anything, 'x', output, 20_000);
    expect(fitted.ok).toBe(true);
    if (!fitted.ok) return;
    const out = fitted.output as typeof output;
    expect(out.exit_code).toBe(0);
    expect(out.note).toBe('short');
    expect(out.stdout.endsWith(' …[cut]')).toBe(true);
    expect(Math.abs(out.stdout.length - out.stderr.length)).toBeLessThan(100); // max-min fair
    expect(bytes(fitted.output) + bytes(fitted.text)).toBeLessThanOrEqual(19_000);
  });

  it('never splits a surrogate pair when cutting text', () => {
    const text = '\u{1F600}'.repeat(10_000);
    for (const budget of [1000, 1001, 1002, 1003, 5001]) {
      const cut = capText(text, budget, budget);
      expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
      expect(bytes(cut)).toBeLessThanOrEqual(budget);
    }
  });
});
