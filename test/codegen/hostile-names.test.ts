// Hostile catalogs through `toolwright generate` (the bin, as a child process): names the
// generated code is made of, YAML aliases, and one-line diagnostics with the near name; then the
// runtime's own handling of prototype names in an input.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/helpers.js';
import { at, catalog, diagnostics, generate, listTree, operation, project, run } from '../support/generate-bin.js';
import { scaled } from '../support/time.js';

describe('names the generated code is made of', () => {
  it(
    'refuses __proto__ keys, Object.prototype member names for properties and tools, naming the place',
    { timeout: scaled(60_000) },
    async () => {
      const params = (props: string) =>
        [
          '        params:',
          '          type: object',
          '          additionalProperties: false',
          '          properties:',
          props,
        ].join('\n');
      const empty =
        '        examples:\n          - name: empty\n            input: {}\n            expect: { output: {} }';
      const text = catalog(
        operation('proto_param', { params: params('            __proto__: { type: string }'), examples: empty }),
        operation('to_string', { params: params('            toString: { type: string }'), examples: empty }),
        operation('nested', {
          params: params('            text: { type: string }'),
          result: [
            '        result:',
            '          type: object',
            '          additionalProperties: false',
            '          properties:',
            '            meta:',
            '              type: object',
            '              additionalProperties: false',
            '              properties: { constructor: { type: string } }',
          ].join('\n'),
          examples:
            '        examples:\n          - name: echoes\n            input: { text: hi, __proto__: { polluted: true } }\n            expect: { output: {} }',
        }),
        operation('constructor', {
          examples:
            '        examples:\n          - name: echoes\n            input: { text: hi }\n            expect: { output: {} }',
        }),
      );
      const dir = await project(text);
      const result = await generate(dir);
      expect(result.code, result.stderr).toBe(1);
      const proto =
        'a key named __proto__ would set the prototype of the generated object instead of a property; rename it';
      expect(diagnostics(result.stderr)).toEqual([
        `${at(text, '__proto__: { type')}: ${proto}`,
        `${at(text, 'toString:')}: property "toString" is a member of every JavaScript object (Object.prototype): a missing one would still be found; rename it (e.g. "to_string")`,
        `${at(text, 'constructor: { type')}: property "constructor" is a member of every JavaScript object (Object.prototype): a missing one would still be found; rename it (e.g. "constructor_name")`,
        `${at(text, '__proto__: { polluted')}: ${proto}`,
        `${at(text, 'constructor:\n')}: "constructor" is a member of every JavaScript object (Object.prototype) and cannot name a provider or tool; rename it (e.g. "constructor_name")`,
      ]);
      expect(await listTree(dir)).toEqual(['catalog.yaml']);
    },
  );

  it('refuses type names that come out alike, naming both places', { timeout: scaled(60_000) }, async () => {
    const text = [
      'providers:',
      '  a__b:',
      '    description: One.',
      '    operations:',
      operation('get_1'),
      operation('get1'),
      '  a_b:',
      '    description: Two.',
      '    operations:',
      operation('list_all'),
      '',
    ].join('\n');
    const result = await generate(await project(text));
    expect(result.code, result.stderr).toBe(1);
    expect(diagnostics(result.stderr)).toEqual([
      `${at(text, 'get1:')}: operation get1 gets the same type name Get1Params as operation get_1 (${at(text, 'get_1:')}); rename one of them`,
      `${at(text, 'a_b:')}: provider a_b gets the same type name ABHandlers as provider a__b (${at(text, 'a__b:')}); rename one of them`,
    ]);
  });

  it(
    'names that used to collide or are reserved words make code that type-checks',
    { timeout: scaled(120_000) },
    async () => {
      const text = [
        'providers:',
        '  a_b:',
        '    description: One.',
        '    operations:',
        operation('c'),
        operation('delete'),
        '  a:',
        '    description: Two.',
        '    operations:',
        operation('b_c'),
        '  default:',
        '    description: Three.',
        '    operations:',
        operation('class'),
        operation('new'),
        '',
      ].join('\n');
      const dir = await project(text);
      const result = await generate(dir);
      expect(result.code, result.stderr).toBe(0);
      const repo = path.resolve(import.meta.dirname, '../..');
      await writeFile(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            strict: true,
            noEmit: true,
            skipLibCheck: true,
            types: [],
            noUncheckedIndexedAccess: true,
            paths: {
              toolwright: [path.join(repo, 'src/index.ts')],
              'toolwright/validator-runtime': [path.join(repo, 'src/validator-runtime.ts')],
            },
          },
          include: ['src/generated'],
        }),
      );
      const checked = await run(path.join(repo, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: dir }).then(
        () => '',
        (error: { stdout: string }) => error.stdout,
      );
      expect(checked).toBe('');
    },
  );
});

describe('YAML aliases', () => {
  it(
    'locates an alias bomb, an alias inside its own anchor and aliases nested past any depth',
    { timeout: scaled(60_000) },
    async () => {
      const laughs = ['lol0: &l0 [a, a, a, a, a, a, a, a, a, a]'];
      for (let i = 1; i <= 9; i++) laughs.push(`lol${i}: &l${i} [${new Array(10).fill(`*l${i - 1}`).join(', ')}]`);
      const bomb = `${laughs.join('\n')}\n${catalog(operation('echo'))}`;
      const result = await generate(await project(bomb));
      expect(result.code, result.stderr).toBe(1);
      // In document order the values written out pass the limit at the 8th *l4 of lol5: 123,457 before
      // lol5, then 111,111 for each *l4.
      const lol5 = bomb.split('\n').findIndex((l) => l.startsWith('lol5'));
      const col = 'lol5: &l5 ['.length + 7 * '*l4, '.length + 1;
      expect(diagnostics(result.stderr)).toEqual([
        `catalog.yaml:${lol5 + 1}:${col}: YAML aliases expand the catalog to 12,345,679,045 values (it spells out 55); an alias bomb? Write the data out, or alias less (the limit is 1,000,220)`,
      ]);

      const cycle = `loop: &x [a, *x]\n${catalog(operation('echo'))}`;
      const looped = await generate(await project(cycle));
      expect(looped.code).toBe(1);
      expect(diagnostics(looped.stderr)).toEqual([
        `${at(cycle, '*x')}: this alias refers to a node that contains it: the value would be endless`,
      ]);

      const deep = [
        'd0: &d0 [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[x]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
      ];
      for (let i = 1; i <= 6; i++)
        deep.push(
          `d${i}: &d${i} [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[*d${i - 1}]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`,
        );
      const nested = `${deep.join('\n')}\n${catalog(operation('echo'))}`;
      // 49 levels a line: the alias *d3 on d4's line is the first below which the data passes 200 levels.
      const deepResult = await generate(await project(nested));
      expect(deepResult.code).toBe(1);
      expect(diagnostics(deepResult.stderr)).toEqual([
        `${at(nested, '*d3')}: the catalog nests deeper than 200 levels here (through aliases)`,
      ]);
    },
  );
});

describe('every diagnostic is one located line, with the near name when there is one', () => {
  it(
    'misspelt kind, risk, field, error code and expected code; a bad operation name without the whole map',
    { timeout: scaled(60_000) },
    async () => {
      const text = catalog(
        operation('echo', {
          errors: '        errors: [NOT_FOUN]',
          examples:
            '        examples:\n          - name: echoes\n            input: { text: hi }\n            expect: { output: { text: hi } }\n          - name: refused\n            input: { text: x }\n            expect: { error: INVALID_INPT }',
        })
          .replace('kind: data_source', 'kind: resourse')
          .replace('risk: read_only', 'risk: moderat')
          .replace('        description: Echo', '        decription: Echo'),
        operation('Read-File'),
      );
      const result = await generate(await project(text));
      expect(result.code, result.stderr).toBe(1);
      expect(diagnostics(result.stderr)).toEqual([
        `${at(text, 'title: Echo')}: operation echo is missing required field "description"`,
        `${at(text, 'resourse')}: echo.kind is "resourse"; must be one of data_source, resource, interactive; did you mean "resource"?`,
        `${at(text, 'moderat')}: echo.risk is "moderat"; must be one of read_only, low, moderate, high, critical; did you mean "moderate"?`,
        `${at(text, 'decription')}: unknown field "decription" in operation echo; did you mean "description"?`,
        `${at(text, 'NOT_FOUN')}: unknown error code NOT_FOUN (not in errors, nor a common code); did you mean "NOT_FOUND"?`,
        `${at(text, 'INVALID_INPT')}: example expects INVALID_INPT, which is not in this operation's errors (nor a code every operation may return: INVALID_INPUT, UNKNOWN_OPERATION, DENIED_BY_POLICY, CANCELLED, INTERNAL); did you mean "INVALID_INPUT"?`,
        `${at(text, 'Read-File:')}: operation name "Read-File" must be lowercase letters, digits and _, start with a letter and have at most 48 characters; did you mean "read_file"?`,
      ]);
      for (const line of result.stderr.split('\n')) expect(line.length).toBeLessThan(400);
    },
  );

  it(
    'a catalog whose operations return only the codes every operation may needs no errors anywhere',
    { timeout: scaled(60_000) },
    async () => {
      const text = catalog(
        operation('echo', {
          errors: '',
          examples:
            '        examples:\n          - name: echoes\n            input: { text: hi }\n            expect: { output: { text: hi } }\n          - name: no text\n            input: {}\n            expect: { error: INVALID_INPUT }',
        }),
      );
      expect(text).not.toContain('errors');
      const dir = await project(text);
      const result = await generate(dir);
      expect(result.code, result.stderr).toBe(0);
      expect(await readFile(path.join(dir, 'src/generated/registry.ts'), 'utf8')).toContain('  errors: [],');
    },
  );

  it(
    "a failure that is not the catalog's is reported as such, never at catalog.yaml:1:1",
    { timeout: scaled(60_000) },
    async () => {
      const dir = await project(catalog(operation('echo')));
      const result = await generate(dir, ['--out', 'x'.repeat(300)]);
      expect(result.code).toBe(3);
      expect(result.stderr).not.toMatch(/catalog\.yaml:\d+:\d+/);
      expect(result.stderr).toMatch(
        /^toolwright generate: failed while generating from catalog\.yaml \(not a problem in the catalog\); nothing was written:\n.*ENAMETOOLONG/,
      );
    },
  );
});

describe('the runtime treats prototype names in an input as the undeclared properties they are', () => {
  it('toString, constructor, hasOwnProperty and __proto__ set to null are refused, not dropped as absent optionals', async () => {
    const { createToolkit } = await import('../../src/index.js');
    const root = await tempDir();
    await writeFile(path.join(root, 'a.txt'), 'hello\n');
    const toolkit = createToolkit({ workspace: root });
    for (const name of ['toString', 'constructor', 'hasOwnProperty', '__proto__']) {
      const input = JSON.parse(`{"path": "a.txt", ${JSON.stringify(name)}: null}`) as Record<string, unknown>;
      const result = await toolkit.invoke('filesystem', 'read_file', input);
      expect(result.ok, name).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('INVALID_INPUT');
        expect(result.error.message).toContain(`unknown property "${name}"`);
      }
    }
    // @ts-expect-error null stands for an absent optional (what a model sends)
    expect((await toolkit.invoke('filesystem', 'read_file', { path: 'a.txt', limit: null })).ok).toBe(true);
  });
});
