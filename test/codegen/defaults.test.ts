// A catalog's defaults are checked like the rest of it: one that breaks its own schema, or sits
// where the validators never fill it in, is a located problem; examples are emitted as written.
import { describe, expect, it } from 'vitest';
import { generate } from '../../codegen/src/generate.js';
import { notesCatalog } from '../fixtures/notes-catalog.js';

const layout = { out: 'src/generated', tests: 'test/generated', handlers: 'src/handlers.ts' };
const TEXT = 'text: { type: string, minLength: 1 }';

async function problemsFor(text: string): Promise<string[]> {
  const outcome = await generate(text, 'notes.yaml', layout);
  return outcome.ok ? [] : outcome.problems;
}

function at(text: string, needle: string, offset = 0): string {
  const index = text.indexOf(needle) + offset;
  const before = text.slice(0, index);
  return `notes.yaml:${before.split('\n').length}:${index - before.lastIndexOf('\n')}`;
}

/** The notes catalog with one more parameter of note_add. */
const withParam = (param: string) => notesCatalog.replace(TEXT, `${TEXT}\n            ${param}`);

describe('hostile defaults', () => {
  const broken: [string, string, string][] = [
    [
      'n: { type: integer, minimum: 1, default: 0 }',
      'default: 0',
      'the default 0 does not satisfy its own schema: must be >= 1',
    ],
    [
      'n: { type: string, enum: [a, b], default: c }',
      'default: c',
      'the default "c" does not satisfy its own schema: must be equal to one of the allowed values',
    ],
    [
      'n: { type: string, maxLength: 2, default: long }',
      'default: long',
      'the default "long" does not satisfy its own schema: must NOT have more than 2 characters',
    ],
    [
      'n: { type: object, additionalProperties: false, properties: { a: { type: integer, default: "x" } } }',
      'default: "x"',
      'the default "x" does not satisfy its own schema: must be integer',
    ],
    [
      'n: { type: object, additionalProperties: false, required: [a], properties: { a: { type: integer } }, default: {} }',
      'default: {}',
      "the default {} does not satisfy its own schema: must have required property 'a'",
    ],
  ];
  for (const [param, locate, says] of broken) {
    it(`refuses ${param.slice(0, 60)}…, at the default`, async () => {
      const text = withParam(param);
      const problems = await problemsFor(text);
      // Alone: the examples are not reported again because of it.
      expect(problems, problems.join('\n')).toHaveLength(1);
      expect(problems[0]).toContain(says);
      // At the default's value.
      expect(problems[0]!.startsWith(`${at(text, locate, 'default: '.length)}: `), problems[0]).toBe(true);
    });
  }

  const neverFilled: [string, string, string][] = [
    [
      'n: { anyOf: [{ type: string, default: x }, { type: integer }] }',
      'default: x',
      'a default inside anyOf is never filled in',
    ],
    [
      'n: { oneOf: [{ type: string, default: x }, { type: integer }] }',
      'default: x',
      'a default inside oneOf is never filled in',
    ],
    ['n: { type: array, items: { type: string, default: x } }', 'default: x', 'a default here is never filled in'],
  ];
  for (const [param, locate, says] of neverFilled) {
    it(`refuses a default the validators never fill in: ${param.slice(0, 50)}…`, async () => {
      const text = withParam(param);
      const problems = await problemsFor(text);
      expect(problems, problems.join('\n')).toHaveLength(1);
      expect(problems[0]).toContain(says);
      expect(problems[0]!.startsWith(`${at(text, locate)}: `), problems[0]).toBe(true);
    });
  }

  it('a default on params itself is refused', async () => {
    const text = notesCatalog.replace(
      '          required: [text]\n',
      '          required: [text]\n          default: { text: x }\n',
    );
    expect((await problemsFor(text)).join('\n')).toContain('params itself cannot have a default');
  });

  it('examples are emitted as the catalog writes them, without the defaults the validators fill in', async () => {
    const outcome = await generate(withParam('n: { type: integer, default: 7 }'), 'notes.yaml', layout);
    if (!outcome.ok) throw new Error(outcome.problems.join('\n'));
    const conformance = outcome.files.find((f) => f.path.endsWith('notes.conformance.test.ts'))!.content;
    expect(conformance).not.toContain('"n": 7');
  });
});
