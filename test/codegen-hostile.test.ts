// Hostile catalogs through `toolwright generate` as a child process (the bin, src/cli.ts via tsx):
// the exit code, the exact one-line diagnostics, and that nothing was written, read or fetched
// outside the project.
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../src/codegen/emit/common.js';
import { tempDir } from './helpers.js';

const run = promisify(execFile);
const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const cliTs = path.resolve(import.meta.dirname, '../src/cli.ts');

/** `toolwright generate ARGS` in `cwd`. */
async function generate(cwd: string, args: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(process.execPath, ['--import', tsxLoader, cliTs, 'generate', ...args], { cwd, maxBuffer: 1 << 24 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

/** The diagnostic lines of a failed run (the summary after the blank line left out). */
function diagnostics(stderr: string): string[] {
  return stderr.split('\n\n')[0]!.split('\n').filter(Boolean);
}

/** `FILE:LINE:COL` of the first occurrence of `needle` in `text` (plus `shift` columns). */
function at(text: string, needle: string, shift = 0, file = 'catalog.yaml'): string {
  const offset = text.indexOf(needle);
  if (offset < 0) throw new Error(`not in the catalog: ${needle}`);
  const before = text.slice(0, offset).split('\n');
  return `${file}:${before.length}:${before.at(-1)!.length + 1 + shift}`;
}

interface OpSpec { params?: string; result?: string; examples?: string; errors?: string }

/** One operation, its parts as YAML lines at the operation's indentation (8 spaces). */
function operation(name: string, spec: OpSpec = {}): string {
  return [
    `      ${name}:`,
    '        title: Echo',
    '        kind: data_source',
    '        risk: read_only',
    '        idempotent: true',
    '        open_world: false',
    '        description: Echo the text back.',
    spec.params ?? [
      '        params:',
      '          type: object',
      '          additionalProperties: false',
      '          required: [text]',
      '          properties:',
      '            text: { type: string }',
    ].join('\n'),
    spec.result ?? [
      '        result:',
      '          type: object',
      '          additionalProperties: false',
      '          properties:',
      '            text: { type: string }',
    ].join('\n'),
    // `errors: []` by default, so that the generator before this one reads these catalogs too.
    ...(spec.errors === undefined ? ['        errors: []'] : spec.errors ? [spec.errors] : []),
    spec.examples ?? [
      '        examples:',
      '          - name: echoes',
      '            input: { text: hi }',
      '            expect: { output: { text: hi } }',
    ].join('\n'),
  ].join('\n');
}

function catalog(...operations: string[]): string {
  return ['providers:', '  demo:', '    description: A demo provider.', '    operations:', ...operations, ''].join('\n');
}

/** A project folder holding `text` as catalog.yaml. */
async function project(text: string): Promise<string> {
  const dir = await tempDir();
  await writeFile(path.join(dir, 'catalog.yaml'), text);
  return dir;
}

async function listTree(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map(String).sort();
}

describe('$ref, $id, $schema and $dynamicRef resolve nothing outside the catalog', () => {
  let server: Server;
  let port = 0;
  let requests = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests++;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ $id: `http://127.0.0.1:${port}${req.url}`, type: 'string', description: 'FETCHED' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a file, a peer file, an http $ref, an $id that would satisfy one, a foreign $schema and $dynamicRef, each where it is', async () => {
    const dir = await tempDir();
    const secret = path.join(dir, 'secret.json');
    await writeFile(secret, JSON.stringify({ $id: `file://${secret}`, type: 'string', description: 'SECRET-MARKER' }));
    await writeFile(path.join(dir, 'peer.json'), JSON.stringify({ type: 'string', description: 'PEER-MARKER' }));
    const url = `http://127.0.0.1:${port}/x.json`;
    const withProp = (extra: string, defs = '') => ({
      params: [
        '        params:',
        '          type: object',
        '          additionalProperties: false',
        '          required: [text]',
        '          properties:',
        '            text: { type: string }',
        `            m: ${extra}`,
        ...(defs ? [defs] : []),
      ].join('\n'),
    });
    const text = catalog(
      operation('from_file', withProp(`{ $ref: "file://${secret}" }`, `          $defs:\n            s: { $id: "file://${secret}", type: string }`)),
      operation('from_peer', withProp('{ $ref: "peer.json" }')),
      operation('from_http', withProp(`{ $ref: "${url}" }`)),
      operation('from_id', withProp('{ $ref: "#/$defs/remote" }', `          $defs:\n            remote: { $id: "http://127.0.0.1:${port}/y.json" }`)),
      operation('from_schema', withProp(`{ $schema: "http://127.0.0.1:${port}/meta", type: string }`)),
      operation('from_dynamic', withProp(`{ $dynamicRef: "http://127.0.0.1:${port}/z#node" }`)),
    );
    await writeFile(path.join(dir, 'catalog.yaml'), text);
    const before = await listTree(dir);
    const result = await generate(dir);
    expect(result.code, result.stderr).toBe(1);
    const outside = 'points outside the catalog: only "#/..." pointers and "#name" anchors inside this schema are resolved (nothing is read from files or the network)';
    const noId = 'is not allowed in a catalog schema: the generator names every schema itself and resolves references only inside it';
    expect(diagnostics(result.stderr)).toEqual([
      `${at(text, `"file://${secret}" }`)}: $ref "file://${secret}" ${outside}`,
      `${at(text, `$id: "file://`)}: $id ${noId}`,
      `${at(text, '"peer.json"')}: $ref "peer.json" ${outside}`,
      `${at(text, `"${url}"`)}: $ref "${url}" ${outside}`,
      `${at(text, '$id: "http')}: $id ${noId}`,
      `${at(text, `"http://127.0.0.1:${port}/meta"`)}: $schema may only be "https://json-schema.org/draft/2020-12/schema", on the schema itself (catalog schemas are JSON Schema 2020-12)`,
      `${at(text, '$dynamicRef')}: $dynamicRef ${noId}`,
    ]);
    expect(requests).toBe(0);
    expect(await listTree(dir)).toEqual(before); // nothing generated
  }, 60_000);

  it('resolves local pointers and anchors, recursion through a property included, into named types', async () => {
    const text = catalog(operation('tree', {
      params: [
        '        params:',
        '          type: object',
        '          additionalProperties: false',
        '          required: [root]',
        '          properties:',
        '            root: { $ref: "#/$defs/node" }',
        '            label: { $ref: "#label" }',
        '          $defs:',
        '            node:',
        '              type: object',
        '              additionalProperties: false',
        '              required: [name]',
        '              properties:',
        '                name: { type: string, description: "a name; ends */ here, not the comment" }',
        '                children: { type: array, items: { $ref: "#/$defs/node" } }',
        '            label: { $anchor: label, type: string }',
      ].join('\n'),
      examples: [
        '        examples:',
        '          - name: a tree',
        '            input: { root: { name: a, children: [{ name: b }] } }',
        '            expect: { output: {} }',
        '          - name: a bad child',
        '            input: { root: { name: a, children: [{ name: 1 }] } }',
        '            expect: { error: INVALID_INPUT }',
      ].join('\n'),
    }));
    const dir = await project(text);
    const result = await generate(dir);
    expect(result.code, result.stderr).toBe(0);
    const types = await readFile(path.join(dir, 'src/generated/types.ts'), 'utf8');
    expect(types).toContain('  root: TreeParams_Node;');
    expect(types).toContain('  label?: TreeParams_Label;');
    expect(types).toContain('export type TreeParams_Node = {\n  /** a name; ends *\\/ here, not the comment */\n  name: string;\n  children?: TreeParams_Node[];\n};');
    expect(types).toContain('export type TreeParams_Label = string;');
  }, 60_000);

  it('refuses a reference cycle that passes through no property or item, and a pointer to nothing', async () => {
    const text = catalog(operation('loop', {
      params: [
        '        params:',
        '          type: object',
        '          additionalProperties: false',
        '          properties:',
        '            a: { $ref: "#/$defs/a" }',
        '            b: { $ref: "#/$defs/missing" }',
        '          $defs:',
        '            a: { anyOf: [{ $ref: "#/$defs/a" }, { type: string }] }',
      ].join('\n'),
      examples: '        examples:\n          - name: empty\n            input: {}\n            expect: { output: {} }',
    }));
    const result = await generate(await project(text));
    expect(result.code, result.stderr).toBe(1);
    expect(diagnostics(result.stderr)).toEqual([
      `${at(text, '"#/$defs/missing"')}: $ref "#/$defs/missing" names nothing in this schema`,
    ]);
    const cycle = text.replace('            b: { $ref: "#/$defs/missing" }\n', '');
    const second = await generate(await project(cycle));
    expect(second.code, second.stderr).toBe(1);
    expect(diagnostics(second.stderr)).toEqual([
      `${at(cycle, '"#/$defs/a" }, {')}: this $ref closes a cycle that passes through no property or array item: the schema would recurse without end`,
    ]);
  }, 60_000);
});

describe('example fixtures stay inside the test workspace', () => {
  it('refuses .., absolute, NUL, backslash and .git/config paths, a path inside a link fixture, and an expected file or task file outside', async () => {
    const examples = [
      '        examples:',
      '          - name: echoes',
      '            files:',
      '              "../../../../tmp/x": "escape"',
      '              "/tmp/abs": "absolute"',
      '              "a/../../up": "dotdot"',
      '              "nul\\0name": "nul"',
      '              "back\\\\slash": "backslash"',
      '              ".git/config": "[core]\\n\\tfsmonitor = touch /tmp/pwned\\n"',
      '              "out": { symlink: /tmp }',
      '              "out/inside": "through the link"',
      '            options: { tasks: { file: ../../tasks.json } }',
      '            input: { text: hi }',
      '            expect:',
      '              output: { text: hi }',
      '              files: { "../../etc/passwd": "root" }',
    ].join('\n');
    const text = catalog(operation('echo', { examples }));
    const dir = await project(text);
    const result = await generate(dir);
    expect(result.code, result.stderr).toBe(1);
    expect(diagnostics(result.stderr)).toEqual([
      `${at(text, '"../../../../tmp/x"')}: fixture path "../../../../tmp/x" must stay inside the workspace: no ".." segments`,
      `${at(text, '"/tmp/abs"')}: fixture path "/tmp/abs" must be relative to the workspace, not absolute`,
      `${at(text, '"a/../../up"')}: fixture path "a/../../up" must stay inside the workspace: no ".." segments`,
      `${at(text, '"nul\\0name"')}: fixture path "nul\\u0000name" contains a control character (NUL, newline, …)`,
      `${at(text, '"back\\\\slash"')}: fixture path "back\\\\slash" contains a backslash: write paths with /`,
      `${at(text, '".git/config"')}: fixture path ".git/config" writes .git/config, which can make git run programs or leave the workspace (allowed in .git: HEAD, objects, refs, index, logs, info, hooks, packed-refs, description)`,
      `${at(text, '"out/inside"')}: fixture "out/inside" is inside "out", which is a link (fixtures are never written through links)`,
      `${at(text, '../../tasks.json')}: the task file must stay inside the workspace: no ".." segments`,
      `${at(text, '"../../etc/passwd"')}: expected file path "../../etc/passwd" must stay inside the workspace: no ".." segments`,
    ]);
    expect(await listTree(dir)).toEqual(['catalog.yaml']);
  }, 60_000);
});

describe('generate never writes through a link nor over a file it did not write', () => {
  const text = catalog(operation('echo'));

  it('refuses a generated file that is a link to a file outside, and leaves that file alone (write and --check)', async () => {
    const dir = await project(text);
    const outside = await tempDir();
    const victim = path.join(outside, 'bashrc');
    await writeFile(victim, 'export SAFE=1\n');
    expect((await generate(dir)).code).toBe(0);
    await writeFile(path.join(dir, 'src/generated/types.ts'), ''); // removed below
    const { rm } = await import('node:fs/promises');
    await rm(path.join(dir, 'src/generated/types.ts'));
    await symlink(victim, path.join(dir, 'src/generated/types.ts'));
    const result = await generate(dir);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toBe('src/generated/types.ts: is a symbolic link; generate never writes or reads through links; generate refuses to replace it\n\nnothing was written.\n');
    expect(await readFile(victim, 'utf8')).toBe('export SAFE=1\n');
    const check = await generate(dir, ['--check']);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('  src/generated/types.ts (is a symbolic link; generate never writes or reads through links)\n');
  }, 60_000);

  it('refuses an output folder that is a link out of the project, and --out/--tests outside the project', async () => {
    const dir = await project(text);
    const outside = await tempDir();
    await mkdir(path.join(dir, 'src'));
    await symlink(outside, path.join(dir, 'src/generated'));
    const result = await generate(dir);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr.split('\n')[0]).toBe('src/generated/validators/demo.ts: src/generated is a symbolic link; generate never writes or reads through links; generate refuses to replace it');
    expect(await listTree(outside)).toEqual([]);
    const up = await generate(dir, ['--out', '../elsewhere']);
    expect(up.code).toBe(2);
    expect(up.stderr).toBe('--out ../elsewhere is outside the current folder: run toolwright generate from the project folder, with --out and --tests inside it\n');
    const abs = await generate(dir, ['--tests', outside]);
    expect(abs.code).toBe(2);
    expect(await listTree(outside)).toEqual([]);
  }, 60_000);

  it('refuses to replace a hand-written file (--out src over src/errors.ts) and writes nothing', async () => {
    const dir = await project(text);
    await mkdir(path.join(dir, 'src'));
    await writeFile(path.join(dir, 'src/errors.ts'), 'export const mine = 1;\n');
    const result = await generate(dir, ['--out', 'src']);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toBe(`src/errors.ts: exists and was not written by toolwright generate (its first line is not "${HEADER.trimEnd()}"); move it, or choose another --out/--tests; generate refuses to replace it\n\nnothing was written.\n`);
    expect(await readFile(path.join(dir, 'src/errors.ts'), 'utf8')).toBe('export const mine = 1;\n');
    expect(await listTree(dir)).toEqual(['catalog.yaml', 'src', 'src/errors.ts']);
  }, 60_000);

  it('a link left in the tests folder is neither followed nor removed when stale files are cleaned up', async () => {
    const dir = await project(text);
    const outside = await tempDir();
    await writeFile(path.join(outside, 'old.conformance.test.ts'), HEADER);
    await mkdir(path.join(dir, 'test/generated'), { recursive: true });
    await symlink(path.join(outside, 'old.conformance.test.ts'), path.join(dir, 'test/generated/old.conformance.test.ts'));
    expect((await generate(dir)).code).toBe(0);
    expect(await readFile(path.join(outside, 'old.conformance.test.ts'), 'utf8')).toBe(HEADER);
    expect(await listTree(path.join(dir, 'test/generated'))).toEqual(['demo.conformance.test.ts', 'old.conformance.test.ts']);
  }, 60_000);
});

describe('names the generated code is made of', () => {
  it('refuses __proto__ keys, Object.prototype member names for properties and tools, naming the place', async () => {
    const params = (props: string) => [
      '        params:',
      '          type: object',
      '          additionalProperties: false',
      '          properties:',
      props,
    ].join('\n');
    const empty = '        examples:\n          - name: empty\n            input: {}\n            expect: { output: {} }';
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
        examples: '        examples:\n          - name: echoes\n            input: { text: hi, __proto__: { polluted: true } }\n            expect: { output: {} }',
      }),
      operation('constructor', { examples: '        examples:\n          - name: echoes\n            input: { text: hi }\n            expect: { output: {} }' }),
    );
    const dir = await project(text);
    const result = await generate(dir);
    expect(result.code, result.stderr).toBe(1);
    const proto = 'a key named __proto__ would set the prototype of the generated object instead of a property; rename it';
    expect(diagnostics(result.stderr)).toEqual([
      `${at(text, '__proto__: { type')}: ${proto}`,
      `${at(text, 'toString:')}: property "toString" is a member of every JavaScript object (Object.prototype): a missing one would still be found; rename it (e.g. "to_string")`,
      `${at(text, 'constructor: { type')}: property "constructor" is a member of every JavaScript object (Object.prototype): a missing one would still be found; rename it (e.g. "constructor_name")`,
      `${at(text, '__proto__: { polluted')}: ${proto}`,
      `${at(text, 'constructor:\n')}: "constructor" is a member of every JavaScript object (Object.prototype) and cannot name a provider or tool; rename it (e.g. "constructor_name")`,
    ]);
    expect(await listTree(dir)).toEqual(['catalog.yaml']);
  }, 60_000);

  it('refuses type names that come out alike, naming both places', async () => {
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
  }, 60_000);

  it('names that used to collide or are reserved words make code that type-checks', async () => {
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
    const repo = path.resolve(import.meta.dirname, '..');
    await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: {
        target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true, types: [],
        noUncheckedIndexedAccess: true,
        paths: { toolwright: [path.join(repo, 'src/index.ts')], 'toolwright/validator-runtime': [path.join(repo, 'src/validator-runtime.ts')] },
      },
      include: ['src/generated'],
    }));
    const checked = await run(path.join(repo, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: dir }).then(() => '', (error: { stdout: string }) => error.stdout);
    expect(checked).toBe('');
  }, 120_000);
});

describe('YAML aliases', () => {
  it('locates an alias bomb, an alias inside its own anchor and aliases nested past any depth', async () => {
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
    expect(diagnostics(looped.stderr)).toEqual([`${at(cycle, '*x')}: this alias refers to a node that contains it: the value would be endless`]);

    const deep = ['d0: &d0 [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[x]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]'];
    for (let i = 1; i <= 6; i++) deep.push(`d${i}: &d${i} [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[*d${i - 1}]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`);
    const nested = `${deep.join('\n')}\n${catalog(operation('echo'))}`;
    // 49 levels a line: the alias *d3 on d4's line is the first below which the data passes 200 levels.
    const deepResult = await generate(await project(nested));
    expect(deepResult.code).toBe(1);
    expect(diagnostics(deepResult.stderr)).toEqual([`${at(nested, '*d3')}: the catalog nests deeper than 200 levels here (through aliases)`]);
  }, 60_000);
});

describe('every diagnostic is one located line, with the near name when there is one', () => {
  it('misspelt kind, risk, field, error code and expected code; a bad operation name without the whole map', async () => {
    const text = catalog(
      operation('echo', { errors: '        errors: [NOT_FOUN]', examples: '        examples:\n          - name: echoes\n            input: { text: hi }\n            expect: { output: { text: hi } }\n          - name: refused\n            input: { text: x }\n            expect: { error: INVALID_INPT }' }).replace('kind: data_source', 'kind: resourse').replace('risk: read_only', 'risk: moderat').replace('        description: Echo', '        decription: Echo'),
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
  }, 60_000);

  it('a catalog whose operations return only the codes every operation may needs no errors anywhere', async () => {
    const text = catalog(operation('echo', {
      errors: '',
      examples: '        examples:\n          - name: echoes\n            input: { text: hi }\n            expect: { output: { text: hi } }\n          - name: no text\n            input: {}\n            expect: { error: INVALID_INPUT }',
    }));
    expect(text).not.toContain('errors');
    const dir = await project(text);
    const result = await generate(dir);
    expect(result.code, result.stderr).toBe(0);
    expect(await readFile(path.join(dir, 'src/generated/registry.ts'), 'utf8')).toContain('  errors: [],');
  }, 60_000);

  it('a failure that is not the catalog\'s is reported as such, never at catalog.yaml:1:1', async () => {
    const dir = await project(catalog(operation('echo')));
    const result = await generate(dir, ['--out', 'x'.repeat(300)]);
    expect(result.code).toBe(3);
    expect(result.stderr).not.toMatch(/catalog\.yaml:\d+:\d+/);
    expect(result.stderr).toMatch(/^toolwright generate: failed while generating from catalog\.yaml \(not a problem in the catalog\); nothing was written:\n.*ENAMETOOLONG/);
  }, 60_000);
});

describe('the runtime treats prototype names in an input as the undeclared properties they are', () => {
  it('toString, constructor, hasOwnProperty and __proto__ set to null are refused, not dropped as absent optionals', async () => {
    const { createToolkit } = await import('../src/index.js');
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
    expect((await toolkit.invoke('filesystem', 'read_file', { path: 'a.txt', limit: null })).ok).toBe(true);
  });
});
