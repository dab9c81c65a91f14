// Interactive commands: bash with pty: true, waiting_for_input, bash_write into a job's stdin or
// terminal; unsandboxed and (where bwrap exists, and always under CI=true) in the sandbox.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, type TestContext } from 'vitest';
import { createProgrammaticUserChannel, createToolkit } from '../../src/index.js';
import type { ApprovalRequest, PolicyOptions, PolicyPreset, Toolkit } from '../../src/index.js';

type ApprovalHandler = (request: ApprovalRequest) => Promise<boolean>;
import type { BashOutputResult, BashResult, BashWriteResult } from '../../src/generated/types.js';
import { processIsAlive } from '../../src/runtime/processes/alive.js';
import { fileTempDir, tempDir } from '../support/helpers.js';
import { readJobToEnd, runSandboxTests, waitFor } from '../support/exec-helpers.js';

const toolkits: Toolkit[] = [];

afterEach(async () => {
  for (const toolkit of toolkits.splice(0)) await toolkit.close();
});

type Mode = 'none' | 'workspace-write';

/** A toolkit closed after the test; a concurrent test passes its context, so it closes its own only. */
async function newToolkit(mode: Mode, context?: TestContext): Promise<Toolkit> {
  // A concurrent test's folder outlives the others' ends (removed when the file is done).
  const workspace = context ? await fileTempDir() : await tempDir();
  return owned(createToolkit({ workspace, exec: { sandbox: mode } }), context);
}

function owned(toolkit: Toolkit, context?: TestContext): Toolkit {
  if (context) context.onTestFinished(() => toolkit.close());
  else toolkits.push(toolkit);
  return toolkit;
}

function ok<T>(result: Awaited<ReturnType<Toolkit['invoke']>>): T {
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return result.output as T;
}

function errorCode(result: Awaited<ReturnType<Toolkit['invoke']>>): string {
  if (result.ok) throw new Error(`expected an error, got ${result.text}`);
  return result.error.code;
}

const write = async (toolkit: Toolkit, job_id: string, input: string, eof?: boolean) =>
  ok<BashWriteResult>(await toolkit.invoke('exec', 'bash_write', eof ? { job_id, input, eof } : { job_id, input }));

/** A foreground pty call that must come back waiting for input (long before its timeout). */
async function prompted(toolkit: Toolkit, command: string): Promise<{ output: BashResult; text: string }> {
  const result = await toolkit.invoke('exec', 'bash', { command, pty: true, timeout_ms: 60_000 });
  const output = ok<BashResult>(result);
  if (!output.waiting_for_input) throw new Error(`not reported waiting: ${result.ok ? result.text : ''}`);
  return { output, text: result.ok ? result.text : '' };
}

const node = JSON.stringify(process.execPath);

const modes: Mode[] = runSandboxTests ? ['none', 'workspace-write'] : ['none'];

// Concurrent: most of these tests wait for seconds of a terminal's silence, each with its own toolkit.
describe.concurrent.each(modes)('waiting for input (sandbox: %s)', (mode) => {
  it('a bash read prompt returns early with the prompt and a job; the answer finishes it', async (context) => {
    const toolkit = await newToolkit(mode, context);
    const { output, text } = await prompted(toolkit, 'read -p "Name? " x; echo hi $x');
    expect(output).toMatchObject({ exit_code: null, stdout: 'Name? ', stderr: '', timed_out: false });
    expect(output.job_id).toMatch(/^job-\d+$/);
    expect(text).toContain('waiting for input');
    expect(text).toContain(`bash_write {"job_id": "${output.job_id}"`);
    // An explicit timeout still applies to the job it became.
    expect(text).toContain('still killed 60000 ms after it started');
    const wrote = await write(toolkit, output.job_id!, 'bob\n');
    expect(wrote).toMatchObject({ job_id: output.job_id, written_bytes: 4, eof: false, status: 'running' });
    const { output: rest, last } = await readJobToEnd(toolkit, output.job_id!);
    // A terminal echoes what was typed and ends lines with \r\n.
    expect(rest).toBe('bob\r\nhi bob\r\n');
    expect(last).toMatchObject({ status: 'exited', exit_code: 0 });
  });

  const waiting: [string, string, string][] = [
    ['python input()', 'python3 -c \'print("got", input("Your name: "))\'', 'Your name: '],
    [
      'node readline (epoll on the terminal)',
      `${node} -e 'require("readline").createInterface({input: process.stdin, output: process.stdout}).question("Pick: ", (a) => { console.log("picked", a); process.exit(0); })'`,
      'Pick: ',
    ],
    [
      'a read from /dev/tty (the controlling terminal)',
      'printf "Password: "; read -r p < /dev/tty; echo "len ${#p}"',
      'Password: ',
    ],
    ['a program in a pipeline reading the terminal', 'printf "Lines? "; head -n 1 | tr a-z A-Z', 'Lines? '],
  ];
  it.for(waiting)('detects %s', async ([, command, prompt], context) => {
    const toolkit = await newToolkit(mode, context);
    const { output } = await prompted(toolkit, command);
    // eslint-disable-next-line no-control-regex -- the terminal's escape sequences are what is removed
    expect(output.stdout.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '')).toBe(prompt);
    await write(toolkit, output.job_id!, 'ann\n');
    const { output: rest, last } = await readJobToEnd(toolkit, output.job_id!);
    expect(rest).toMatch(/ann|ANN/);
    expect(rest).toMatch(/got ann|picked ann|len 3|ANN/);
    expect(last.status).toBe('exited');
  });

  const busy: [string, string, string][] = [
    ['sleep', 'sleep 3; echo done', 'done\r\n'],
    ['a busy loop', 'end=$((SECONDS+4)); while [ $SECONDS -lt $end ]; do :; done; echo done', 'done\r\n'],
    ['a read from another pipe', 'mkfifo f; (sleep 3; echo x > f) & read -r y < f; echo "got $y"', 'got x\r\n'],
    [
      'an event loop watching a socket and the terminal',
      `${node} -e 'const s = require("net").createServer().listen(0, "127.0.0.1"); process.stdin.resume(); require("child_process").spawn("sleep", ["3"]).on("exit", () => { console.log("done"); process.exit(0); })'`,
      'done\r\n',
    ],
  ];
  it.for(busy)('does not report %s as waiting, with 3 s of silence', async ([, command, stdout], context) => {
    const toolkit = await newToolkit(mode, context);
    const result = await toolkit.invoke('exec', 'bash', { command, pty: true, timeout_ms: 60_000 });
    const output = ok<BashResult>(result);
    expect(output.waiting_for_input).toBeUndefined();
    expect(output.job_id).toBeUndefined();
    expect(output).toMatchObject({ exit_code: 0, stdout, timed_out: false });
    // A finished foreground call leaves no job behind.
    expect(ok<BashOutputResult>(await toolkit.invoke('exec', 'bash_output', {})).jobs).toEqual([]);
  });

  it('runs in a 120x30 terminal that is stdin, stdout and the controlling terminal', async (context) => {
    const toolkit = await newToolkit(mode, context);
    const result = await toolkit.invoke('exec', 'bash', {
      command: '[ -t 0 ] && echo tty-in; [ -t 1 ] && echo tty-out; stty size; ps -o stat= -p $$',
      pty: true,
    });
    const output = ok<BashResult>(result);
    const lines = output.stdout.split('\r\n');
    expect(lines.slice(0, 3)).toEqual(['tty-in', 'tty-out', '30 120']);
    // "+": bash is in the foreground process group of its controlling terminal.
    expect(lines[3]).toContain('+');
    expect(output.stderr).toBe('');
  });

  it('a background pty job: typed lines, Ctrl-D ends input, Ctrl-C interrupts', async (context) => {
    const toolkit = await newToolkit(mode, context);
    const started = ok<BashResult>(
      await toolkit.invoke('exec', 'bash', {
        command: 'cat; echo "cat ended"; sleep 100',
        pty: true,
        run_in_background: true,
      }),
    );
    const id = started.job_id!;
    await write(toolkit, id, 'one\n');
    const ended = await write(toolkit, id, '', true);
    expect(ended.eof).toBe(true);
    let seen = '';
    while (!seen.includes('cat ended')) {
      const read = ok<BashOutputResult>(await toolkit.invoke('exec', 'bash_output', { job_id: id, wait_ms: 5_000 }));
      expect(read.status).toBe('running');
      seen += read.output;
    }
    // cat echoes the line it read after the terminal echoed it.
    expect(seen).toContain('one\r\none\r\n');
    // The terminal's Ctrl-C reaches the foreground process group: sleep and bash stop.
    await write(toolkit, id, '\u0003');
    const { last } = await readJobToEnd(toolkit, id);
    expect(last.status).toBe('exited');
    expect(last.signal === 'SIGINT' || last.exit_code === 130).toBe(true);
  });
});

// One at a time: these two decide on output arriving within the silence window, which other tests'
// load beside them could stretch.
describe.each(modes)('waiting for input, one at a time (sandbox: %s)', (mode) => {
  it('waits while another process of the command computes, though one reads the terminal', async () => {
    const toolkit = await newToolkit(mode);
    const command =
      '(end=$((SECONDS+4)); while [ $SECONDS -lt $end ]; do :; done; echo "busy done") & read -r x; echo "read $x"';
    const { output } = await prompted(toolkit, command);
    // Reported only once the silent busy loop had ended.
    expect(output.stdout).toBe('busy done\r\n');
    await write(toolkit, output.job_id!, 'z\n');
    expect((await readJobToEnd(toolkit, output.job_id!)).output).toBe('z\r\nread z\r\n');
  });

  it('does not return early while output keeps coming, though the terminal is being read', async () => {
    const toolkit = await newToolkit(mode);
    const result = await toolkit.invoke('exec', 'bash', {
      command: '(while :; do echo tick; sleep 0.5; done) & read -r x',
      pty: true,
      timeout_ms: 4_000,
    });
    const output = ok<BashResult>(result);
    expect(output.waiting_for_input).toBeUndefined();
    expect(output.timed_out).toBe(true);
    expect(output.stdout).toContain('tick\r\ntick\r\n');
  });
});

describe.concurrent.each(modes)('a foreground pty call (sandbox: %s)', (mode) => {
  it('times out like any call, and is not listed as a job while it runs', async (context) => {
    const toolkit = await newToolkit(mode, context);
    const call = toolkit.invoke('exec', 'bash', { command: 'echo started; sleep 30', pty: true, timeout_ms: 1_500 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(ok<BashOutputResult>(await toolkit.invoke('exec', 'bash_output', {})).jobs).toEqual([]);
    const output = ok<BashResult>(await call);
    expect(output).toMatchObject({ timed_out: true, stdout: 'started\r\n', stderr: '' });
    expect(output.job_id).toBeUndefined();
    expect(ok<BashOutputResult>(await toolkit.invoke('exec', 'bash_output', {})).jobs).toEqual([]);
  });

  it('an abort kills it and ends the call as CANCELLED', async (context) => {
    const workspace = await fileTempDir();
    const toolkit = owned(createToolkit({ workspace, exec: { sandbox: mode } }), context);
    const controller = new AbortController();
    const call = toolkit.invoke(
      'exec',
      'bash',
      { command: 'echo $$ > pid.txt; sleep 30', pty: true },
      { signal: controller.signal },
    );
    const pidFile = path.join(workspace, 'pid.txt');
    const pid = await waitFor(
      () => (existsSync(pidFile) && Number(readFileSync(pidFile, 'utf8'))) || undefined,
      20_000,
      'the command to start',
    );
    controller.abort();
    expect(errorCode(await call)).toBe('CANCELLED');
    expect(ok<BashOutputResult>(await toolkit.invoke('exec', 'bash_output', {})).jobs).toEqual([]);
    // Unsandboxed, $$ is the host's pid of the command: it dies (a sandbox's namespace goes with bwrap).
    if (mode === 'none') {
      await waitFor(() => !processIsAlive(pid) || undefined, 10_000, 'the aborted command to die');
    }
  });

  it('runs a script longer than the argument limit in the terminal', async (context) => {
    const toolkit = await newToolkit(mode, context);
    const command = `: '${'p'.repeat(200 * 1024)}'\n[ -t 0 ] && echo tty; read -p "ok? " a; echo "said $a"`;
    const { output } = await prompted(toolkit, command);
    expect(output.stdout).toBe('tty\r\nok? ');
    await write(toolkit, output.job_id!, 'yes\n');
    expect((await readJobToEnd(toolkit, output.job_id!)).output).toBe('yes\r\nsaid yes\r\n');
  });
});

describe('a pty call whose sandbox cannot start', () => {
  it('is UNAVAILABLE and the command does not run', async () => {
    const workspace = await tempDir();
    const toolkit = createToolkit({
      workspace,
      exec: { sandbox: 'workspace-write', bwrapPath: path.join(workspace, 'no-such-bwrap') },
    });
    toolkits.push(toolkit);
    for (const extra of [{}, { run_in_background: true }]) {
      const result = await toolkit.invoke('exec', 'bash', { command: 'touch ran.txt', pty: true, ...extra });
      expect(errorCode(result)).toBe('UNAVAILABLE');
    }
    expect(existsSync(path.join(workspace, 'ran.txt'))).toBe(false);
  });

  it.runIf(runSandboxTests)("whose setup fails at call time is UNAVAILABLE with bwrap's reason", async () => {
    const workspace = await tempDir();
    const wrapper = path.join(workspace, 'failing-bwrap');
    writeFileSync(wrapper, '#!/bin/sh\nexec bwrap --bind /nonexistent-toolwright /x "$@"\n', { mode: 0o755 });
    const toolkit = createToolkit({ workspace, exec: { sandbox: 'workspace-write', bwrapPath: wrapper } });
    toolkits.push(toolkit);
    const result = await toolkit.invoke('exec', 'bash', { command: 'touch ran.txt', pty: true });
    expect(errorCode(result)).toBe('UNAVAILABLE');
    expect(result.ok ? '' : result.error.message).toContain('nonexistent-toolwright');
    expect(existsSync(path.join(workspace, 'ran.txt'))).toBe(false);
  });
});

describe('bash_write to a background job without a terminal', () => {
  it('writes to a real pipe on stdin, and eof closes it', async () => {
    const toolkit = await newToolkit('none');
    const started = ok<BashResult>(
      await toolkit.invoke('exec', 'bash', {
        command: '[ -p /dev/stdin ] && echo fifo; read -r x; echo "hi $x"; wc -c',
        run_in_background: true,
      }),
    );
    const id = started.job_id!;
    await write(toolkit, id, 'bob\n');
    const wrote = await write(toolkit, id, 'abcd', true);
    expect(wrote).toMatchObject({ written_bytes: 4, eof: true });
    const { output, last } = await readJobToEnd(toolkit, id);
    expect(output).toBe('fifo\nhi bob\n4\n');
    expect(last).toMatchObject({ status: 'exited', exit_code: 0 });
  });

  it('refuses input after eof, to an ended job, to an unknown job, and empty input', async () => {
    const toolkit = await newToolkit('none');
    const id = ok<BashResult>(
      await toolkit.invoke('exec', 'bash', { command: 'cat >/dev/null; sleep 100', run_in_background: true }),
    ).job_id!;
    expect(errorCode(await toolkit.invoke('exec', 'bash_write', { job_id: id, input: '' }))).toBe('INVALID_INPUT');
    await write(toolkit, id, 'x', true);
    const after = await toolkit.invoke('exec', 'bash_write', { job_id: id, input: 'more\n' });
    expect(errorCode(after)).toBe('INPUT_CLOSED');
    expect(after.ok ? '' : after.error.message).toContain('closed with eof');
    const done = ok<BashResult>(
      await toolkit.invoke('exec', 'bash', { command: 'exit 3', run_in_background: true }),
    ).job_id!;
    await readJobToEnd(toolkit, done);
    const ended = await toolkit.invoke('exec', 'bash_write', { job_id: done, input: 'y\n' });
    expect(errorCode(ended)).toBe('INPUT_CLOSED');
    expect(ended.ok ? '' : ended.error.message).toContain('exited with code 3');
    expect(errorCode(await toolkit.invoke('exec', 'bash_write', { job_id: 'job-99', input: 'y\n' }))).toBe('NOT_FOUND');
  });

  it('a foreground command without pty still sees end-of-file on stdin at once', async () => {
    const toolkit = await newToolkit('none');
    const output = ok<BashResult>(
      await toolkit.invoke('exec', 'bash', { command: 'read -p "Name? " x || echo eof; [ -t 0 ] || echo no-tty' }),
    );
    expect(output).toMatchObject({ exit_code: 0, stdout: 'eof\nno-tty\n' });
    expect(output.waiting_for_input).toBeUndefined();
  });
});

describe('bash_write under the policy presets', () => {
  it('is decided like a bash command the presets do not model: denied, asked with the input shown whole, or allowed', async () => {
    const workspace = await tempDir();
    const call = { job_id: 'job-1', input: 'rm -rf ~\n' };
    const decide = async (policy: PolicyOptions | PolicyPreset, approve?: ApprovalHandler) => {
      const toolkit = createToolkit({
        workspace,
        policy,
        ...(approve ? { user: createProgrammaticUserChannel({ approve }) } : {}),
      });
      toolkits.push(toolkit);
      const result = await toolkit.invoke('exec', 'bash_write', call);
      return result.ok ? 'ran' : result.error.code;
    };
    expect(await decide('readOnly')).toBe('DENIED_BY_POLICY');
    expect(await decide('unattended')).toBe('DENIED_BY_POLICY');
    // A host that allows some bash commands unattended has not allowed typing into them.
    expect(
      await decide({
        extends: 'unattended',
        rules: [{ operation: 'bash', command: ['python3 *'], decision: 'allow' }],
      }),
    ).toBe('DENIED_BY_POLICY');
    const asked: unknown[] = [];
    // Approved, it reaches the handler: there is no such job.
    expect(await decide('askForRisky', async (request) => (asked.push(request.input), true))).toBe('NOT_FOUND');
    expect(asked).toEqual([call]);
    expect(await decide('allowAll')).toBe('NOT_FOUND');
  });
});
