// Every catalog diagnostic about a misspelt name says the near one, at the catalog's FILE:LINE:COL:
// roles, kinds, risks, requirements, error codes, fields, JSON Schema keywords, formats, types and
// $ref targets.
import { describe, expect, it } from 'vitest';
import { generate } from '../../codegen/src/generate.js';
import { notesCatalog } from '../fixtures/notes-catalog.js';

const layout = { out: 'src/generated', tests: 'test/generated', handlers: 'src/handlers.ts' };

async function problemsFor(text: string): Promise<string[]> {
  const outcome = await generate(text, 'notes.yaml', layout);
  return outcome.ok ? [] : outcome.problems;
}

/** `notes.yaml:LINE:COL` of the first occurrence of `needle` (plus `offset` columns). */
function at(text: string, needle: string, offset = 0): string {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`not in the text: ${needle}`);
  const before = text.slice(0, index);
  const line = before.split('\n').length;
  const col = index - before.lastIndexOf('\n') + offset;
  return `notes.yaml:${line}:${col}`;
}

const cases: { name: string; from: string; to: string; locate: string; offset?: number; says: string }[] = [
  {
    name: 'a role',
    from: 'text: { type: string, minLength: 1 }',
    to: 'text: { type: string, minLength: 1, role: pathh }',
    locate: 'pathh',
    says: 'role "pathh" is not one of path, glob, command, url, secret, content, patch; did you mean "path"?',
  },
  {
    name: 'a role inside an object parameter',
    from: 'due: { type: string, format: date-time }',
    to: 'due: { type: object, additionalProperties: false, properties: { key: { type: string, role: secrte } } }',
    locate: 'secrte',
    says: 'did you mean "secret"?',
  },
  {
    name: 'a kind',
    from: 'kind: resource',
    to: 'kind: resourse',
    locate: 'resourse',
    says: 'note_add.kind is "resourse"; must be one of data_source, resource, interactive; did you mean "resource"?',
  },
  {
    name: 'a risk',
    from: 'risk: low',
    to: 'risk: lwo',
    locate: 'lwo',
    says: 'did you mean "low"?',
  },
  {
    name: 'a requirement',
    from: '        open_world: false\n        description: Add a note.',
    to: '        open_world: false\n        requires: [kernle]\n        description: Add a note.',
    locate: 'kernle',
    says: 'did you mean "kernel"?',
  },
  {
    name: 'an error code',
    from: 'errors: [TIMEOUT]',
    to: 'errors: [TIMOEUT]',
    locate: 'TIMOEUT',
    says: 'unknown error code TIMOEUT (not in errors, nor a common code); did you mean "TIMEOUT"?',
  },
  {
    name: 'an operation field',
    from: 'idempotent: false\n        open_world: false\n        description: Add a note.',
    to: 'idempotent: false\n        open_world: false\n        descripton: Add a note.\n        description: Add a note.',
    locate: 'descripton',
    says: 'unknown field "descripton" in operation note_add; did you mean "description"?',
  },
  {
    name: 'a JSON Schema keyword',
    from: 'text: { type: string, minLength: 1 }',
    to: 'text: { type: string, minLenght: 1 }',
    locate: 'minLenght',
    says: 'params is not a valid JSON Schema: unknown keyword "minLenght"; did you mean "minLength"?',
  },
  {
    name: 'a format',
    from: 'contact: { type: string, format: email }',
    to: 'contact: { type: string, format: emial }',
    locate: 'emial',
    says: 'params is not a valid JSON Schema: unknown format "emial"; did you mean "email"?',
  },
  {
    name: 'a type',
    from: 'text: { type: string, minLength: 1 }',
    to: 'text: { type: strnig, minLength: 1 }',
    locate: 'strnig',
    says: 'type "strnig" is not a JSON type (string, number, integer, boolean, object, array, null); did you mean "string"?',
  },
  {
    name: 'a $ref target',
    from: '          required: [text]\n          properties:\n            text: { type: string, minLength: 1 }\n            contact: { type: string, format: email }',
    to: '          required: [text]\n          $defs: { email: { type: string, format: email } }\n          properties:\n            text: { type: string, minLength: 1 }\n            contact: { $ref: "#/$defs/emial" }',
    locate: '"#/$defs/emial"',
    says: '$ref "#/$defs/emial" names nothing in this schema; did you mean "#/$defs/email"?',
  },
];

describe('did you mean', () => {
  for (const c of cases) {
    it(`names the near name for ${c.name}, where it is`, async () => {
      const text = notesCatalog.replace(c.from, c.to);
      expect(text).not.toBe(notesCatalog);
      const problems = await problemsFor(text);
      const line = problems.find((p) => p.includes(c.says));
      expect(line, problems.join('\n')).toBeDefined();
      expect(line!.startsWith(`${at(text, c.locate, c.offset)}: `), `${line} is not at ${at(text, c.locate)}`).toBe(
        true,
      );
    });
  }

  it('says nothing near when no name is near', async () => {
    const problems = await problemsFor(notesCatalog.replace('kind: resource', 'kind: banana'));
    expect(problems.join('\n')).toContain(
      'note_add.kind is "banana"; must be one of data_source, resource, interactive',
    );
    expect(problems.join('\n')).not.toContain('did you mean');
  });
});
