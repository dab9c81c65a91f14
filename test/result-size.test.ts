// The MCP result cap: sizes measured with an early stop must be exact below the cap, and a fitted
// result must always fit, stay valid, keep the head of arrays and never split a character.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capText, fitResult, jsonSizeUpTo } from '../src/adapters/result-size.js';
import { operations } from '../src/generated/registry.js';

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');
const grep = operations.find((op) => op.name === 'grep')!;
const anything = { ...grep, result: { type: 'object' }, validateResult: Object.assign(() => true, { errors: null }) };

describe('jsonSizeUpTo', () => {
  it('is the exact UTF-8 size of JSON.stringify up to the cap, and over the cap beyond it (property)', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.nat(5000), (value, cap) => {
      const exact = bytes(value);
      const measured = jsonSizeUpTo(value, cap);
      if (exact <= cap) expect(measured).toBe(exact);
      else expect(measured).toBeGreaterThan(cap);
    }), { numRuns: 500 });
  });

  it('counts what JSON.stringify drops or turns into null', () => {
    const value = { a: undefined, b: () => 1, c: [undefined, Symbol('x')], d: new Date(0), e: '\u{1F600}\u0000"' };
    expect(jsonSizeUpTo(value, 1e6)).toBe(bytes(value));
  });
});

describe('fitResult', () => {
  it('always fits the limit, keeps the head of the array and flags truncated (property)', () => {
    const match = fc.record({ path: fc.string({ unit: 'grapheme', maxLength: 40 }), line: fc.nat(), text: fc.string({ unit: 'binary', maxLength: 400 }) });
    fc.assert(fc.property(fc.array(match, { maxLength: 400 }), fc.string({ unit: 'grapheme', maxLength: 20_000 }), fc.integer({ min: 2048, max: 40_000 }), (matches, text, limit) => {
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
    }), { numRuns: 150 });
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
