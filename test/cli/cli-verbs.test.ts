// The CLI's verbs in-process: schema (listing, JSON, one tool, --profile), call (text and JSON
// results, exit codes, stdin arguments, --tasks-file), --policy files and presets,
// --allow-private-network, --help, and one run of the bin as a process from the sources.
import { spawnSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POLICY_PRESETS } from '../../src/runtime/policy/types.js';
import { createToolkit } from '../../src/toolkit.js';
import { cli, root, seededWorkspace } from '../support/cli.js';
import { scaled } from '../support/time.js';
import { builtCli } from '../support/built-cli.js';

let dir: string;
beforeEach(async () => {
  dir = await seededWorkspace();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('toolwright schema', () => {
  it('lists every exposed tool with kind and risk', async () => {
    const { code, out } = await cli(['schema', '-w', dir]);
    expect(code).toBe(0);
    const toolkit = createToolkit({ workspace: dir });
    for (const op of toolkit.operations)
      expect(out).toMatch(new RegExp(`^  ${op.name}\\s+${op.kind}\\s+${op.risk}\\s+${op.title}`, 'm'));
  });

  it('prints the whole schema as JSON with --json', async () => {
    const { code, out } = await cli(['schema', '--json', '--workspace', dir]);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(createToolkit({ workspace: dir }).getSchema())));
  });

  it('describes one tool: parameters with defaults, and its errors', async () => {
    const { code, out } = await cli(['schema', 'read_file', '-w', dir]);
    expect(code).toBe(0);
    expect(out).toMatch(/^read_file \(filesystem\.read_file\) — /);
    expect(out).toMatch(/^ {2}path \(string, required, role path\)/m);
    expect(out).toMatch(/^ {2}limit \(integer, optional, default 2000, >= 1/m);
    expect(out).toMatch(/^Errors: .*NOT_FOUND/m);
    const json = await cli(['schema', 'filesystem.read_file', '--json', '-w', dir]);
    expect(JSON.parse(json.out)).toMatchObject({ id: 'filesystem.read_file', kind: 'data_source' });
    const unknown = await cli(['schema', 'nope', '-w', dir]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('no tool named "nope"');
  });

  it('limits the tools with --profile', async () => {
    const { out } = await cli(['schema', '--json', '-w', dir, '--profile', 'filesystem.read_file,edit_file']);
    const names = (JSON.parse(out) as { operations: { name: string }[] }[]).flatMap((p) =>
      p.operations.map((o) => o.name),
    );
    expect(names).toEqual(['read_file', 'edit_file']);
    const denied = await cli([
      'call',
      'write_file',
      '{"path":"b.txt","content":"x"}',
      '-w',
      dir,
      '--profile',
      'read_file',
    ]);
    expect(denied.code).toBe(2);
    expect(denied.err).toMatch(/^Error UNKNOWN_OPERATION: no tool named "write_file" \(available: read_file\)/);
  });
});

describe('toolwright call', () => {
  it('prints the tool text and exits 0', async () => {
    const { code, out, err } = await cli(['call', 'read_file', '{"path":"a.txt","offset":2}', '-w', dir]);
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out).toContain('two');
    expect(out).not.toContain('one');
  });

  it('prints the whole result with --json', async () => {
    const { code, out } = await cli(['call', 'filesystem.read_file', '{"path":"a.txt"}', '--json', '-w', dir]);
    expect(code).toBe(0);
    const result = JSON.parse(out) as {
      ok: boolean;
      output: { total_lines: number };
      text: string;
      meta: { operation: string };
    };
    expect(result.ok).toBe(true);
    expect(result.output.total_lines).toBe(3);
    expect(result.meta.operation).toBe('filesystem.read_file');
  });

  it('exits 1 on a tool error, with the code in the text', async () => {
    const { code, out, err } = await cli([
      'call',
      'edit_file',
      '{"path":"a.txt","old_str":"four","new_str":"4"}',
      '-w',
      dir,
    ]);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(/^Error NO_MATCH: /);
    const json = await cli(['call', 'read_file', '{"path":"missing.txt"}', '--json', '-w', dir]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('writes files, reads arguments from stdin with "-", and treats null optionals as absent', async () => {
    const write = await cli(['call', 'write_file', '-', '-w', dir], '{"path":"dir/b.txt","content":"bee\\n"}');
    expect(write.code).toBe(0);
    expect(await readFile(join(dir, 'dir/b.txt'), 'utf8')).toBe('bee\n');
    const edit = await cli([
      'call',
      'edit_file',
      '{"path":"dir/b.txt","old_str":"bee","new_str":"BEE","replace_all":null}',
      '-w',
      dir,
    ]);
    expect(edit.code).toBe(0);
    expect(await readFile(join(dir, 'dir/b.txt'), 'utf8')).toBe('BEE\n');
  });

  it('exits 2 on arguments that are not a JSON object, or a workspace that does not exist', async () => {
    const invalid = await cli(['call', 'read_file', '{path:', '-w', dir]);
    expect(invalid.code).toBe(2);
    expect(invalid.err).toContain('not valid JSON');
    const array = await cli(['call', 'read_file', '[1]', '-w', dir]);
    expect(array.code).toBe(2);
    expect(array.err).toContain('must be a JSON object');
    const missing = await cli(['call', 'read_file', '{"path":"a.txt"}', '-w', join(dir, 'nope')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('not an existing folder');
  });

  it('reports invalid input naming the field', async () => {
    const { code, err } = await cli(['call', 'read_file', '{"path":"a.txt","limit":0}', '-w', dir]);
    expect(code).toBe(1);
    expect(err).toMatch(/^Error INVALID_INPUT: limit must be >= 1/);
  });

  it('keeps tasks across runs with --tasks-file', async () => {
    if (!createToolkit({ workspace: dir }).find('task_create')) return;
    const created = await cli([
      'call',
      'task_create',
      '{"title":"ship it"}',
      '--json',
      '-w',
      dir,
      '--tasks-file',
      '.tasks.json',
    ]);
    expect(created.code).toBe(0);
    const listed = await cli(['call', 'task_list', '{}', '--json', '-w', dir, '--tasks-file', '.tasks.json']);
    expect(JSON.stringify(JSON.parse(listed.out).output)).toContain('ship it');
  });
});

describe('--policy', () => {
  it('applies a YAML policy file: denied calls exit 1 and do not run', async () => {
    await writeFile(
      join(dir, 'policy.yaml'),
      'rules:\n  - kind: resource\n    risk: ">=moderate"\n    decision: deny\n    reason: this workspace is read-only\ndefault: allow\n',
    );
    const denied = await cli([
      'call',
      'write_file',
      '{"path":"a.txt","content":"gone"}',
      '-w',
      dir,
      '--policy',
      join(dir, 'policy.yaml'),
    ]);
    expect(denied.code).toBe(1);
    expect(denied.err).toMatch(/^Error DENIED_BY_POLICY: .*this workspace is read-only/);
    expect(await readFile(join(dir, 'a.txt'), 'utf8')).toBe('one\ntwo\nthree\n');
    const allowed = await cli([
      'call',
      'read_file',
      '{"path":"a.txt"}',
      '-w',
      dir,
      '--policy',
      join(dir, 'policy.yaml'),
    ]);
    expect(allowed.code).toBe(0);
    const listed = await cli(['schema', '-w', dir, '--policy', join(dir, 'policy.yaml')]);
    expect(listed.out).not.toMatch(/^ {2}write_file /m); // denied outright: not listed
    expect(listed.out).toMatch(/^Not listed because they cannot work here: .*write_file/m);
    expect(listed.out).toMatch(/^ {2}read_file .*\(idempotent\)$/m);
    const all = await cli(['schema', '-w', dir, '--policy', join(dir, 'policy.yaml'), '--list-all-tools']);
    expect(all.out).toMatch(/^ {2}write_file .*\[policy: deny\]$/m);
  });

  it('accepts a preset name, and a file naming a preset', async () => {
    const preset = await cli([
      'call',
      'edit_file',
      '{"path":"a.txt","old_str":"one","new_str":"1"}',
      '-w',
      dir,
      '--policy',
      'readOnly',
    ]);
    expect(preset.code).toBe(1);
    expect(preset.err).toContain('DENIED_BY_POLICY');
    await writeFile(join(dir, 'p.yaml'), 'preset: readOnly\n');
    const file = await cli([
      'call',
      'write_file',
      '{"path":"a.txt","content":"x"}',
      '-w',
      dir,
      '--policy',
      join(dir, 'p.yaml'),
    ]);
    expect(file.err).toContain('DENIED_BY_POLICY');
  });

  it('exits 2 on a malformed policy', async () => {
    await writeFile(join(dir, 'bad.yaml'), 'rules:\n  - decision: maybe\n');
    const bad = await cli(['schema', '-w', dir, '--policy', join(dir, 'bad.yaml')]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--policy .*bad\.yaml:2:15: policy rule 1: decision must be allow, ask or deny/);
    const missing = await cli(['schema', '-w', dir, '--policy', 'nonsense']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('not a preset');
  });
});

describe('--allow-private-network', () => {
  it('lets web_fetch reach a 127.0.0.1 server only when given', async () => {
    if (!createToolkit({ workspace: dir }).find('web_fetch')) return;
    const server: Server = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end('local hello'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const blocked = await cli(['call', 'web_fetch', JSON.stringify({ url }), '-w', dir]);
      expect(blocked.code).toBe(1);
      expect(blocked.err).toContain('BLOCKED_URL');
      const allowed = await cli(['call', 'web_fetch', JSON.stringify({ url }), '-w', dir, '--allow-private-network']);
      expect(allowed.code).toBe(0);
      expect(allowed.out).toContain('local hello');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('--help', () => {
  it('documents every command and the shared options', async () => {
    const top = await cli(['--help']);
    expect(top.code).toBe(0);
    for (const word of ['schema', 'call', 'mcp', 'Examples:', 'Exit codes']) expect(top.out).toContain(word);
    for (const command of ['schema', 'call', 'mcp']) {
      const help = await cli([command, '--help']);
      expect(help.code).toBe(0);
      for (const option of [
        '--workspace <dir>',
        '--allow-private-network',
        '--policy <file|preset>',
        '--profile <patterns>',
      ]) {
        expect(help.out, `${command} --help`).toContain(option);
      }
    }
    const mcp = await cli(['mcp', '--help']);
    expect(mcp.out).toContain('--http <port>');
    expect(mcp.out).toContain('"mcpServers"');
    const bad = await cli(['frobnicate']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("unknown command 'frobnicate'");
  });

  it('lists exactly the policy presets there are (the help text keeps them literal)', async () => {
    const presets = Object.keys(POLICY_PRESETS).sort();
    for (const args of [['--help'], ['call', '--help']]) {
      const help = (await cli(args)).out.replace(/\s+/g, ' ');
      const listed = /preset(?::| \()\s*([\w, ]+?)[;)]/.exec(help)?.[1];
      expect(listed, `${args.join(' ')}: ${help.slice(0, 400)}`).toBeDefined();
      expect(listed!.split(/,\s*/).sort(), args.join(' ')).toEqual(presets);
    }
  });
});

describe('the bin as a process', () => {
  it('runs `call` with real exit codes and stdout/stderr', { timeout: scaled(60_000) }, () => {
    const run = (args: string[]) =>
      spawnSync(process.execPath, [builtCli(), ...args], {
        cwd: root,
        encoding: 'utf8',
        timeout: scaled(30_000),
      });
    const ok = run(['call', 'read_file', '{"path":"a.txt","limit":1}', '-w', dir]);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('one');
    expect(ok.stdout).not.toContain('two');
    const failed = run(['call', 'read_file', '{"path":"zzz.txt"}', '-w', dir]);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/^Error NOT_FOUND/);
  });
});
