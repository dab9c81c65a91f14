// Defaults come from the catalog: a third party's handler receives the catalog's `default` for every
// parameter the caller leaves out (top level, inside objects, inside array items), knows which it
// left out, and the caller's objects are never written to; bounds and enums are the validator's.
import { describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import { generatedProject } from '../support/generated-provider.js';
import { expectOk, tempDir } from '../support/helpers.js';

const catalog = `errors: {}
providers:
  shapes:
    description: Draws shapes.
    operations:
      draw:
        title: Draw
        kind: data_source
        risk: read_only
        idempotent: true
        open_world: false
        description: Draw a shape.
        params:
          type: object
          additionalProperties: false
          required: [name]
          properties:
            name: { type: string }
            size: { type: integer, minimum: 1, maximum: 100, default: 10 }
            mode: { type: string, enum: [fast, slow], default: fast }
            style:
              type: object
              additionalProperties: false
              default: {}
              properties:
                color: { type: string, default: red }
                width: { type: integer, default: 1 }
            tags: { type: array, items: { type: string }, default: [] }
            points:
              type: array
              items:
                type: object
                additionalProperties: false
                required: [x]
                properties:
                  x: { type: integer }
                  y: { type: integer, default: 0 }
        result:
          type: object
          additionalProperties: false
          required: [ok]
          properties:
            ok: { type: boolean }
        examples:
          - name: draws with every default
            input: { name: a }
            expect: { output: { ok: true } }
`;

interface Seen {
  params: Record<string, any>;
  defaulted: string[];
}

async function drawing() {
  const project = await generatedProject(catalog);
  const seen: Seen[] = [];
  const providers = project.providers({
    shapes: {
      async draw(params: Record<string, any>, ctx: { defaulted: ReadonlySet<string> }) {
        seen.push({ params: structuredClone(params), defaulted: [...ctx.defaulted].sort() });
        // A handler that changes what it received must not change the next call's defaults.
        params.tags.push('changed by the handler');
        params.style.color = 'changed by the handler';
        return { ok: true };
      },
    },
  });
  const toolkit = createToolkit({ workspace: await tempDir(), providers });
  return { toolkit, seen, project };
}

describe('defaults from the catalog', () => {
  it('a parameter left out arrives as its default, top level, in a defaulted object and in array items', async () => {
    const { toolkit, seen } = await drawing();
    expectOk(await toolkit.invoke('shapes', 'draw', { name: 'a', points: [{ x: 1 }, { x: 2, y: 5 }] }));
    expect(seen[0]!.params).toEqual({
      name: 'a',
      size: 10,
      mode: 'fast',
      style: { color: 'red', width: 1 },
      tags: [],
      points: [
        { x: 1, y: 0 },
        { x: 2, y: 5 },
      ],
    });
    expect(seen[0]!.defaulted).toEqual(['mode', 'size', 'style', 'tags']);
  });

  it('what the caller gives is kept; a partly given object gets the rest of its defaults', async () => {
    const { toolkit, seen } = await drawing();
    expectOk(
      await toolkit.invoke('shapes', 'draw', {
        name: 'b',
        size: 3,
        mode: 'slow',
        style: { color: 'blue' },
        tags: ['t'],
      }),
    );
    expect(seen[0]!.params).toEqual({
      name: 'b',
      size: 3,
      mode: 'slow',
      style: { color: 'blue', width: 1 },
      tags: ['t'],
    });
    expect(seen[0]!.defaulted).toEqual([]);
    // Given as null (what models send for "left out"), an optional parameter gets its default too.
    expectOk(await toolkit.invoke('shapes', 'draw', { name: 'c', size: null, style: null }));
    expect(seen[1]!.params).toMatchObject({ size: 10, style: { color: 'red', width: 1 } });
    expect(seen[1]!.defaulted).toEqual(['mode', 'size', 'style', 'tags']);
  });

  it("the caller's input is never written to (a frozen input works), and defaults are fresh each call", async () => {
    const { toolkit, seen } = await drawing();
    const input = { name: 'd', style: { width: 7 }, points: [{ x: 1 }] };
    const before = structuredClone(input);
    const freeze = (value: unknown): void => {
      if (value !== null && typeof value === 'object') {
        Object.freeze(value);
        for (const child of Object.values(value)) freeze(child);
      }
    };
    freeze(input);
    expectOk(await toolkit.invoke('shapes', 'draw', input));
    expect(input).toEqual(before);
    expect(seen[0]!.params).toMatchObject({ style: { color: 'red', width: 7 }, points: [{ x: 1, y: 0 }] });
    // The handler pushed to tags and recoloured style: the next call gets the catalog's values again.
    expectOk(await toolkit.invoke('shapes', 'draw', { name: 'e' }));
    expect(seen[1]!.params).toMatchObject({ tags: [], style: { color: 'red', width: 1 } });
  });

  it('bounds and enums are enforced by validation, naming the field', async () => {
    const { toolkit, seen } = await drawing();
    for (const [input, says] of [
      [{ name: 'a', size: 0 }, 'size must be >= 1'],
      [{ name: 'a', size: 101 }, 'size must be <= 100'],
      [{ name: 'a', mode: 'quick' }, 'mode must be one of: "fast", "slow"'],
      [{ name: 'a', style: { width: 'wide' } }, 'style.width must be an integer'],
    ] as const) {
      const result = await toolkit.invoke('shapes', 'draw', input);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('INVALID_INPUT');
        expect(result.error.message).toContain(says);
      }
    }
    expect(seen).toEqual([]);
  });

  it('the generated registry exposes each parameter default and bound (what a handler reads instead of a literal)', async () => {
    const { project } = await drawing();
    expect(project.limits.draw).toEqual({
      size: { default: 10, minimum: 1, maximum: 100 },
      mode: { default: 'fast' },
      style: { default: {} },
      tags: { default: [] },
    });
  });

  it("the handler's params type has every defaulted field; the caller's input type leaves them optional", async () => {
    const { project } = await drawing();
    const types = project.files.get('src/generated/types.ts')!;
    const block = (name: string) => types.slice(types.indexOf(`export interface ${name} {`)).split('\n}\n')[0]!;
    expect(block('DrawParams')).toMatch(
      /\n {2}size: number;[^]*\n {4}color: string;[^]*\n {2}points\?: \{[^]*\n {4}y: number;/,
    );
    expect(block('DrawInput')).toMatch(
      /\n {2}size\?: number;[^]*\n {4}color\?: string;[^]*\n {2}points\?: \{[^]*\n {4}y\?: number;/,
    );
    expect(types).toContain(
      'draw: { provider: "shapes"; id: "shapes.draw"; input: DrawInput; params: DrawParams; result: DrawResult };',
    );
  });
});
