// Result roles: a result field declared `role: path` (at any depth) holds a workspace path, and the
// runtime hides the entry holding it when a path rule denies it, for every operation — a third
// party's with no code of its own, and the reference glob, grep and list_directory — saying how
// many it hid, in the text a model reads as in the structured output.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../codegen/src/generate.js';
import { createToolkit, type PolicyOptions } from '../../src/index.js';
import { generatedProject } from '../support/generated-provider.js';
import { expectOk, tempDir } from '../support/helpers.js';

const catalog = `providers:
  ledger:
    description: Lists what a project holds.
    operations:
      inventory:
        title: Inventory
        kind: data_source
        risk: read_only
        idempotent: true
        open_world: false
        description: Everything the project holds, by group.
        params:
          type: object
          additionalProperties: false
          properties:
            origin: { type: string }
        result:
          type: object
          additionalProperties: false
          required: [files, groups, total]
          properties:
            origin: { type: string, role: path }
            files: { type: array, items: { type: string, role: path } }
            groups:
              type: array
              items:
                type: object
                additionalProperties: false
                required: [name, members]
                properties:
                  name: { type: string }
                  members:
                    type: array
                    items:
                      type: object
                      additionalProperties: false
                      required: [file]
                      properties:
                        file:
                          type: object
                          additionalProperties: false
                          required: [path]
                          properties:
                            path: { type: string, role: path }
                            size: { type: integer }
            total: { type: integer }
        examples:
          - name: lists
            input: {}
            expect: { output: { total: 4 } }
`;

const answer = {
  files: ['a.txt', 'secret/key.pem', 'src/b.ts', 'secret/notes.md'],
  groups: [
    {
      name: 'code',
      members: [{ file: { path: 'src/b.ts', size: 3 } }, { file: { path: 'secret/gen.ts', size: 9 } }],
    },
    { name: 'keys', members: [{ file: { path: 'secret/key.pem', size: 1 } }] },
  ],
  total: 4,
};

const denySecret: PolicyOptions = { rules: [{ path: 'secret/**', decision: 'deny' }] };

async function inventory(policy: PolicyOptions | undefined, output: object = answer, text?: string) {
  const project = await generatedProject(catalog);
  const returned: object[] = [];
  const providers = project.providers({
    ledger: {
      async inventory(params: { origin?: string }) {
        const result = params.origin ? { ...output, origin: params.origin } : output;
        returned.push(result);
        return text === undefined ? result : { output: result, text, [Symbol.for('toolwright.rendered')]: true };
      },
    },
  });
  const root = await tempDir();
  const toolkit = createToolkit({ workspace: root, providers, ...(policy ? { policy } : {}) });
  return { toolkit, returned, project };
}

describe("a third party's result paths", () => {
  it('the catalog role is emitted into the descriptor', async () => {
    const { project } = await inventory(undefined);
    expect(project.operations.get('inventory')!.resultRoles).toEqual({
      origin: 'path',
      files: { items: 'path' },
      groups: {
        items: { properties: { members: { items: { properties: { file: { properties: { path: 'path' } } } } } } },
      },
    });
  });

  it('hides denied entries at every depth, says how many, and leaves the handler its own output', async () => {
    const { toolkit, returned } = await inventory(denySecret);
    const before = structuredClone(answer);
    const result = await toolkit.invoke('ledger', 'inventory', {});
    expect(expectOk(result)).toEqual({
      files: ['a.txt', 'src/b.ts'],
      groups: [
        { name: 'code', members: [{ file: { path: 'src/b.ts', size: 3 } }] },
        { name: 'keys', members: [] },
      ],
      total: 4,
    });
    expect(result.meta.hidden).toBe(4);
    expect(result.text).not.toContain('secret/');
    expect(result.text).toContain('[4 entries hidden: the policy');
    // The handler's objects are as it made them.
    expect(returned[0]).toEqual(before);
  });

  it('a fixed text that named a hidden path is replaced by a rendering of what is shown', async () => {
    const { toolkit } = await inventory(denySecret, answer, 'files: a.txt secret/key.pem src/b.ts secret/notes.md');
    const result = await toolkit.invoke('ledger', 'inventory', {});
    expect(result.ok).toBe(true);
    expect(result.text).not.toContain('secret/');
    expect(result.text).toContain('a.txt');
  });

  it('without a rule, or with nothing denied, the output and text are the handler’s', async () => {
    const open = await inventory(undefined, answer, 'as rendered');
    const result = await open.toolkit.invoke('ledger', 'inventory', {});
    expect(expectOk(result)).toEqual(answer);
    expect(result.text).toBe('as rendered');
    expect(result.meta.hidden).toBeUndefined();
    const other = await inventory({ rules: [{ path: 'elsewhere/**', decision: 'deny' }] }, answer, 'as rendered');
    const same = await other.toolkit.invoke('ledger', 'inventory', {});
    expect(same.text).toBe('as rendered');
  });

  it('an ask path rule hides too (nothing is asked for a result)', async () => {
    const { toolkit } = await inventory({ rules: [{ path: '**/*.pem', decision: 'ask' }] });
    const result = await toolkit.invoke('ledger', 'inventory', {});
    expect(expectOk<{ files: string[] }>(result).files).toEqual(['a.txt', 'src/b.ts', 'secret/notes.md']);
    expect(result.meta.hidden).toBe(2);
  });

  it('a denied path in a field no entry surrounds withholds the whole result', async () => {
    const { toolkit } = await inventory(denySecret);
    const result = await toolkit.invoke('ledger', 'inventory', { origin: 'secret/origin.txt' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('DENIED_BY_POLICY');
      expect(result.error.message).toContain('withheld');
      expect(result.text).not.toContain('secret/origin.txt');
    }
    expect((await toolkit.invoke('ledger', 'inventory', { origin: 'a.txt' })).ok).toBe(true);
  });
});

describe('glob, grep and list_directory: what a path rule hides, the runtime leaves out', () => {
  async function workspace(): Promise<string> {
    const root = await tempDir('tw-result-paths-');
    await mkdir(path.join(root, 'secret'));
    await mkdir(path.join(root, 'src'));
    await writeFile(path.join(root, 'secret', 'a.txt'), 'needle in secret\n');
    await writeFile(path.join(root, 'secret', 'b.txt'), 'needle again\n');
    await writeFile(path.join(root, 'src', 'c.txt'), 'needle in src\n');
    await writeFile(path.join(root, 'top.txt'), 'needle at the top\n');
    return root;
  }

  it('glob: the files are left out, of the output and of the text, and counted', async () => {
    const toolkit = createToolkit({ workspace: await workspace(), policy: denySecret });
    const result = await toolkit.invoke('search', 'glob', { pattern: '**/*.txt' });
    expect(expectOk<{ files: string[] }>(result).files.sort()).toEqual(['src/c.txt', 'top.txt']);
    expect(result.text).not.toContain('secret/');
    expect(result.text).toContain('[2 entries hidden: the policy');
    expect(result.meta.hidden).toBe(2);
  });

  it('grep: matches, files and counts are left out, of the output and of the text, and counted', async () => {
    const toolkit = createToolkit({ workspace: await workspace(), policy: denySecret });
    for (const mode of ['content', 'files_with_matches', 'count'] as const) {
      const result = await toolkit.invoke('search', 'grep', { pattern: 'needle', output_mode: mode });
      const output = expectOk<{ matches?: { path: string }[]; files?: string[]; counts?: { path: string }[] }>(result);
      const paths = output.matches?.map((m) => m.path) ?? output.counts?.map((c) => c.path) ?? output.files!;
      expect(paths.sort(), mode).toEqual(['src/c.txt', 'top.txt']);
      expect(result.text, mode).not.toContain('secret');
      expect(result.text, mode).toContain('[2 entries hidden: the policy');
      expect(result.meta.hidden, mode).toBe(2);
    }
  });

  it('list_directory: the entries are left out, of the output and of the tree text, and counted', async () => {
    const toolkit = createToolkit({
      workspace: await workspace(),
      policy: {
        rules: [
          { path: 'secret', decision: 'deny' },
          { path: 'secret/**', decision: 'deny' },
        ],
      },
    });
    const result = await toolkit.invoke('filesystem', 'list_directory', { depth: 2 });
    const output = expectOk<{ entries: { path: string }[] }>(result);
    expect(output.entries.map((e) => e.path)).toEqual(['src', 'src/c.txt', 'top.txt']);
    expect(result.text).not.toContain('secret');
    expect(result.text).toContain('src/\n  c.txt');
    expect(result.text).toContain('[3 entries hidden: the policy');
  });
});

describe('result roles in a catalog', () => {
  async function problemsFor(text: string): Promise<string[]> {
    const outcome = await generate(text, 'ledger.yaml');
    return outcome.ok ? [] : outcome.problems;
  }
  const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

  it('role path on a result field that is not a string (or a list of strings) is a located problem', async () => {
    const text = catalog.replace('total: { type: integer }', 'total: { type: integer, role: path }');
    const problems = await problemsFor(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^ledger\\.yaml:${lineOf(text, 'role: path }\n        examples')}:\\d+: role path needs a result field of type string, or type array with string items; this one is of type integer$`,
      ),
    );
  });

  it('only path is a result role; a misspelt one gets its near name', async () => {
    const secret = await problemsFor(catalog.replace('name: { type: string }', 'name: { type: string, role: secret }'));
    expect(secret.join('\n')).toContain('role secret is not a result role: only path may mark a field of the result');
    const typo = await problemsFor(
      catalog.replace('origin: { type: string, role: path }', 'origin: { type: string, role: pathh }'),
    );
    expect(typo.join('\n')).toContain(
      'role "pathh" is not one of path (the roles a result field may have); did you mean "path"?',
    );
  });

  it('a role on the result itself or inside a oneOf branch is refused where it is', async () => {
    const onResult = await problemsFor(
      catalog.replace(
        '          required: [files, groups, total]\n',
        '          required: [files, groups, total]\n          role: path\n',
      ),
    );
    expect(onResult.join('\n')).toContain('a role belongs on a field of the result');
  });
});
