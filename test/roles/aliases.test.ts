// Aliases belong to the catalog: `aliases:` on an operation or a provider names what a caller may
// type instead (another harness's tool names), the generator refuses one that could stand for two
// things, and every "did you mean" of the runtime — a tool call, invoke, a policy rule — turns a
// third party's aliases into its names as it does the reference ones.
import { describe, expect, it } from 'vitest';
import { generate } from '../../codegen/src/generate.js';
import { invokeByName } from '../../src/adapters/dispatch.js';
import { compilePolicy, createToolkit, referenceProviders } from '../../src/index.js';
import { generatedProject } from '../support/generated-provider.js';
import { tempDir } from '../support/helpers.js';

const catalog = `providers:
  notes:
    description: Notes kept in a folder.
    aliases: [memo, jot]
    operations:
      note_find:
        title: Find notes
        aliases: [search_notes, lookup]
        kind: data_source
        risk: read_only
        idempotent: true
        open_world: false
        description: Find notes by word.
        params:
          type: object
          additionalProperties: false
          required: [word]
          properties:
            word: { type: string }
        result:
          type: object
          additionalProperties: false
          required: [found]
          properties:
            found: { type: integer }
        examples:
          - name: finds
            input: { word: x }
            expect: { output: { found: 0 } }
      note_add:
        title: Add a note
        aliases: [jot_down]
        kind: resource
        risk: low
        idempotent: false
        open_world: false
        description: Add a note.
        params:
          type: object
          additionalProperties: false
          required: [text]
          properties:
            text: { type: string }
        result:
          type: object
          additionalProperties: false
          required: [ok]
          properties:
            ok: { type: boolean }
        examples:
          - name: adds
            input: { text: x }
            expect: { output: { ok: true } }
`;

async function notesToolkit() {
  const project = await generatedProject(catalog);
  const providers = project.providers({
    notes: { note_find: async () => ({ found: 0 }), note_add: async () => ({ ok: true }) },
  });
  return { project, toolkit: createToolkit({ workspace: await tempDir(), providers }) };
}

describe("a third party's aliases", () => {
  it('are emitted into the descriptors: the operation’s own, and its provider’s on each operation', async () => {
    const { project } = await notesToolkit();
    expect(project.operations.get('note_find')).toMatchObject({
      aliases: ['search_notes', 'lookup'],
      providerAliases: ['memo', 'jot'],
    });
  });

  it('a tool call by an alias (any case or punctuation) says the name it stands for', async () => {
    const { toolkit } = await notesToolkit();
    for (const [typed, meant] of [
      ['lookup', 'note_find'],
      ['SearchNotes', 'note_find'],
      ['jot-down', 'note_add'],
      ['NoteFind', 'note_find'],
    ] as const) {
      const result = await invokeByName(toolkit, typed, {});
      expect(!result.ok && result.error.code, typed).toBe('UNKNOWN_OPERATION');
      expect(!result.ok && result.error.message, typed).toContain(`did you mean "${meant}"?`);
    }
  });

  it('invoke with an alias of the operation or of the provider says the name it stands for', async () => {
    const { toolkit } = await notesToolkit();
    const op = await toolkit.invoke('notes', 'lookup', {});
    expect(!op.ok && op.error.message).toBe(
      'provider notes has no operation "lookup" (it has: note_find, note_add); did you mean "note_find"?',
    );
    const provider = await toolkit.invoke('memo', 'note_find', {});
    expect(!provider.ok && provider.error.message).toContain('did you mean "notes"?');
  });

  it('a policy rule naming an alias is refused with the name it stands for', async () => {
    const { project } = await notesToolkit();
    const operations = [...project.operations.values()];
    expect(() => compilePolicy({ rules: [{ operation: 'lookup', decision: 'deny' }] }, operations)).toThrow(
      /no operation matches "lookup" \(did you mean "note_find"\?\)/,
    );
    expect(() => compilePolicy({ rules: [{ provider: 'jot', decision: 'deny' }] }, operations)).toThrow(
      /no provider matches "jot" \(did you mean "notes"\?\)/,
    );
  });

  it('the reference catalog declares its aliases the same way (read, ls, shell)', async () => {
    const toolkit = createToolkit({ workspace: await tempDir(), providers: referenceProviders });
    const read = await invokeByName(toolkit, 'Read', {});
    expect(!read.ok && read.error.message).toContain('did you mean "read_file"?');
    const ls = await invokeByName(toolkit, 'ls', {});
    expect(!ls.ok && ls.error.message).toContain('did you mean "list_directory"?');
    const shell = await toolkit.invoke('shell' as string, 'bash', {});
    expect(!shell.ok && shell.error.message).toContain('did you mean "exec"?');
  });
});

describe('alias clashes in a catalog', () => {
  async function problemsFor(text: string): Promise<string[]> {
    const outcome = await generate(text, 'notes.yaml');
    return outcome.ok ? [] : outcome.problems;
  }
  const at = (text: string, needle: string, from = 0) => {
    const index = text.indexOf(needle, from);
    const before = text.slice(0, index);
    return `notes.yaml:${before.split('\n').length}:${index - before.lastIndexOf('\n')}`;
  };

  it("an alias that is another operation's name, or its alias, is refused at the alias, naming both", async () => {
    const name = catalog.replace('aliases: [jot_down]', 'aliases: [note_find]');
    const problems = await problemsFor(name);
    expect(problems).toEqual([
      `${at(name, 'note_find]')}: alias "note_find" of operation note_add is also the name of operation note_find (${at(name, 'note_find:')}); an alias stands for one operation`,
    ]);
    const twice = catalog.replace('aliases: [jot_down]', 'aliases: [lookup]');
    const again = await problemsFor(twice);
    expect(again).toHaveLength(1);
    expect(again[0]).toContain('alias "lookup" of operation note_add is also an alias of operation note_find');
  });

  it('an alias that spells another name differently is a clash too', async () => {
    const text = catalog.replace('aliases: [jot_down]', 'aliases: [notefind]');
    expect((await problemsFor(text)).join('\n')).toContain(
      'alias "notefind" of operation note_add is also the name of operation note_find',
    );
  });

  it("an operation's own name as its alias needs none; provider aliases clash among providers", async () => {
    const own = await problemsFor(catalog.replace('aliases: [search_notes, lookup]', 'aliases: [note_find]'));
    expect(own.join('\n')).toContain('alias "note_find" is operation note_find\'s own name: it needs no alias');
    const provider = await problemsFor(catalog.replace('aliases: [memo, jot]', 'aliases: [memo, notes]'));
    expect(provider.join('\n')).toContain('alias "notes" is provider notes\'s own name');
  });

  it('an alias that is not a lower-case word is refused by the catalog format', async () => {
    const text = catalog.replace('aliases: [jot_down]', 'aliases: ["Jot Down"]');
    expect((await problemsFor(text)).join('\n')).toMatch(/note_add\.aliases\[0\] "Jot Down" must match/);
  });
});
