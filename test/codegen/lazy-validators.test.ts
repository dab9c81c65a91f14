// A generated registry loads a provider's validators on that provider's first call and no others:
// the validators index imports no chunk up front, a descriptor's validators fail closed until its
// loadValidators() has settled, and a failed load is retried rather than kept.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../codegen/src/generate.js';
import type { CompiledValidator, OperationDescriptor, ProviderDescriptor } from '../../src/index.js';
import { lazyValidators } from '../../src/validator-runtime.js';
import { notesCatalog } from '../fixtures/notes-catalog.js';
import { tempDir } from '../support/helpers.js';

const layout = { out: 'src/generated', tests: 'test/generated', handlers: 'src/handlers.ts' };

/** The notes catalog with a second provider, `tags`, beside it. */
const twoProviders = `${notesCatalog}  tags:
    description: Tags on notes.
    operations:
      tag_add:
        title: Tag a note
        kind: resource
        risk: low
        idempotent: true
        open_world: false
        description: Add a tag to a note.
        params:
          type: object
          additionalProperties: false
          required: [tag]
          properties:
            tag: { type: string, minLength: 1 }
        result:
          type: object
          additionalProperties: false
          required: [ok]
          properties:
            ok: { type: boolean }
        errors: [NOT_A_NOTE]
        examples:
          - name: tags a note
            input: { tag: x }
            expect: { output: { ok: true } }
`;

/** Generates `catalog` into a fresh folder; returns the folder. */
async function generated(catalog: string): Promise<string> {
  const outcome = await generate(catalog, 'notes.yaml', layout);
  if (!outcome.ok) throw new Error(outcome.problems.join('\n'));
  const dir = await tempDir();
  for (const file of outcome.files) {
    await mkdir(path.dirname(path.join(dir, file.path)), { recursive: true });
    await writeFile(path.join(dir, file.path), file.content);
  }
  return dir;
}

function operation(providers: readonly ProviderDescriptor[], name: string): OperationDescriptor {
  const op = providers.flatMap((p) => p.operations).find((o) => o.name === name);
  if (!op) throw new Error(`no operation ${name}`);
  return op;
}

describe('generated validators load per operation', () => {
  it('the index imports no validators module up front, one dynamic import per operation', async () => {
    const outcome = await generate(twoProviders, 'notes.yaml', layout);
    if (!outcome.ok) throw new Error(outcome.problems.join('\n'));
    const index = outcome.files.find((f) => f.path === 'src/generated/validators.ts')!.content;
    expect(index).not.toMatch(/^import [^;]*\.\/validators\//m);
    expect(index).toContain('lazyValidators(() => import("./validators/notes.note_add.js"), "notes.note_add")');
    expect(index).toContain('lazyValidators(() => import("./validators/notes.note_get.js"), "notes.note_get")');
    expect(index).toContain('lazyValidators(() => import("./validators/tags.tag_add.js"), "tags.tag_add")');
    expect(index.match(/import\(/g)).toHaveLength(3);
    const registry = outcome.files.find((f) => f.path === 'src/generated/registry.ts')!.content;
    expect(registry.match(/loadValidators: validators\[/g)).toHaveLength(3);
  });

  it("loading one operation's validators leaves the others' modules unread", async () => {
    const dir = await generated(twoProviders);
    // These modules would throw if anything imported them.
    await writeFile(
      path.join(dir, 'src/generated/validators/tags.tag_add.ts'),
      'throw new Error("tags validators loaded");\n',
    );
    await writeFile(
      path.join(dir, 'src/generated/validators/notes.note_get.ts'),
      'throw new Error("note_get validators loaded");\n',
    );
    const { providers } = (await import(path.join(dir, 'src/generated/registry.ts'))) as {
      providers: readonly ProviderDescriptor[];
    };
    const add = operation(providers, 'note_add');
    expect(() => add.validateParams({ text: 'x' })).toThrow(/not loaded/);
    await add.loadValidators!();
    expect(add.loadValidators!()).toBeUndefined();
    expect(add.validateParams({ text: 'x', contact: 'ada@example.com' })).toBe(true);
    expect(add.validateParams({ text: 'x', contact: 'not-an-email' })).toBe(false);
    expect(add.validateParams.errors?.[0]?.instancePath).toBe('/contact');
    expect(add.validateResult({ id: '1', text: 'x' })).toBe(true);
    // Same provider, another operation: its own module, not loaded with note_add's.
    const get = operation(providers, 'note_get');
    expect(() => get.validateParams({})).toThrow(/not loaded/);
    await expect(get.loadValidators!()).rejects.toThrow(/note_get validators loaded/);
    const tag = operation(providers, 'tag_add');
    expect(() => tag.validateParams({ tag: 'x' })).toThrow(/not loaded/);
    await expect(tag.loadValidators!()).rejects.toThrow(/tags validators loaded/);
    expect(() => tag.validateParams({ tag: 'x' })).toThrow(/not loaded/);
  });

  it('an operation that fails its load is refused by invoke, and the other provider still works', async () => {
    const dir = await generated(twoProviders);
    await writeFile(
      path.join(dir, 'src/generated/validators/tags.tag_add.ts'),
      'throw new Error("tags validators broken");\n',
    );
    const { providers } = (await import(path.join(dir, 'src/generated/registry.ts'))) as {
      providers: readonly ProviderDescriptor[];
    };
    const { createToolkit, defineProviders } = await import('../../src/index.js');
    const handlers = {
      notes: {
        note_add: async (p: { text: string }) => ({ id: '1', text: p.text }),
        note_get: async () => ({ text: '' }),
      },
      tags: { tag_add: async () => ({ ok: true }) },
    };
    const toolkit = createToolkit({ workspace: dir, providers: defineProviders(providers, handlers as never) });
    const tagged = await toolkit.invoke('tags', 'tag_add', { tag: 'x' });
    expect(tagged.ok).toBe(false);
    if (!tagged.ok) expect(tagged.error.message).toMatch(/tags validators broken/);
    const bad = await toolkit.invoke('notes', 'note_add', { text: 'x', contact: 'nope' });
    expect(bad.ok ? 'ok' : bad.error.code).toBe('INVALID_INPUT');
    const added = await toolkit.invoke('notes', 'note_add', { text: 'x' });
    expect(added.ok ? added.output : added.error).toEqual({ id: '1', text: 'x' });
  });
});

describe('lazyValidators', () => {
  const validator = Object.assign((data: unknown): boolean => data === 1, { errors: null });

  it('imports once however many callers wait, and validators forward errors', async () => {
    let imports = 0;
    const lazy = lazyValidators(async () => {
      imports++;
      const one: CompiledValidator = (data: unknown): boolean => {
        one.errors = data === 1 ? null : [{ instancePath: '', schemaPath: '#', keyword: 'const', params: {} }];
        return data === 1;
      };
      return { one };
    }, 'demo');
    const one = lazy.validator('one');
    const missing = lazy.validator('two');
    const [a, b] = [lazy.load(), lazy.load()];
    expect(a).toBe(b);
    await a;
    expect(imports).toBe(1);
    expect(lazy.load()).toBeUndefined();
    expect(one(1)).toBe(true);
    expect(one.errors).toBeNull();
    expect(one(2)).toBe(false);
    expect(one.errors?.[0]?.keyword).toBe('const');
    expect(() => missing(1)).toThrow(/demo have no two/);
  });

  it('a failed import is not kept: the next load tries again', async () => {
    let attempt = 0;
    const lazy = lazyValidators(async () => {
      attempt++;
      if (attempt === 1) throw new Error('disk hiccup');
      return { one: validator };
    }, 'demo');
    await expect(lazy.load()).rejects.toThrow('disk hiccup');
    expect(() => lazy.validator('one')(1)).toThrow(/not loaded/);
    await lazy.load();
    expect(attempt).toBe(2);
    expect(lazy.validator('one')(1)).toBe(true);
  });
});
