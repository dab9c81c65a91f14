// Hostile catalogs through `toolwright generate` as a child process (the bin, built from the
// current sources): the exit code, the exact one-line diagnostics, and that nothing was written,
// read or fetched outside the project. References, fixtures and links here; names, aliases and diagnostics in
// codegen-hostile-names.test.ts.
import { createServer, type Server } from 'node:http';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER } from '../../codegen/src/emit/common.js';
import { tempDir } from '../support/helpers.js';
import {
  at,
  catalog,
  diagnostics,
  generate,
  listTree,
  operation,
  paramsWith,
  project,
} from '../support/generate-bin.js';
import { scaled } from '../support/time.js';

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

  it(
    'refuses a file, a peer file, an http $ref, an $id that would satisfy one, a foreign $schema and $dynamicRef, each where it is',
    { timeout: scaled(60_000) },
    async () => {
      const dir = await tempDir();
      const secret = path.join(dir, 'secret.json');
      await writeFile(
        secret,
        JSON.stringify({ $id: `file://${secret}`, type: 'string', description: 'SECRET-MARKER' }),
      );
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
        operation(
          'from_file',
          withProp(
            `{ $ref: "file://${secret}" }`,
            `          $defs:\n            s: { $id: "file://${secret}", type: string }`,
          ),
        ),
        operation('from_peer', withProp('{ $ref: "peer.json" }')),
        operation('from_http', withProp(`{ $ref: "${url}" }`)),
        operation(
          'from_id',
          withProp(
            '{ $ref: "#/$defs/remote" }',
            `          $defs:\n            remote: { $id: "http://127.0.0.1:${port}/y.json" }`,
          ),
        ),
        operation('from_schema', withProp(`{ $schema: "http://127.0.0.1:${port}/meta", type: string }`)),
        operation('from_dynamic', withProp(`{ $dynamicRef: "http://127.0.0.1:${port}/z#node" }`)),
      );
      await writeFile(path.join(dir, 'catalog.yaml'), text);
      const before = await listTree(dir);
      const result = await generate(dir);
      expect(result.code, result.stderr).toBe(1);
      const outside =
        'points outside the catalog: only "#/..." pointers and "#name" anchors inside this schema are resolved (nothing is read from files or the network)';
      const noId =
        'is not allowed in a catalog schema: the generator names every schema itself and resolves references only inside it';
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
    },
  );

  it(
    'resolves local pointers and anchors, recursion through a property included, into named types',
    { timeout: scaled(60_000) },
    async () => {
      const text = catalog(
        operation('tree', {
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
        }),
      );
      const dir = await project(text);
      const result = await generate(dir);
      expect(result.code, result.stderr).toBe(0);
      const types = await readFile(path.join(dir, 'src/generated/types.ts'), 'utf8');
      expect(types).toContain('  root: TreeParams_Node;');
      expect(types).toContain('  label?: TreeParams_Label;');
      expect(types).toContain(
        'export type TreeParams_Node = {\n  /** a name; ends *\\/ here, not the comment */\n  name: string;\n  children?: TreeParams_Node[];\n};',
      );
      expect(types).toContain('export type TreeParams_Label = string;');
    },
  );

  it(
    'refuses a reference cycle that passes through no property or item, and a pointer to nothing',
    { timeout: scaled(60_000) },
    async () => {
      const text = catalog(
        operation('loop', {
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
          examples:
            '        examples:\n          - name: empty\n            input: {}\n            expect: { output: {} }',
        }),
      );
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
    },
  );
});

describe('example fixtures stay inside the test workspace', () => {
  it(
    'refuses .., absolute, NUL, backslash and .git/config paths, a path inside a link fixture, and an expected file or task file outside',
    { timeout: scaled(60_000) },
    async () => {
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
        '              ".git/hooks/commit-msg": { symlink: /bin/sh }',
        '              ".GIT/refs/heads": { symlink: /etc }',
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
        `${at(text, '".git/hooks/commit-msg"')}: fixture path ".git/hooks/commit-msg" makes a link inside .git (a hook linked to a program, such as /bin/sh, runs it; a linked folder leads git outside the workspace): give the files themselves`,
        `${at(text, '".GIT/refs/heads"')}: fixture path ".GIT/refs/heads" makes a link inside .git (a hook linked to a program, such as /bin/sh, runs it; a linked folder leads git outside the workspace): give the files themselves`,
        `${at(text, '../../tasks.json')}: the task file must stay inside the workspace: no ".." segments`,
        `${at(text, '"../../etc/passwd"')}: expected file path "../../etc/passwd" must stay inside the workspace: no ".." segments`,
      ]);
      expect(await listTree(dir)).toEqual(['catalog.yaml']);
    },
  );
});

describe('generate never writes through a link nor over a file it did not write', () => {
  const text = catalog(operation('echo'));

  it(
    'refuses a generated file that is a link to a file outside, and leaves that file alone (write and --check)',
    { timeout: scaled(60_000) },
    async () => {
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
      expect(result.stderr).toBe(
        'src/generated/types.ts: is a symbolic link; generate never writes or reads through links; generate refuses to replace it\n\nnothing was written.\n',
      );
      expect(await readFile(victim, 'utf8')).toBe('export SAFE=1\n');
      const check = await generate(dir, ['--check']);
      expect(check.code).toBe(1);
      expect(check.stderr).toContain(
        '  src/generated/types.ts (is a symbolic link; generate never writes or reads through links)\n',
      );
    },
  );

  it(
    'refuses an output folder that is a link out of the project, and --out/--tests outside the project',
    { timeout: scaled(60_000) },
    async () => {
      const dir = await project(text);
      const outside = await tempDir();
      await mkdir(path.join(dir, 'src'));
      await symlink(outside, path.join(dir, 'src/generated'));
      const result = await generate(dir);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr.split('\n')[0]).toBe(
        'src/generated/validators/demo.echo.ts: src/generated is a symbolic link; generate never writes or reads through links; generate refuses to replace it',
      );
      expect(await listTree(outside)).toEqual([]);
      const up = await generate(dir, ['--out', '../elsewhere']);
      expect(up.code).toBe(2);
      expect(up.stderr).toBe(
        '--out ../elsewhere is outside the current folder: run toolwright generate from the project folder, with --out and --tests inside it\n',
      );
      const abs = await generate(dir, ['--tests', outside]);
      expect(abs.code).toBe(2);
      expect(await listTree(outside)).toEqual([]);
    },
  );

  it(
    'refuses to replace a hand-written file (--out src over src/errors.ts) and writes nothing',
    { timeout: scaled(60_000) },
    async () => {
      const dir = await project(text);
      await mkdir(path.join(dir, 'src'));
      await writeFile(path.join(dir, 'src/errors.ts'), 'export const mine = 1;\n');
      const result = await generate(dir, ['--out', 'src']);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toBe(
        `src/errors.ts: exists and was not written by toolwright generate (its first line is not "${HEADER.trimEnd()}"); move it, or choose another --out/--tests; generate refuses to replace it\n\nnothing was written.\n`,
      );
      expect(await readFile(path.join(dir, 'src/errors.ts'), 'utf8')).toBe('export const mine = 1;\n');
      expect(await listTree(dir)).toEqual(['catalog.yaml', 'src', 'src/errors.ts']);
    },
  );

  it(
    'a link left in the tests folder is neither followed nor removed when stale files are cleaned up',
    { timeout: scaled(60_000) },
    async () => {
      const dir = await project(text);
      const outside = await tempDir();
      await writeFile(path.join(outside, 'old.conformance.test.ts'), HEADER);
      await mkdir(path.join(dir, 'test/generated'), { recursive: true });
      await symlink(
        path.join(outside, 'old.conformance.test.ts'),
        path.join(dir, 'test/generated/old.conformance.test.ts'),
      );
      expect((await generate(dir)).code).toBe(0);
      expect(await readFile(path.join(outside, 'old.conformance.test.ts'), 'utf8')).toBe(HEADER);
      expect(await listTree(path.join(dir, 'test/generated'))).toEqual([
        'demo.conformance.test.ts',
        'old.conformance.test.ts',
      ]);
    },
  );
});

describe('a regular expression that can block the event loop is refused', () => {
  it(
    'exponential patterns anywhere (params, results, patternProperties), polynomial ones without a short maxLength; safe and bounded ones pass',
    { timeout: scaled(120_000) },
    async () => {
      const params = paramsWith;
      const text = catalog(
        [
          operation('nested', params(['name: { type: string, pattern: "^(a+)+$" }'])),
          operation('overlap', params(['name: { type: string, pattern: "^(\\\\w+\\\\s?)*$" }'])),
          operation(
            'deep',
            params([
              'list: { type: array, items: { type: object, additionalProperties: false, properties: { x: { type: string, pattern: "(a|a)*b" } } } }',
            ]),
          ),
          operation(
            'keys',
            params([
              'map: { type: object, additionalProperties: false, patternProperties: { "^(x+x+)+y$": { type: string } } }',
            ]),
          ),
          operation('quadratic', params(['q: { type: string, pattern: "^\\\\s*a\\\\s*\\\\s*$" }'])),
          operation('bounded', params(['q: { type: string, maxLength: 200, pattern: "^\\\\s*a\\\\s*\\\\s*$" }'])),
          operation('quartic', params(['q: { type: string, maxLength: 10000, pattern: "^a*a*a*a*b$" }'])),
          operation('plain', params(['v: { type: string, pattern: "^[1-9][0-9]{0,5}(-[1-9][0-9]{0,5})?$" }'])),
        ].join('\n'),
      );
      const dir = await project(text);
      const result = await generate(dir);
      expect(result.code, result.stderr).toBe(1);
      const lines = diagnostics(result.stderr);
      const refused = (needle: string) => lines.filter((line) => line.startsWith(at(text, needle)));
      expect(refused('"^(a+)+$"')[0]).toMatch(
        /: params: pattern "\^\(a\+\)\+\$" can take exponential time on some inputs/,
      );
      expect(refused('"^(\\\\w+\\\\s?)*$"')[0]).toMatch(/can take exponential time/);
      expect(refused('"(a|a)*b"')[0]).toMatch(/can take exponential time/);
      expect(refused('"^(x+x+)+y$"')[0]).toMatch(/can take exponential time/);
      expect(lines.some((line) => /polynomial \(degree 2\) time .*maxLength ≤ 3162/.test(line))).toBe(true);
      // Bounded is not enough for a higher degree: 10,000 characters to the fourth power.
      expect(refused('"^a*a*a*a*b$"')[0]).toMatch(/polynomial \(degree 4\) time .*maxLength ≤ 56\)/);
      expect(lines, lines.join('\n')).toHaveLength(6);
      expect(await listTree(dir)).toEqual(['catalog.yaml']);
    },
  );
});
