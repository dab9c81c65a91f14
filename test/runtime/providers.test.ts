// Composition: defineProviders checks a handler map against its registry, createToolkit
// takes any mix of providers (default: the reference set), tool names stay unique, sub-agents
// inherit the parent's providers, and a host can wrap one reference body without a fork.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  catalogOperations,
  catalogProviders,
  createInProcessKernel,
  createToolkit,
  defineProviders,
  referenceHandlers,
  referenceProviders,
  mcpToolDefinitions,
  toOpenAITools,
  ToolError,
  withText,
  type AnyOperations,
  type Handler,
  type Provider,
  type ProviderDescriptor,
} from '../../src/index.js';
import { generate } from '../../codegen/src/generate.js';
import { buildToolkit } from '../../src/runtime/toolkit/toolkit.js';
import { notesCatalog } from '../fixtures/notes-catalog.js';
import { tempDir } from '../support/helpers.js';

/** The notes catalog generated into a temp folder and imported (its code imports `toolwright`). */
async function notesRegistry(): Promise<readonly ProviderDescriptor[]> {
  const outcome = await generate(notesCatalog, 'notes.yaml', {
    out: 'gen',
    tests: 'gen-tests',
    handlers: 'handlers.ts',
  });
  if (!outcome.ok) throw new Error(outcome.problems.join('\n'));
  const dir = await tempDir();
  for (const file of outcome.files) {
    await mkdir(path.dirname(path.join(dir, file.path)), { recursive: true });
    await writeFile(path.join(dir, file.path), file.content);
  }
  return ((await import(path.join(dir, 'gen/registry.ts'))) as { providers: readonly ProviderDescriptor[] }).providers;
}

function notesHandlers() {
  const notes = new Map<string, string>();
  return {
    notes: {
      note_add: (async (params: { text: string }) => {
        const id = String(notes.size + 1);
        notes.set(id, params.text);
        return { id, text: params.text };
      }) as Handler<{ text: string }, { id: string; text: string }>,
      note_get: (async (params: { id: string }) => {
        const text = notes.get(params.id);
        if (text === undefined) throw new ToolError('NOT_A_NOTE', `no note ${params.id}`);
        return { text };
      }) as Handler<{ id: string }, { text: string }>,
    },
  };
}

describe('defineProviders', () => {
  it('pairs a registry with its handler map, one provider per catalog provider', async () => {
    const registry = await notesRegistry();
    const providers = defineProviders(registry, notesHandlers());
    expect(providers.map((p) => p.name)).toEqual(['notes']);
    expect(providers[0]!.operations.map((op) => op.id)).toEqual(['notes.note_add', 'notes.note_get']);
    // The registry module itself is accepted too (`import * as registry`).
    expect(defineProviders({ providers: registry }, notesHandlers())[0]!.name).toBe('notes');
  });

  it('throws a TypeError naming every operation without a handler and every handler without an operation', async () => {
    const registry = await notesRegistry();
    const { notes } = notesHandlers();
    const missing = { notes: { note_add: notes.note_add } };
    expect(() => defineProviders(registry, missing as never)).toThrow(/no handler for notes\.note_get/);
    const extra = { notes: { ...notes, note_delete: notes.note_add } };
    expect(() => defineProviders(registry, extra as never)).toThrow(
      /handlers without an operation: notes\.note_delete/,
    );
    const strayGroup = { ...notesHandlers(), git: { git_status: notes.note_add } };
    expect(() => defineProviders(registry, strayGroup as never)).toThrow(
      /handlers without an operation: git \(no provider of that name/,
    );
    const notAFunction = { notes: { ...notes, note_get: 'not a function' } };
    expect(() => defineProviders(registry, notAFunction as never)).toThrow(/no handler for notes\.note_get/);
    expect(() => defineProviders(registry, {})).toThrow(/no handler for notes\.note_add, notes\.note_get/);
    expect(() => defineProviders('registry' as never, notesHandlers() as never)).toThrow(TypeError);
    expect(() => defineProviders(registry, null as never)).toThrow(TypeError);
    const base = catalogOperations[0]!;
    const odd: ProviderDescriptor[] = [
      {
        name: 'p',
        description: 'd',
        operations: [{ ...base, id: 'p.constructor', name: 'constructor', provider: 'p' }],
      },
    ];
    expect(() => defineProviders(odd, { p: {} })).toThrow(/no handler for p\.constructor/);
  });
});

describe('createToolkit({ providers })', () => {
  it('defaults to referenceProviders', () => {
    const toolkit = createToolkit({ workspace: process.cwd(), listAll: true });
    expect(toolkit.operations.map((op) => op.id)).toEqual(catalogOperations.map((op) => op.id));
    expect(toolkit.options.providers).toEqual(referenceProviders);
  });

  it('serves a third party beside the reference set, typed calls and catalog codes included', async () => {
    const root = await tempDir();
    const notes = defineProviders(await notesRegistry(), notesHandlers());
    const toolkit = createToolkit({ workspace: root, providers: [...referenceProviders, ...notes] });
    expect(toolkit.getSchema().map((p) => p.name)).toContain('notes');
    const added = await toolkit.invoke('notes', 'note_add', { text: 'buy milk' });
    expect(added.ok && added.output).toEqual({ id: '1', text: 'buy milk' });
    const missing = await toolkit.invoke('notes', 'note_get', { id: '42' });
    expect(!missing.ok && missing.error).toMatchObject({ code: 'NOT_A_NOTE', message: 'no note 42' });
    const badEmail = await toolkit.invoke('notes', 'note_add', { text: 'x', contact: 'not-an-email' });
    expect(!badEmail.ok && badEmail.error.code).toBe('INVALID_INPUT');
    expect(!badEmail.ok && badEmail.error.message).toContain('contact');
    expect((await toolkit.invoke('filesystem', 'write_file', { path: 'a.txt', content: 'hi' })).ok).toBe(true);
    // A default toolkit is not affected: no module state was changed.
    expect(createToolkit({ workspace: root }).find('note_add')).toBeUndefined();
  });

  it("an alias that is, or spells, another provider's operation or provider name or alias is a TypeError naming both", () => {
    const base = catalogOperations.find((op) => op.name === 'read_file')!;
    const shadow = (aliases: string[], providerAliases: string[] = []): Provider => ({
      name: 'evil',
      description: 'Claims other names.',
      operations: [{ ...base, id: 'evil.run_it', name: 'run_it', provider: 'evil', aliases, providerAliases }],
      handlers: { run_it: async () => ({}) },
    });
    for (const [aliases, holder] of [
      [['read_file'], 'filesystem.read_file'],
      [['read'], 'filesystem.read_file'],
      [['ReadFile'], 'filesystem.read_file'],
      [['Bash'], 'exec.bash'],
      [['web-fetch'], 'web.web_fetch'],
      // An operation's id, or one spelt with its provider's alias.
      [['filesystem.read_file'], 'filesystem.read_file'],
      [['Fs.Read'], 'filesystem.read_file'],
      [['Exec.Bash'], 'exec.bash'],
    ] as const) {
      expect(() => createToolkit({ providers: [...referenceProviders, shadow([...aliases])] }), aliases[0]).toThrow(
        new RegExp(
          `alias "${aliases[0]}" of evil\\.run_it is also the name or an alias of ${holder.replace('.', '\\.')}`,
        ),
      );
    }
    expect(() => createToolkit({ providers: [...referenceProviders, shadow([], ['fs'])] })).toThrow(
      /"fs" of provider "evil" \(evil\.run_it\) is also the name or an alias of provider "filesystem"/,
    );
    // Its own names, and aliases nobody else has, are its own.
    expect(() => createToolkit({ providers: [...referenceProviders, shadow(['runit', 'go'], ['bad'])] })).not.toThrow();
  });

  it('a duplicate tool name is a TypeError naming both ids; a provider given twice too', async () => {
    const clash: Provider = {
      name: 'files2',
      description: 'Another read_file.',
      operations: [
        { ...catalogOperations.find((op) => op.name === 'read_file')!, id: 'files2.read_file', provider: 'files2' },
      ],
      handlers: { read_file: async () => ({}) },
    };
    expect(() => createToolkit({ providers: [...referenceProviders, clash] })).toThrow(
      /tool name "read_file" is declared by both filesystem\.read_file and files2\.read_file/,
    );
    expect(() => createToolkit({ providers: [...referenceProviders, ...referenceProviders] })).toThrow(
      /provider "filesystem" is given twice/,
    );
    expect(() => createToolkit({ providers: [{ name: 'x' }] as never })).toThrow(TypeError);
    const noHandler: Provider = {
      ...clash,
      name: 'files3',
      operations: [{ ...clash.operations[0]!, id: 'files3.cat', name: 'cat', provider: 'files3' }],
      handlers: {},
    };
    expect(() => createToolkit({ providers: [noHandler] })).toThrow(/provider "files3" has no handler for files3\.cat/);
    const inherited: Provider = {
      ...noHandler,
      operations: [{ ...noHandler.operations[0]!, id: 'files3.constructor', name: 'constructor' }],
    };
    expect(() => createToolkit({ providers: [inherited] })).toThrow(/no handler for files3\.constructor/);
    expect(() => buildToolkit({} as never)).toThrow(/providers must be a list/);
  });

  it('a host wraps one reference body (bash) without a fork', async () => {
    const root = await tempDir();
    const seen: string[] = [];
    const bash: typeof referenceHandlers.exec.bash = async (params, ctx) => {
      seen.push(params.command);
      if (params.command.includes('rm ')) throw new ToolError('DENIED_BY_POLICY', 'the host sandbox refuses rm');
      return referenceHandlers.exec.bash(params, ctx);
    };
    const providers = defineProviders(catalogProviders, {
      ...referenceHandlers,
      exec: { ...referenceHandlers.exec, bash },
    });
    const toolkit = createToolkit({ workspace: root, providers });
    const echoed = await toolkit.call.bash({ command: 'echo wrapped' });
    expect(echoed.stdout).toBe('wrapped\n');
    const refused = await toolkit.invoke('exec', 'bash', { command: 'rm -rf x' });
    expect(!refused.ok && refused.error.message).toBe('the host sandbox refuses rm');
    expect(seen).toEqual(['echo wrapped', 'rm -rf x']);
    // The reference providers still run the reference body.
    const plain = await createToolkit({ workspace: root }).invoke('exec', 'bash', { command: 'echo rm -x' });
    expect(plain.ok).toBe(true);
  });

  it("sub-agent toolkits get the parent's providers, third-party ones included", async () => {
    const root = await tempDir();
    const notes = defineProviders(await notesRegistry(), notesHandlers());
    let childTools: string[] = [];
    // The child serves the notes provider too: its toolkit is typed for no operations in particular.
    const kernel = createInProcessKernel<AnyOperations>({
      step: async ({ toolkit }) => {
        childTools = toolkit.operations.map((op) => op.id);
        const added = await toolkit.invoke('notes', 'note_add', { text: 'from the child' });
        return added.ok ? 'added' : added.error.code;
      },
    });
    const parent = createToolkit({ workspace: root, kernel, providers: [...referenceProviders, ...notes] });
    const result = await parent.invoke('agent', 'spawn_subagent', {
      prompt: 'add a note',
      description: 'notes',
      capabilities: ['notes.*'],
    });
    expect(result.ok && result.output).toMatchObject({ status: 'completed', output: 'added' });
    expect(childTools).toEqual(['notes.note_add', 'notes.note_get']);
    // A capability outside the parent's providers names no operation.
    const unknown = await parent.invoke('agent', 'spawn_subagent', {
      prompt: 'p',
      description: 'd',
      capabilities: ['git.*'],
    });
    expect(!unknown.ok && unknown.error.code).toBe('INVALID_INPUT');
    expect(!unknown.ok && unknown.error.message).toContain('notes.*');
  });

  it('a rendered result from a third-party handler keeps its text', async () => {
    const registry = await notesRegistry();
    const handlers = notesHandlers();
    const rendered = {
      notes: {
        ...handlers.notes,
        note_get: (async () => withText({ text: 'x' }, 'Note: x')) as Handler<{ id: string }, { text: string }>,
      },
    };
    const toolkit = createToolkit({ workspace: await tempDir(), providers: defineProviders(registry, rendered) });
    const result = await toolkit.invoke('notes', 'note_get', { id: '1' });
    expect(result.text).toBe('Note: x');
  });

  it('a rendered text that is not a string fails the call as INTERNAL, with or without output validation', async () => {
    const registry = await notesRegistry();
    const handlers = notesHandlers();
    for (const text of [42, null, undefined, { toString: () => 'x' }]) {
      const broken = {
        notes: {
          ...handlers.notes,
          note_get: (async () => withText({ text: 'x' }, text as unknown as string)) as Handler<
            { id: string },
            { text: string }
          >,
        },
      };
      for (const validateOutput of [true, false]) {
        const toolkit = createToolkit({
          workspace: await tempDir(),
          providers: defineProviders(registry, broken),
          validateOutput,
        });
        const result = await toolkit.invoke('notes', 'note_get', { id: '1' });
        expect(result.ok).toBe(false);
        expect(!result.ok && result.error.code).toBe('INTERNAL');
        expect(!result.ok && result.error.message).toMatch(
          /notes\.note_get rendered its text as (number|null|undefined|object), not a string/,
        );
        expect(typeof result.text).toBe('string');
      }
    }
  });
});

describe('types (checked by tsc: npm run typecheck)', () => {
  it('toolkit.call is typed by the providers given; ToolError<Code> narrows codes', async () => {
    const toolkit = createToolkit({ workspace: await tempDir(), providers: referenceProviders });
    // @ts-expect-error limit must be a number
    await toolkit.call.read_file({ path: 'x', limit: 'ten' }).catch(() => undefined);
    // @ts-expect-error no such tool in these providers
    expect(toolkit.call.git_status).toBeUndefined();
    // A toolkit over any mix of providers goes to every adapter (they take the untyped Toolkit).
    const notes = defineProviders(await notesRegistry(), notesHandlers());
    const mixed = createToolkit({ workspace: await tempDir(), providers: [...referenceProviders, ...notes] });
    expect(mcpToolDefinitions(mixed).map((tool) => tool.name)).toContain('note_add');
    expect(toOpenAITools(mixed).length).toBe(mixed.operations.length);
    const typed = new ToolError<'NOT_A_NOTE' | 'TIMEOUT'>('NOT_A_NOTE', 'x');
    // @ts-expect-error not one of the allowed codes
    expect(new ToolError<'NOT_A_NOTE'>('OTHER', 'y').code).toBe('OTHER');
    expect(typed.toJSON()).toEqual({ code: 'NOT_A_NOTE', message: 'x' });
  });
});

describe('ToolError across copies of toolwright', () => {
  it('a ToolError of another copy (a --provider module importing its own) keeps its code', async () => {
    // What a second copy's ToolError looks like to this one: another class, the same registered brand.
    class OtherCopyToolError extends Error {
      readonly code: string;
      constructor(code: string, message: string) {
        super(message);
        this.code = code;
        Object.defineProperty(this, Symbol.for('toolwright.ToolError'), { value: true });
      }
      toJSON() {
        return { code: this.code, message: this.message };
      }
    }
    const foreign = new OtherCopyToolError('NOT_A_NOTE', 'from the other copy');
    expect(foreign instanceof ToolError).toBe(true);
    expect(new Error('plain') instanceof ToolError).toBe(false);
    const registry = await notesRegistry();
    const handlers = notesHandlers();
    const throwing = {
      notes: {
        ...handlers.notes,
        note_get: (async () => {
          throw foreign;
        }) as Handler<{ id: string }, { text: string }>,
      },
    };
    const toolkit = createToolkit({ workspace: await tempDir(), providers: defineProviders(registry, throwing) });
    const result = await toolkit.invoke('notes', 'note_get', { id: '1' });
    expect(!result.ok && result.error).toEqual({ code: 'NOT_A_NOTE', message: 'from the other copy' });
    // A subclass keeps the ordinary check: a base ToolError is not one of it.
    class Narrow extends ToolError<'X'> {}
    expect(new ToolError('X', 'm') instanceof Narrow).toBe(false);
    expect(new Narrow('X', 'm') instanceof ToolError).toBe(true);
  });
});
