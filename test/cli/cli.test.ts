import { spawn, spawnSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { createToolkit } from '../../src/toolkit.js';
import { cli, compileInto } from '../support/cli.js';
import { scaled } from '../support/time.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tw-cli-'));
  await writeFile(join(dir, 'a.txt'), 'one\ntwo\nthree\n');
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
    expect(bad.err).toMatch(/--policy .*bad\.yaml:2:15: policy rule 0: decision must be allow, ask or deny/);
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
});

describe('the bin as a process', () => {
  it('runs `call` with real exit codes and stdout/stderr', { timeout: scaled(60_000) }, () => {
    const run = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli.ts'), ...args], {
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

// Each test spawns the bin up to a dozen times: a minute or two on a loaded machine.
describe('the built bin (exit codes, EPIPE, usage errors)', { timeout: scaled(120_000) }, () => {
  let build: string;
  let bin: string;
  beforeAll(async () => {
    build = await mkdtemp(join(tmpdir(), 'tw-cli-dist-'));
    await compileInto(build);
    bin = join(build, 'dist/cli.js');
  }, scaled(120_000));
  afterAll(async () => {
    await rm(build, { recursive: true, force: true });
  });

  const run = (args: string[], input?: string) =>
    spawnSync(process.execPath, [bin, ...args], {
      cwd: dir,
      encoding: 'utf8',
      timeout: scaled(30_000),
      ...(input !== undefined ? { input } : {}),
    });
  /** Runs `toolwright ARGS | READER` in a shell (the bin's stderr to err.txt); `true` closes the pipe before any write. */
  const piped = (args: string, reader = 'head -1') =>
    spawnSync('sh', ['-c', `"${process.execPath}" "${bin}" ${args} 2>"${dir}/err.txt" | ${reader}`], {
      cwd: dir,
      encoding: 'utf8',
      timeout: scaled(30_000),
    });

  it(
    'exits quietly when the reader of stdout goes away (| head -1), whatever the verb',
    { timeout: scaled(120_000) },
    async () => {
      await writeFile(join(dir, 'long.txt'), 'line\n'.repeat(200_000));
      for (const args of [
        '--help',
        'schema',
        'schema --json',
        `call read_file '{"path":"long.txt"}'`,
        `call grep '{"pattern":"line","output_mode":"content","max_results":5000}'`,
      ]) {
        const result = piped(args);
        expect(result.stdout.split('\n')[0]!.length, args).toBeGreaterThan(0);
        expect(await readFile(join(dir, 'err.txt'), 'utf8'), args).not.toMatch(/EPIPE|Error:|at .*\.js/);
        piped(args, 'true'); // the reader is gone before the first write: EPIPE every time
        expect(await readFile(join(dir, 'err.txt'), 'utf8'), `${args} | true`).not.toMatch(/EPIPE|Error:|at .*\.js/);
      }
    },
  );

  it('--version prints the package version', async () => {
    const result = run(['--version']);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(
      (JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string }).version,
    );
  });

  it('--version and -V alone answer before commander loads, exactly as commander answers', async () => {
    const capture = () => {
      const out = { stdout: '', stderr: '' };
      const io = {
        stdout: { write: (c: string) => (out.stdout += c) },
        stderr: { write: (c: string) => (out.stderr += c) },
      };
      return { out, io };
    };
    const { buildProgram } = await import('../../src/cli.js');
    const viaCommander = capture();
    const program = buildProgram({ ...viaCommander.io, readStdin: async () => '' }, { value: 0 });
    await program.parseAsync(['--version'], { from: 'user' }).catch(() => undefined);
    expect(viaCommander.out.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    for (const argv of [['--version'], ['-V']]) {
      const fast = capture();
      expect(await runCli(argv, fast.io), argv[0]).toBe(0);
      expect(fast.out, argv[0]).toEqual(viaCommander.out);
    }
    // Anything else still goes through commander (an unknown option stays a usage error).
    const unknown = capture();
    expect(await runCli(['--nope'], unknown.io)).toBe(2);
    expect(unknown.out.stderr).toMatch(/unknown option '--nope'/);
  });

  it('an unknown tool is a usage error (exit 2) from call and schema alike', () => {
    const call = run(['call', 'no_such_tool', '{}']);
    const schema = run(['schema', 'no_such_tool']);
    expect(call.status).toBe(2);
    expect(schema.status).toBe(2);
    expect(call.stderr).toContain('no tool named "no_such_tool"');
    expect(schema.stderr).toContain('no tool named "no_such_tool"');
  });

  it('--profile patterns that match nothing are usage errors, for every verb', () => {
    for (const verb of [['schema'], ['call', 'read_file', '{"path":"a.txt"}'], ['mcp']]) {
      for (const profile of ['filesytem.*', 'read_file,nope', 'Bash', ',']) {
        const result = run([...verb, '--profile', profile]);
        expect(result.status, `${verb[0]} --profile ${profile}`).toBe(2);
        expect(result.stderr).toMatch(/--profile: /);
      }
    }
    expect(run(['schema', '--profile', 'filesystem.*,grep']).status).toBe(0);
  });

  it('call refuses run_in_background: a job would die with the process', () => {
    const result = run(['call', 'bash', '{"command":"sleep 30","run_in_background":true}']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/background job would be killed with it/);
  });

  it('call bash exits with the status of the command it ran (128 + n for a signal)', () => {
    for (const [command, status] of [
      ['exit 3', 3],
      ['true', 0],
      ['exit 1', 1],
      ['exit 200', 200],
      ['kill -TERM $$', 143],
    ] as const) {
      expect(run(['call', 'bash', JSON.stringify({ command })]).status, command).toBe(status);
    }
  });

  it('a near miss in a tool or preset name gets a one-line "did you mean"', () => {
    for (const [name, meant] of [
      ['read_fil', 'read_file'],
      ['Grep', 'grep'],
      ['bahs', 'bash'],
    ] as const) {
      const result = run(['call', name, '{}']);
      expect(result.status, name).toBe(2);
      expect(result.stderr.trim().split('\n'), name).toHaveLength(1);
      expect(result.stderr, name).toContain(`did you mean "${meant}"?`);
    }
    for (const [preset, meant] of [
      ['readonly', 'readOnly'],
      ['askforrisky', 'askForRisky'],
      ['allow-all', 'allowAll'],
    ] as const) {
      const result = run(['call', 'read_file', '{"path":"a.txt"}', '--policy', preset]);
      expect(result.status, preset).toBe(2);
      expect(result.stderr.trim().split('\n'), preset).toHaveLength(1);
      expect(result.stderr, preset).toContain(`did you mean "${meant}"?`);
    }
    expect(run(['call', 'zzzzzz', '{}']).stderr).not.toContain('did you mean');
  });

  it('exit codes: 0 ok, 1 tool error, 2 usage', () => {
    expect(run(['call', 'read_file', '{"path":"a.txt"}']).status).toBe(0);
    expect(run(['call', 'read_file', '{"path":"missing.txt"}']).status).toBe(1);
    expect(run(['call', 'read_file', '{bad json']).status).toBe(2);
    expect(run(['call', 'read_file', '{"path":"a.txt"}', '--policy', 'nonsense']).status).toBe(2);
    // mcp over stdio checks what can be wrong before it serves (the rest is built after initialize).
    for (const flags of [
      ['--policy', 'nonsense'],
      ['-w', '/no/such/folder'],
      ['--provider', './no-such-module.js'],
    ]) {
      const served = run(['mcp', ...flags]);
      expect(served.status, flags.join(' ')).toBe(2);
      expect(served.stderr).not.toContain('MCP server on stdio');
    }
    expect(run(['frobnicate']).status).toBe(2);
    expect(run(['mcp', '--http', '99999']).status).toBe(2);
    expect(run(['mcp', '--http', '0', '--max-sessions', '0']).status).toBe(2);
  });

  it('mcp --http refuses JWT flags that are incomplete or clash (exit 2, nothing served)', () => {
    const jwks = ['--auth-jwks', 'http://127.0.0.1:1/jwks.json'];
    for (const [flags, message] of [
      [jwks, /--auth-jwks needs --auth-audience/],
      [['--auth-audience', 'a'], /need --auth-jwks/],
      [['--auth-issuer', 'https://idp.example.com/'], /need --auth-jwks/],
      [[...jwks, '--auth-audience', 'a', '--auth-token', 't'.repeat(32)], /not both/],
      [['--auth-jwks', 'ftp://idp.example.com/keys', '--auth-audience', 'a'], /must be http/],
      [['--auth-jwks', 'not a url', '--auth-audience', 'a'], /not a valid URL/],
    ] as const) {
      const served = run(['mcp', '--http', '0', ...flags]);
      expect(served.status, flags.join(' ')).toBe(2);
      expect(served.stderr, flags.join(' ')).toMatch(message);
      expect(served.stderr).not.toContain('listening on');
    }
  });

  it(
    'mcp --http serves with the token from TOOLWRIGHT_MCP_TOKEN, statelessly when asked',
    { timeout: scaled(60_000) },
    async () => {
      const token = 't'.repeat(32);
      for (const extra of [[], ['--stateless']]) {
        const child = spawn(process.execPath, [bin, 'mcp', '--http', '0', '--max-sessions', '3', '-w', dir, ...extra], {
          env: { ...process.env, TOOLWRIGHT_MCP_TOKEN: token },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        try {
          const url = await new Promise<string>((resolve, reject) => {
            let err = '';
            child.stderr.on('data', (chunk: Buffer) => {
              err += chunk.toString();
              const match = /listening on (http:\S+)/.exec(err);
              if (match) resolve(match[1]!);
            });
            child.once('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
          });
          const anonymous = await fetch(url, {
            method: 'POST',
            body: '{}',
            headers: { 'content-type': 'application/json' },
          });
          expect(anonymous.status).toBe(401);
          const client = new Client({ name: 'test', version: '1.0.0' });
          await client.connect(
            new StreamableHTTPClientTransport(new URL(url), {
              requestInit: { headers: { authorization: `Bearer ${token}` } },
            }),
          );
          const { tools } = await client.listTools();
          expect(tools.map((t) => t.name)).toContain('read_file');
          await client.close();
        } finally {
          child.kill('SIGTERM');
          await new Promise((resolve) => child.once('exit', resolve));
        }
      }
    },
  );

  it('mcp --http refuses a non-loopback bind without a token (exit 2), and takes the token from the environment', async () => {
    const refused = run(['mcp', '--http', '0', '--host', '0.0.0.0']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/refusing to serve MCP on 0\.0\.0\.0 without authentication/);
    const weak = run(['mcp', '--http', '0', '--auth-token', 'short']);
    expect(weak.status).toBe(2);
    expect(weak.stderr).toMatch(/at least 16 characters/);
    const fromEnv = spawnSync(process.execPath, [bin, 'mcp', '--http', '0', '--host', '0.0.0.0'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: scaled(30_000),
      env: { ...process.env, TOOLWRIGHT_MCP_TOKEN: 'tooshort' },
    });
    expect(fromEnv.status).toBe(2);
    expect(fromEnv.stderr).toMatch(/at least 16 characters/); // the variable was read (and judged)
  });
});
