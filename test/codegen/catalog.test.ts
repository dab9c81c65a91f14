// The generator on a third-party catalog: common codes without declaring them, formats (checked by
// the generated validators), negative examples, and every independent problem in one pass.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../codegen/src/generate.js';
import { notesCatalog } from '../fixtures/notes-catalog.js';
import { tempDir } from '../support/helpers.js';

const layout = { out: 'src/generated', tests: 'test/generated', handlers: 'src/handlers.ts' };

async function problemsFor(text: string, file = 'notes.yaml'): Promise<string[]> {
  const outcome = await generate(text, file, layout);
  return outcome.ok ? [] : outcome.problems;
}

function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`not in the text: ${needle}`);
  return text.slice(0, at).split('\n').length;
}

describe('a third-party catalog', () => {
  it('generates: own codes, common codes used without declaring them, a negative example', async () => {
    const outcome = await generate(notesCatalog, 'notes.yaml', layout);
    expect(outcome.ok ? [] : outcome.problems).toEqual([]);
    if (!outcome.ok) return;
    const files = new Map(outcome.files.map((f) => [f.path, f.content]));
    expect([...files.keys()]).toEqual([
      'src/generated/errors.ts',
      'src/generated/registry.ts',
      'src/generated/schemas.ts',
      'src/generated/types.ts',
      'src/generated/validators.ts',
      'src/generated/validators/notes.note_add.ts',
      'src/generated/validators/notes.note_get.ts',
      'test/generated/notes.conformance.test.ts',
    ]);
    const types = files.get('src/generated/types.ts')!;
    expect(types).toMatch(/export type ErrorCode =\s*\| CommonErrorCode\s*\| "NOT_A_NOTE";/);
    expect(types).toMatch(/import type \{ CommonErrorCode, Handler \} from ["']toolwright["'];/);
    const validators = files.get('src/generated/validators/notes.note_add.ts')!;
    expect(files.get('src/generated/validators.ts')).toContain(
      'const module0 = lazyValidators(() => import("./validators/notes.note_add.js"), "notes.note_add");',
    );
    expect(validators).toContain("from 'toolwright/validator-runtime'");
    expect(validators).toContain('ajvRuntimeModule("ajv-formats/dist/formats")');
    expect(validators).not.toMatch(/from ["']ajv/);
    const conformance = files.get('test/generated/notes.conformance.test.ts')!;
    expect(conformance).toContain('import { handlers } from "../../src/handlers.js";');
    expect(conformance).toContain('"name": "a bad email is refused"');
    // The probes start from the valid example, not from the negative one.
    expect(conformance).toMatch(
      /"unknown": \{\s*"text": "hello",\s*"contact": "ada@example.com",\s*"not_a_declared_property": true/,
    );
  });

  it('the generated validators check formats at run time, through toolwright', async () => {
    const outcome = await generate(notesCatalog, 'notes.yaml', layout);
    if (!outcome.ok) throw new Error(outcome.problems.join('\n'));
    const dir = await tempDir();
    for (const file of outcome.files) {
      await mkdir(path.dirname(path.join(dir, file.path)), { recursive: true });
      await writeFile(path.join(dir, file.path), file.content);
    }
    const { validators } = (await import(path.join(dir, 'src/generated/validators.ts'))) as {
      validators: Record<string, { params: (v: unknown) => boolean; load: () => Promise<void> | undefined }>;
    };
    await validators['notes.note_add']!.load();
    const params = validators['notes.note_add']!.params;
    expect(params({ text: 'x', contact: 'ada@example.com', due: '2026-12-01T10:00:00Z' })).toBe(true);
    expect(params({ text: 'x', contact: 'not-an-email' })).toBe(false);
    expect(params({ text: 'x', due: 'yesterday' })).toBe(false);
    expect(params({ text: 'x', due: '2026-13-45T99:00:00Z' })).toBe(false);
  });

  it('reports every independent problem in one pass, sorted, at FILE:LINE:COL', async () => {
    const broken = notesCatalog
      .replace('kind: resource', 'kind: banana')
      .replace('errors: [TIMEOUT]', 'errors: [TIMEOUT, NO_SUCH_CODE]')
      .replace('input: { text: hello, contact: ada@example.com }', 'input: { text: "", contact: ada@example.com }')
      .replace('risk: read_only', 'risk: moderate');
    const problems = await problemsFor(broken);
    const expected = [
      [lineOf(broken, 'banana'), /banana.*data_source, resource, interactive/],
      [lineOf(broken, 'errors: [TIMEOUT, NO_SUCH_CODE]'), /unknown error code NO_SUCH_CODE/],
      [lineOf(broken, 'input: { text: ""'), /example "adds a note" input does not validate.*negative case/],
      [lineOf(broken, 'risk: moderate'), /a data_source operation must have risk read_only, not moderate/],
    ] as const;
    for (const [line, pattern] of expected) {
      expect(
        problems.some((p) => p.startsWith(`notes.yaml:${line}:`) && pattern.test(p)),
        `${pattern} at line ${line}\n${problems.join('\n')}`,
      ).toBe(true);
    }
    const lines = problems.map((p) => Number(p.split(':')[1]));
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });

  it('a broken example is allowed only as a negative case expecting INVALID_INPUT', async () => {
    const wrongCode = notesCatalog.replace(
      '          - name: a bad email is refused\n            input: { text: hello, contact: not-an-email }\n            expect: { error: INVALID_INPUT }',
      '          - name: a bad email is refused\n            input: { text: hello, contact: not-an-email }\n            expect: { error: TIMEOUT }',
    );
    expect((await problemsFor(wrongCode)).join('\n')).toMatch(
      /example "a bad email is refused" input does not validate against params: \/contact must match format "email"/,
    );
    const onlyNegative = notesCatalog.replace(
      'input: { text: hello, contact: ada@example.com }\n            expect: { output: { text: hello } }',
      'input: { text: "" }\n            expect: { error: INVALID_INPUT }',
    );
    expect((await problemsFor(onlyNegative)).join('\n')).toMatch(/at least one example whose input validates/);
  });

  it('rejects a redeclared common code, an unknown format, and an expected code the operation does not list', async () => {
    const redeclared = notesCatalog.replace('errors:\n  NOT_A_NOTE:', 'errors:\n  TIMEOUT: Too slow.\n  NOT_A_NOTE:');
    const problems = await problemsFor(redeclared);
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^notes\\.yaml:${lineOf(redeclared, 'TIMEOUT: Too slow.')}:3: TIMEOUT is a common code provided by toolwright`,
        ),
      ),
    );

    const unknownFormat = notesCatalog.replace('format: email', 'format: e-mail-address');
    expect((await problemsFor(unknownFormat)).join('\n')).toMatch(
      /params is not a valid JSON Schema: unknown format "e-mail-address"/,
    );

    const unlisted = notesCatalog.replace('expect: { error: NOT_A_NOTE }', 'expect: { error: TIMEOUT }');
    expect((await problemsFor(unlisted)).join('\n')).toMatch(
      /example expects TIMEOUT, which is not in this operation's errors/,
    );
  });

  it('long_running is carried into the descriptor, and only a boolean is accepted, at its line', async () => {
    const marked = notesCatalog.replace(
      '        open_world: false\n        description: Add a note.',
      '        open_world: false\n        long_running: true\n        description: Add a note.',
    );
    const outcome = await generate(marked, 'notes.yaml', layout);
    if (!outcome.ok) throw new Error(outcome.problems.join('\n'));
    const registry = outcome.files.find((f) => f.path === 'src/generated/registry.ts')!.content;
    const descriptorOf = (name: string) => registry.slice(registry.indexOf(`const op_${name}:`)).split('};')[0]!;
    expect(descriptorOf('note_add')).toContain('longRunning: true,');
    expect(descriptorOf('note_get')).not.toContain('longRunning');
    const conformance = outcome.files.find((f) => f.path.endsWith('notes.conformance.test.ts'))!.content;
    expect(conformance).toContain('"longRunning": true');

    for (const bad of ['yes', '"true"', '1', '[true]']) {
      const broken = marked.replace('long_running: true', `long_running: ${bad}`);
      const problems = await problemsFor(broken);
      expect(
        problems.some((p) => p.startsWith(`notes.yaml:${lineOf(broken, 'long_running:')}:`) && /boolean/.test(p)),
        `long_running: ${bad}\n${problems.join('\n')}`,
      ).toBe(true);
    }
  });

  it('a catalog without an errors section is valid (only common codes)', async () => {
    const noOwn = notesCatalog
      .replace('errors:\n  NOT_A_NOTE: The note does not exist.\n', '')
      .replace('errors: [NOT_A_NOTE]', 'errors: [NOT_FOUND]')
      .replace('expect: { error: NOT_A_NOTE }', 'expect: { error: NOT_FOUND }');
    const outcome = await generate(noOwn, 'notes.yaml', layout);
    expect(outcome.ok ? [] : outcome.problems).toEqual([]);
  });
});
