// The built bin (the global setup's build of the current sources, bundled as the package ships) run
// as a process: quiet exit on EPIPE, --version, usage errors and "did you mean", the exit codes of
// call and of call bash, refusals of run_in_background, and mcp --http flag checks, token and
// stateless serving.
import { spawn, spawnSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { builtCli } from '../support/built-cli.js';
import { root, seededWorkspace } from '../support/cli.js';
import { scaled } from '../support/time.js';

let dir: string;
beforeEach(async () => {
  dir = await seededWorkspace();
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

// Each test spawns the bin up to a dozen times: a minute or two on a loaded machine.
describe('the built bin (exit codes, EPIPE, usage errors)', { timeout: scaled(120_000) }, () => {
  const bin = builtCli();

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

  it('a program holding one verb parses that verb exactly as the whole program does', async () => {
    const { buildProgram } = await import('../../src/cli.js');
    const outcome = async (argv: string[], only?: string) => {
      const out = { stdout: '', stderr: '' };
      const io = {
        stdout: { write: (c: string) => (out.stdout += c) },
        stderr: { write: (c: string) => (out.stderr += c) },
        readStdin: async () => '',
      };
      const exitCode = { value: 0 };
      // Parsing only: every action is replaced, so nothing runs; what commander printed is kept.
      const program = buildProgram(io, exitCode, only);
      const seen: unknown[] = [];
      for (const command of program.commands) {
        const record = (...args: unknown[]) => void seen.push(args.slice(0, -1));
        command.action(record);
        for (const sub of command.commands) sub.action(record);
      }
      const error = await program.parseAsync(argv, { from: 'user' }).then(
        () => undefined,
        (caught: { code?: string; exitCode?: number }) => [caught.code, caught.exitCode],
      );
      return { out, seen, error, names: program.commands.map((c) => c.name()) };
    };
    const cases = [
      ['call', 'read_file', '{"path":"a.txt"}', '-w', '/tmp', '--policy', 'readOnly'],
      ['call', 'read_file', '--json'],
      ['call', '--nope'],
      ['call'],
      ['call', '--help'],
      ['schema', '--json'],
      ['mcp', '--http', '0', '--stateless', '--client-quirks', 'off'],
      ['mcp', '--client-quirks', 'sometimes'],
      ['policy', 'check', 'p.yaml'],
      ['policy', '--help'],
      ['generate', '--check'],
      ['store', 'migrate', '--help'],
      ['audit', '--help'],
      ['init', 'provider', '--help'],
    ];
    for (const argv of cases) {
      const whole = await outcome(argv);
      const alone = await outcome(argv, argv[0]);
      expect(alone.names, argv.join(' ')).toEqual([argv[0]]);
      expect({ ...alone, names: undefined }, argv.join(' ')).toEqual({ ...whole, names: undefined });
    }
    // The whole program still lists every verb.
    expect((await outcome(['--help'])).out.stdout).toMatch(/schema[\s\S]*call[\s\S]*mcp[\s\S]*policy[\s\S]*init/);
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

  it('a near miss in a tool or preset name gets a one-line "did you mean", from call, schema and policy check', () => {
    for (const [name, meant] of [
      ['read_fil', 'read_file'],
      ['Grep', 'grep'],
      ['bahs', 'bash'],
      ['bsh', 'bash'],
    ] as const) {
      for (const args of [
        ['call', name, '{}'],
        ['schema', name],
        ['policy', 'check', '--policy', 'readOnly', name, '{}'],
      ]) {
        const result = run(args);
        expect(result.status, args.join(' ')).toBe(2);
        expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
        expect(result.stderr, args.join(' ')).toContain(`no tool named "${name}"`);
        expect(result.stderr, args.join(' ')).toContain(`did you mean "${meant}"?`);
      }
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
    expect(run(['schema', 'zzzzzz']).stderr).not.toContain('did you mean');
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
