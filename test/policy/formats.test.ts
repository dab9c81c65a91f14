// YAML and HCL policies: same semantics, errors at FILE:LINE:COL; `toolwright policy check/test`.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { createToolkit, loadPolicyFile, parsePolicyText } from '../../src/index.js';
import { tempDir } from '../support/helpers.js';

const HCL = `# agent.hcl
default = "ask"

rule {
  provider = "task"
  decision = "allow"
}

rule {
  operation = "bash"
  command   = ["git status", "git log *"]
  decision  = "allow"
  examples  = { match = ["git log --oneline"], not_match = ["git log; rm x", { command = "git push" }] }
}

rule {
  path     = ["**/.env", "secrets/**"]
  decision = "deny"
  reason   = "private"
}
`;

const YAML = `default: ask
rules:
  - provider: task
    decision: allow
  - operation: bash
    command: ["git status", "git log *"]
    decision: allow
    examples:
      match: ["git log --oneline"]
      not_match: ["git log; rm x", { command: "git push" }]
  - path: ["**/.env", "secrets/**"]
    decision: deny
    reason: private
`;

async function errorOf(text: string, file: string): Promise<string> {
  try {
    await parsePolicyText(text, file);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
}

describe('HCL and YAML policies', () => {
  it('parse to the same policy', async () => {
    const hcl = await parsePolicyText(HCL, 'agent.hcl');
    const yaml = await parsePolicyText(YAML, 'policy.yaml');
    expect(hcl.policy).toEqual(yaml.policy);
    expect(hcl.policy).toMatchObject({
      default: 'ask',
      rules: [
        { provider: 'task' },
        { command: ['git status', 'git log *'] },
        { path: ['**/.env', 'secrets/**'], reason: 'private' },
      ],
    });
  });

  it('HCL takes extends, escapes, booleans and nested example inputs', async () => {
    const { policy, compiled } = await parsePolicyText(
      'extends = "readOnly"\nrule {\n  operation = "bash"\n  command = "echo \\"a b\\" *"\n  redirects = true\n  decision = "allow"\n  examples = { match = [{ command = "echo \\"a b\\" x > f" }] }\n}\n',
      'x.hcl',
    );
    expect(policy).toEqual({
      extends: 'readOnly',
      rules: [
        {
          operation: 'bash',
          command: 'echo "a b" *',
          redirects: true,
          decision: 'allow',
          examples: { match: [{ command: 'echo "a b" x > f' }] },
        },
      ],
    });
    expect(compiled.preset).toBe('readOnly');
  });

  it('HCL errors are located at FILE:LINE:COL', async () => {
    expect(await errorOf('rule {\n  operation = "Bash"\n  decision = "deny"\n}\n', 'agent.hcl')).toMatch(
      /^agent\.hcl:2:15: policy rule 1: no operation matches "Bash" \(did you mean "bash"\?\)/,
    );
    expect(await errorOf('default = "ask"\nrule {\n  provider = "shell"\n  decision = "deny"\n}\n', 'a.hcl')).toMatch(
      /^a\.hcl:3:14: .*did you mean "exec"/,
    );
    expect(await errorOf('rule {\n  operation = "bash"\n  decision  = "allow"\n  comand = "ls"\n}\n', 'a.hcl')).toMatch(
      /^a\.hcl:4:12: .*unknown field comand/,
    );
    expect(await errorOf('rule {\n  operation = "bash"\n  decision = "allow"\n', 'a.hcl')).toMatch(
      /^a\.hcl:1:6: this \{ is not closed: the file ends before its "}"/,
    );
    expect(await errorOf('defaults = "ask"\n', 'a.hcl')).toMatch(
      /^a\.hcl:1:1: unknown top-level attribute "defaults" \(did you mean "default"\?\)/,
    );
    expect(await errorOf('rules {\n}\n', 'a.hcl')).toMatch(
      /^a\.hcl:1:1: unknown block "rules" \(did you mean "rule"\?\)/,
    );
    expect(await errorOf('rule {\n  operation = "${x}"\n  decision = "deny"\n}\n', 'a.hcl')).toMatch(
      /^a\.hcl:2:15: interpolation/,
    );
    expect(
      await errorOf('rule {\n  operation = "read_file"\n  command = "ls"\n  decision = "deny"\n}\n', 'a.hcl'),
    ).toMatch(/^a\.hcl:3:13: .*"command" can never apply to read_file/);
    expect(await errorOf(HCL.replace('"git log --oneline"', '"git push"'), 'agent.hcl')).toMatch(
      /^agent\.hcl:13:26: policy rule 2: example match\[0\] "git push" is not matched/,
    );
  });

  it('YAML errors are located at FILE:LINE:COL', async () => {
    expect(await errorOf('rules:\n  - operation: Bash\n    decision: deny\n', 'p.yaml')).toMatch(
      /^p\.yaml:2:16: policy rule 1: no operation matches "Bash"/,
    );
    expect(
      await errorOf(
        'rules:\n  - operation: bash\n    decision: allow\n  - provider: shell\n    decision: deny\n',
        'p.yaml',
      ),
    ).toMatch(/^p\.yaml:4:15: policy rule 2: no provider matches "shell"/);
    expect(await errorOf('rules:\n  - operation: bash\n    decision: [allow\n', 'p.yaml')).toMatch(
      /^p\.yaml:\d+:\d+: /,
    );
    expect(await errorOf('default: maybe\n', 'p.yaml')).toMatch(
      /^p\.yaml:1:10: policy default must be allow, ask or deny/,
    );
    expect(await errorOf(YAML.replace('"git log; rm x"', '"git log -n 3"'), 'p.yaml')).toMatch(
      /^p\.yaml:10:19: policy rule 2: example not_match\[0\] "git log -n 3" is matched/,
    );
    expect(await errorOf('preset: readOnli\n', 'p.yaml')).toMatch(
      /unknown policy preset "readOnli" \(did you mean "readOnly"\?\)/,
    );
  });

  it('loadPolicyFile returns the parsed form a toolkit takes, and it decides as written', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'agent.hcl'), HCL);
    await writeFile(path.join(dir, '.env'), 'SECRET=1\n');
    const policy = await loadPolicyFile(path.join(dir, 'agent.hcl'));
    const toolkit = createToolkit({ workspace: dir, policy });
    expect(
      (await toolkit.invoke('exec', 'bash', { command: 'git status >/dev/null 2>&1; git log -n1 2>/dev/null' })).meta
        .policy.decision,
    ).toBe('allow');
    const env = await toolkit.invoke('filesystem', 'read_file', { path: '.env' });
    expect(!env.ok && env.text).toContain('private');
  });
});

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    readStdin: async () => '',
  });
  return { code, out, err };
}

describe('toolwright policy check / test', () => {
  it('check prints the decision, the deciding rule and each simple command', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'agent.hcl');
    await writeFile(file, HCL);
    const denied = await cli([
      'policy',
      'check',
      '--policy',
      file,
      'bash',
      '{"command":"git status && sudo rm -rf / ; echo $(id)"}',
    ]);
    expect(denied.code).toBe(1);
    expect(denied.out).toMatch(/^decision: ask/m);
    expect(denied.out).toMatch(/allow\s+git status\s+\[rule 2\]/);
    expect(denied.out).toMatch(/ask\s+rm -rf \/\s+\[default; via sudo\]/);
    expect(denied.out).toMatch(/opaque: command substitution \$\(id\)/);
    const allowed = await cli([
      'policy',
      'check',
      '--policy',
      file,
      'exec.bash',
      '{"command":"git log --oneline | git status"}',
    ]);
    expect(allowed.code).toBe(0);
    expect(allowed.out).toMatch(/^decision: allow/m);
    const json = await cli(['policy', 'check', '--policy', file, '--json', 'read_file', '{"path":"a/.env"}']);
    expect(JSON.parse(json.out)).toMatchObject({ decision: 'deny', rule: 2, reason: 'private' });
    const readOnly = await cli([
      'policy',
      'check',
      '--policy',
      'readOnly',
      'shell_read',
      '{"command":"ls | sort -o x"}',
    ]);
    expect(readOnly.code).toBe(1);
    expect(readOnly.out).toMatch(/^decision: allow/m);
    expect(readOnly.out).toMatch(/shell_read: refused: `sort -o x`: -o writes a file/);
    const bad = await cli(['policy', 'check', '--policy', file, 'bahs', '{}']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/no tool named "bahs" \(available: .*\); did you mean "bash"\?/);
  });

  it('test runs the examples and exits 1 when one fails', async () => {
    const dir = await tempDir();
    const good = path.join(dir, 'good.yaml');
    await writeFile(good, YAML);
    const ok = await cli(['policy', 'test', good]);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/3 examples, 0 failed/);
    const failing = path.join(dir, 'bad.hcl');
    await writeFile(failing, HCL.replace('"git log; rm x"', '"git log -n 2"'));
    const fail = await cli(['policy', 'test', failing]);
    expect(fail.code).toBe(1);
    expect(fail.out).toMatch(/FAIL\s+rule 2 not_match\[0\] "git log -n 2"/);
    expect(fail.out).toMatch(/3 examples, 1 failed/);
    const broken = path.join(dir, 'broken.hcl');
    await writeFile(broken, 'rule {\n  operation = "Bash"\n  decision = "deny"\n}\n');
    const located = await cli(['policy', 'test', broken]);
    expect(located.code).toBe(2);
    expect(located.err).toContain(`${broken}:2:15:`);
  });

  it('--policy takes an HCL file for call, with located errors as usage errors', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'agent.hcl');
    await writeFile(
      file,
      'default = "deny"\nrule {\n  operation = "bash"\n  command = "echo *"\n  decision = "allow"\n}\n',
    );
    const ran = await cli(['call', '--workspace', dir, '--policy', file, 'bash', '{"command":"echo hi"}']);
    expect(ran.code).toBe(0);
    expect(ran.out).toContain('hi');
    const refused = await cli(['call', '--workspace', dir, '--policy', file, 'bash', '{"command":"echo hi; touch x"}']);
    expect(refused.code).toBe(1);
    await writeFile(file, 'rule {\n  operation = "Bash"\n  decision = "deny"\n}\n');
    const typo = await cli(['call', '--workspace', dir, '--policy', file, 'bash', '{"command":"echo hi"}']);
    expect(typo.code).toBe(2);
    expect(typo.err).toContain(':2:15: policy rule 1: no operation matches "Bash"');
  });
});
