// The copy the params validator fills defaults into: a new object with the input's own properties,
// a key named "__proto__" kept as data (never the copy's prototype), the caller's object unchanged.
import { describe, expect, it } from 'vitest';
import { defaultsPlan } from '../../src/runtime/invoke/defaults.js';

const schema = {
  type: 'object',
  properties: {
    size: { type: 'integer', default: 10 },
    style: { type: 'object', properties: { color: { type: 'string', default: 'red' } } },
  },
};

describe('defaults copy', () => {
  it('copies own properties into a new object, nested ones a default lands in too', () => {
    const plan = defaultsPlan(schema)!;
    const input = { name: 'a', style: { width: 2 } };
    const copy = plan.copy(input) as Record<string, unknown>;
    expect(copy).toEqual(input);
    expect(copy).not.toBe(input);
    expect(copy.style).not.toBe(input.style);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  });

  it('keeps a "__proto__" key as an own data property, at the top and nested', () => {
    const plan = defaultsPlan(schema)!;
    for (const text of [
      '{"__proto__":{"polluted":true},"name":"a"}',
      '{"name":"a","style":{"__proto__":{"polluted":true}}}',
    ]) {
      const input = JSON.parse(text) as Record<string, unknown>;
      const copy = plan.copy(input) as Record<string, Record<string, unknown>>;
      const holder = Object.hasOwn(input, 'style') ? copy.style! : copy;
      expect(Object.hasOwn(holder, '__proto__'), text).toBe(true);
      expect(Object.getPrototypeOf(holder), text).toBe(Object.prototype);
      expect((holder as { polluted?: unknown }).polluted, text).toBeUndefined();
      expect(JSON.stringify(copy), text).toBe(JSON.stringify(input));
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
