// An object result whose oneOf (or anyOf) branches are objects becomes a TypeScript union, one
// member per branch with the shared properties merged in, for any catalog; other compositions keep
// their intersection.
import { describe, expect, it } from 'vitest';
import { declarationsFor } from '../../codegen/src/emit/ts-type.js';
import { generate } from '../../codegen/src/generate.js';

const layout = { out: 'src/generated', tests: 'test/generated', handlers: 'src/handlers.ts' };
const squash = (text: string) => text.replace(/\/\*\*[^]*?\*\/\s*/g, '').replace(/\s+/g, ' ');

const shapes = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'name'],
  properties: {
    kind: { type: 'string', enum: ['circle', 'square'] },
    name: { type: 'string', description: 'The shape.' },
    radius: { type: 'number' },
    side: { type: 'number' },
  },
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['radius'],
      properties: { kind: { const: 'circle' }, name: true, radius: true },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['side'],
      properties: { kind: { const: 'square' }, name: true, side: true },
    },
  ],
};

describe('object variants as a union', () => {
  it('closed branches: each member has only its own names, required from both, shared declarations for `true`', () => {
    expect(squash(declarationsFor(shapes, 'Shape'))).toBe(
      'export type Shape = { kind: "circle"; name: string; radius: number; } | { kind: "square"; name: string; side: number; };',
    );
    expect(declarationsFor(shapes, 'Shape')).toContain('/** The shape. */');
  });

  it('open branches (anyOf) keep the shared names beside their own', () => {
    const open = {
      type: 'object',
      additionalProperties: false,
      required: ['id'],
      properties: { id: { type: 'string' }, note: { type: 'string' } },
      anyOf: [
        { type: 'object', required: ['note'], properties: { ok: { const: true } } },
        { properties: { ok: { const: false } } },
      ],
    };
    expect(squash(declarationsFor(open, 'Open'))).toBe(
      'export type Open = { id: string; note: string; ok?: true; } | { id: string; note?: string; ok?: false; };',
    );
  });

  it('a branch that is not an object leaves the intersection as it was', () => {
    const mixed = {
      type: 'object',
      properties: { a: { type: 'string' } },
      oneOf: [{ required: ['a'], type: 'object' }, { type: 'string' }],
    };
    const emitted = squash(declarationsFor(mixed, 'Mixed'));
    expect(emitted).toContain(' & ');
    expect(emitted).not.toMatch(/^export type Mixed = \{[^&]*\} \| \{/);
  });

  it('a third-party catalog gets the union in its generated types', async () => {
    const catalog = `providers:
  geometry:
    description: Shapes.
    operations:
      shape_get:
        title: Get a shape
        kind: data_source
        risk: read_only
        idempotent: true
        open_world: false
        description: Get a shape.
        params: { type: object, additionalProperties: false, properties: {} }
        result: ${JSON.stringify(shapes)}
        examples:
          - name: a circle
            input: {}
            expect: { output: { kind: circle, name: c, radius: 1 } }
`;
    const outcome = await generate(catalog, 'geometry.yaml', layout);
    expect(outcome.ok ? [] : outcome.problems).toEqual([]);
    if (!outcome.ok) return;
    const types = outcome.files.find((file) => file.path === 'src/generated/types.ts')!.content;
    expect(squash(types)).toContain(
      'export type ShapeGetResult = { kind: "circle"; name: string; radius: number; } | { kind: "square"; name: string; side: number; };',
    );
  });
});
