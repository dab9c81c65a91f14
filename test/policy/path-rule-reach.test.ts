// Which operations a `path` rule reaches is declared in the catalog (`command_paths: modelled`),
// never decided by name: an operation whose command lines are not modelled (bash, a third party's
// shell tool) refuses a path rule when the policy compiles, in every format and in `policy
// check`/`policy test`; a third party that declares its lines modelled gets the rules on them.
// Other rules that could never match are refused the same way.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../codegen/src/generate.js';
import {
  catalogOperations,
  compilePolicy,
  createToolkit,
  defineProviders,
  type AnyOperations,
  type PolicyOptions,
  type Provider,
  type Toolkit,
} from '../../src/index.js';
import { loadPolicyFile } from '../../src/runtime/policy/formats/load.js';
import { operations } from '../../src/generated/registry.js';
import { cli } from '../support/cli.js';
import { handWrittenOperation } from '../support/descriptors.js';
import { tempDir } from '../support/helpers.js';

const NOT_MODELLED =
  /"path" can never apply to bash: its command lines are not modelled, so a path rule would see only the folder a line runs in/;

describe('a path rule on an operation whose command lines are not modelled', () => {
  it('is refused from code, whatever selects bash (operation, id, provider, risk)', () => {
    for (const rule of [
      { operation: 'bash', path: 'secrets/**', decision: 'deny' },
      { operation: 'exec.bash', path: ['secrets/**'], decision: 'ask' },
      { operation: 'ba*', path: '**/.env', decision: 'deny' },
      { provider: 'exec', risk: 'high', path: '**/.env', decision: 'deny' },
      { operation: 'bash', path: 'src/**', decision: 'allow' },
    ] as const) {
      expect(() => compilePolicy({ rules: [rule] }, operations), JSON.stringify(rule)).toThrow(
        /can never apply to bash(, bash_output, bash_kill, bash_write)?: .*command lines are not modelled|can never apply to bash: its command lines are not modelled/,
      );
      expect(() => createToolkit({ workspace: '/tmp', policy: { rules: [rule] } })).toThrow(TypeError);
    }
    // A rule that selects bash among others applies to the others, and never to bash's cwd.
    const broad = compilePolicy({ rules: [{ path: 'secrets/**', decision: 'deny' }] }, operations);
    const bash = operations.find((o) => o.name === 'bash')!;
    expect(broad.hasArgumentRules(bash)).toBe(false);
    expect(broad.hasArgumentRules(operations.find((o) => o.name === 'shell_read')!)).toBe(true);
  });

  it('is located in YAML and HCL files, and policy check and policy test exit 2 naming why', async () => {
    const dir = await tempDir('tw-reach-');
    const yaml = path.join(dir, 'agent.yaml');
    await writeFile(yaml, 'rules:\n  - operation: bash\n    path: "secrets/**"\n    decision: deny\n');
    const hcl = path.join(dir, 'agent.hcl');
    await writeFile(hcl, 'rule {\n  operation = "bash"\n  path      = ["secrets/**"]\n  decision  = "deny"\n}\n');
    await expect(loadPolicyFile(yaml, { operations })).rejects.toThrow(
      /agent\.yaml:3:\d+: policy rule 1: "path" can never apply to bash/,
    );
    await expect(loadPolicyFile(hcl, { operations })).rejects.toThrow(
      /agent\.hcl:3:\d+: policy rule 1: "path" can never apply to bash/,
    );
    for (const file of [yaml, hcl]) {
      const check = await cli(['policy', 'check', '--policy', file, 'bash', '{"command":"cat secrets/key"}']);
      expect(check.code).toBe(2);
      expect(check.err).toMatch(NOT_MODELLED);
      const test = await cli(['policy', 'test', file]);
      expect(test.code).toBe(2);
      expect(test.err).toMatch(NOT_MODELLED);
      const call = await cli(['call', 'bash', '{"command":"true"}', '-w', dir, '--policy', file]);
      expect(call.code).toBe(2);
      expect(call.err).toMatch(NOT_MODELLED);
    }
  });

  it('third parties: refused on a shell tool of their own, applied to the lines of one declared modelled', async () => {
    const shell = (name: string, commandPaths?: 'modelled') => ({
      ...handWrittenOperation({
        provider: 'box',
        name,
        kind: 'data_source',
        risk: 'read_only',
        properties: { line: { type: 'string', minLength: 1 }, at: { type: 'string', minLength: 1 } },
        required: ['line'],
        roles: { line: 'command', at: 'path' },
        idempotent: true,
      }),
      ...(commandPaths ? { commandPaths } : {}),
    });
    const ops = [shell('box_sh'), shell('box_look', 'modelled')];
    expect(() => compilePolicy({ rules: [{ operation: 'box_sh', path: '**/.env', decision: 'deny' }] }, ops)).toThrow(
      /"path" can never apply to box_sh: its command lines are not modelled.*path rules apply to: box_look/,
    );
    const ran: string[] = [];
    const root = await tempDir('tw-reach-');
    await writeFile(path.join(root, '.env'), 'SECRET=1\n');
    const handlers = {
      box: {
        box_sh: async (params: { line: string }) => (ran.push(params.line), {}),
        box_look: async (params: { line: string }) => (ran.push(params.line), {}),
      },
    };
    const registry = [{ name: 'box', description: 'A test provider.', operations: ops }];
    const providers: Provider[] = defineProviders(registry as never, handlers as never);
    const toolkit: Toolkit<AnyOperations> = createToolkit({
      workspace: root,
      providers,
      policy: { rules: [{ path: '**/.env', decision: 'deny' }] },
    });
    for (const line of ['cat .env', 'head -n1 ./.e*', "cat 'sub/../.env'"]) {
      const result = await toolkit.invoke('box', 'box_look', { line });
      expect(!result.ok && result.error.code, line).toBe('DENIED_BY_POLICY');
    }
    expect((await toolkit.invoke('box', 'box_look', { line: 'cat notes.txt' })).ok).toBe(true);
    expect((await toolkit.invoke('box', 'box_look', { line: 'cat .env', at: '.' })).ok).toBe(false);
    // The rule never reaches box_sh, whose lines nothing models: it runs (the sandbox is its wall).
    expect((await toolkit.invoke('box', 'box_sh', { line: 'cat .env' })).ok).toBe(true);
    expect(ran).toEqual(['cat notes.txt', 'cat .env']);
  });

  it('the reference catalog declares shell_read modelled and bash not, and codegen checks the declaration', async () => {
    const declared = Object.fromEntries(catalogOperations.map((o) => [o.name, o.commandPaths]));
    expect(declared.shell_read).toBe('modelled');
    expect(declared.bash).toBeUndefined();
    const catalog = (params: string, extra = '        command_paths: modelled\n') => `providers:
  box:
    description: A test provider.
    operations:
      box_look:
        title: Look
        kind: data_source
        risk: read_only
        idempotent: true
        open_world: false
${extra}        description: Looks.
        params:
          type: object
          additionalProperties: false
          properties:
${params}
        result: { type: object, additionalProperties: false, properties: { ok: { type: boolean } } }
        examples:
          - name: looks
            input: { line: ls }
            expect: { output: {} }
`;
    const good = await generate(
      catalog('            line: { type: string, role: command }\n            at: { type: string, role: path }'),
      'box.yaml',
    );
    expect(good.ok && good.files.find((f) => f.path.endsWith('registry.ts'))!.content).toContain(
      'commandPaths: "modelled",',
    );
    const problems = async (text: string) => {
      const outcome = await generate(text, 'box.yaml');
      return outcome.ok ? [] : outcome.problems;
    };
    expect(
      await problems(catalog('            line: { type: string }\n            at: { type: string, role: path }')),
    ).toEqual([
      expect.stringMatching(/box\.yaml:11:\d+: command_paths needs exactly one parameter with role command .*has none/),
    ]);
    expect(
      await problems(
        catalog(
          '            line: { type: string, role: command }\n            a: { type: string, role: path }\n            b: { type: string, role: path }',
        ),
      ),
    ).toEqual([expect.stringMatching(/command_paths allows at most one parameter with role path, .*has a, b/)]);
    expect(
      await problems(catalog('            line: { type: string, role: command }', '        command_paths: yes\n')),
    ).toEqual([expect.stringMatching(/box\.yaml:11:\d+: .*command_paths/)]);
  });
});

describe('other rules that could never match are refused too', () => {
  it('two argument fields in one rule, redirects on a rule that is not allow, a rule an earlier one always decides first', () => {
    const refused = (options: PolicyOptions) => () => compilePolicy(options, operations);
    expect(
      refused({ rules: [{ operation: 'shell_read', command: 'cat *', path: '**/.env', decision: 'deny' }] }),
    ).toThrow(/policy rule 1: a rule looks at one kind of argument, and this one has command and path/);
    expect(
      refused({ rules: [{ operation: 'bash', command: 'npm test *', redirects: true, decision: 'deny' }] }),
    ).toThrow(/redirects changes only what an allow rule allows/);
    expect(
      refused({
        rules: [
          { operation: 'read_file', decision: 'allow' },
          { operation: 'read_file', path: '**/.env', decision: 'deny' },
        ],
      }),
    ).toThrow(
      /policy rule 2: can never match: rule 1 \(allow, with no command, path or host\) decides every call of read_file first/,
    );
    expect(
      refused({ rules: [{ decision: 'allow' }, { operation: 'bash', command: 'rm *', decision: 'deny' }] }),
    ).toThrow(/policy rule 2: can never match/);
    // A rule that still reaches some of what it selects, and a preset's rules after the host's, are fine.
    expect(
      refused({
        rules: [
          { operation: 'read_file', decision: 'allow' },
          { path: '**/.env', decision: 'deny' },
        ],
      }),
    ).not.toThrow();
    expect(refused({ extends: 'readOnly', rules: [{ kind: 'data_source', decision: 'allow' }] })).not.toThrow();
  });
});
