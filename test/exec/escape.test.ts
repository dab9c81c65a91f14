// Without a sandbox: every way to leave the process group that a timeout or abort must still catch,
// long commands past the argument limit, and the one escape only a sandbox stops.
import { describe, expect, it, type TestContext } from 'vitest';
import { readdir } from 'node:fs/promises';
import { createToolkit } from '../../src/index.js';
import { fileTempDir, tempDir } from '../support/helpers.js';
import { killTagged, processesWith, survivorsOf, tag, waitFor } from '../support/exec-helpers.js';
import { scaled } from '../support/time.js';

/** A tag for this test's processes, whatever is left of them killed when the test ends. */
function tagFor(name: string, context: TestContext): string {
  const t = tag(name);
  context.onTestFinished(() => killTagged(t));
  return t;
}

/**
 * `exec -a TAG sleep 1000`: a sleeper findable by its argv[0]. Each escaped process first leaves a
 * file `started.<pid>` in the workspace (its working folder), so the test knows it had started.
 */
const sleeper = (t: string) => `bash -c 'touch started.$$; exec -a ${t} sleep 1000'`;

const escapes: [string, (t: string) => string, number][] = [
  ['a plain background job', (t) => `${sleeper(t)} &`, 1],
  ['set -m jobs (own process group, same session)', (t) => `set -m; ${sleeper(t)} & ${sleeper(t)} &`, 2],
  [
    'perl setpgrp(0,0)',
    (t) => `perl -e 'setpgrp(0,0); open(F, ">", "started.$$"); close(F); exec { "sleep" } "${t}", "1000"' &`,
    1,
  ],
  [
    'python os.setpgid(0,0)',
    (t) =>
      `python3 -c 'import os; os.setpgid(0, 0); open("started.%d" % os.getpid(), "w").close(); os.execvp("sleep", ["${t}", "1000"])' &`,
    1,
  ],
  ['setsid with its parent alive (descendant)', (t) => `setsid ${sleeper(t)} &`, 1],
  ['setsid -f (forks, parent exits: marker)', (t) => `setsid -f ${sleeper(t)}`, 1],
  ['double fork into a new session (subshell exits)', (t) => `( setsid ${sleeper(t)} & )`, 1],
  ['nohup and disown', (t) => `nohup ${sleeper(t)} >/dev/null 2>&1 & disown`, 1],
  [
    'python daemonize (fork, setsid, fork)',
    (t) =>
      `python3 -c 'import os\nif os.fork(): os._exit(0)\nos.setsid()\nif os.fork(): os._exit(0)\nopen("started.%d" % os.getpid(), "w").close()\nos.execvp("sleep", ["${t}", "1000"])'`,
    1,
  ],
  [
    'a job that ignores SIGTERM in a new session',
    (t) => `( setsid bash -c 'trap "" TERM; touch started.$$; exec -a ${t} sleep 1000' & )`,
    1,
  ],
];

const startedIn = async (workspace: string) =>
  (await readdir(workspace)).filter((name) => name.startsWith('started.')).length;

/**
 * Runs `command` with a timeout until every escape had started before the call ended, doubling the
 * timeout otherwise (a loaded machine may take longer to start them than the timeout gives), and
 * checks each time that the timeout left none of them running.
 */
async function timedOutWithEscapes(workspace: string, t: string, command: string, count: number): Promise<void> {
  const toolkit = createToolkit({ workspace });
  try {
    for (let timeout = 1_000; ; timeout *= 2) {
      const result = await toolkit.invoke('exec', 'bash', { command, timeout_ms: timeout });
      expect(result.ok && result.output.timed_out).toBe(true);
      const started = await startedIn(workspace);
      expect(await survivorsOf(t)).toEqual([]);
      if (started >= count) return;
      if (timeout >= scaled(16_000))
        throw new Error(`only ${started} of ${count} escapes started within ${timeout} ms`);
    }
  } finally {
    await toolkit.close();
  }
}

// Concurrent: each test waits most of its time for a timeout to fire, and each has its own tag,
// workspace and toolkit.
describe.concurrent('exec without a sandbox: a timeout kills processes that left the group', () => {
  it.for(escapes)('%s', { timeout: scaled(60_000) }, async ([, make, count], context) => {
    const t = tagFor('escape', context);
    await timedOutWithEscapes(await fileTempDir(), t, `${make(t)}\nsleep 1000`, count);
  });

  it('an abort catches the same escapes', { timeout: scaled(30_000) }, async (context) => {
    const t = tagFor('abort', context);
    const toolkit = createToolkit({ workspace: await fileTempDir() });
    const controller = new AbortController();
    const command = `set -m; ${sleeper(t)} & ( setsid ${sleeper(t)} & ); perl -e 'setpgrp(0,0); exec { "sleep" } "${t}", "1000"' & sleep 1000`;
    const call = toolkit.invoke('exec', 'bash', { command }, { signal: controller.signal });
    await waitFor(async () => (await processesWith(t)).length >= 3, 10_000, 'three escaped processes');
    controller.abort();
    const result = await call;
    expect(result.ok ? 'ok' : result.error.code).toBe('CANCELLED');
    expect(await survivorsOf(t)).toEqual([]);
  });

  it('a fork loop is frozen and killed at the timeout', { timeout: scaled(60_000) }, async (context) => {
    const t = tagFor('forkloop', context);
    const workspace = await fileTempDir();
    const command = `( setsid bash -c 'while :; do ( touch started.$BASHPID; exec -a ${t} sleep 1000 & ); sleep 0.05; done' & ); sleep 1000`;
    await timedOutWithEscapes(workspace, t, command, 3);
    // The loop itself (bash -c 'while …') is gone as well: nothing forks new sleepers afterwards.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await processesWith(t)).toEqual([]);
  });

  it(
    'documented gap: a double fork that also clears its environment outlives the timeout without a sandbox',
    { timeout: scaled(30_000) },
    async (context) => {
      const t = tagFor('gap', context);
      const toolkit = createToolkit({ workspace: await fileTempDir() });
      const result = await toolkit.invoke('exec', 'bash', {
        command: `( env -i setsid ${sleeper(t)} & ); sleep 1000`,
        timeout_ms: 800,
      });
      expect(result.ok && result.output.timed_out).toBe(true);
      // Found in neither the session, the group, the descendants nor by the marker: docs/security.md says so.
      expect((await processesWith(t)).length).toBe(1);
    },
  );
});

describe('exec: long commands', () => {
  it(
    'runs a 1 MiB command and a single 200 KiB argument (over the 128 KiB per-argument limit)',
    { timeout: scaled(30_000) },
    async () => {
      const toolkit = createToolkit({ workspace: await tempDir() });
      const arg = 'y'.repeat(200 * 1024);
      const lines = Array.from({ length: 20_000 }, (_, i) => `x${i}=${'z'.repeat(40)}`).join('\n');
      const command = `${lines}\necho "${arg}" | wc -c; echo "$x19999" | wc -c; echo "$0"`;
      expect(Buffer.byteLength(command)).toBeGreaterThan(1024 * 1024);
      const result = await toolkit.invoke('exec', 'bash', { command });
      expect(result.ok ? result.output.stdout : result.text).toBe(`${arg.length + 1}\n41\nbash\n`);
    },
  );

  it('keeps stdin empty and the script descriptor away from the command', { timeout: scaled(30_000) }, async () => {
    const toolkit = createToolkit({ workspace: await tempDir() });
    const command = `: '${'p'.repeat(300 * 1024)}'\ncat; read -r x || echo eof; ls -l /proc/self/fd/ | grep -c toolwright-script`;
    const result = await toolkit.invoke('exec', 'bash', { command });
    const stdout = result.ok ? result.output.stdout : result.text;
    // No process of the command holds the script file open (bash's own saved copy is close-on-exec).
    expect(stdout).toBe('eof\n0\n');
  });

  it('keeps quoting, here-documents and unicode of a long script intact', async () => {
    const toolkit = createToolkit({ workspace: await tempDir() });
    const pad = `# ${'pad '.repeat(40_000)}`;
    const command = `${pad}\ncat <<'EOF'\n$HOME "quoted" 'single' \\back 日本語 🎉\nEOF\nexit 7`;
    const result = await toolkit.invoke('exec', 'bash', { command });
    expect(result.ok && result.output).toMatchObject({
      exit_code: 7,
      stdout: `$HOME "quoted" 'single' \\back 日本語 🎉\n`,
    });
  });

  it('refuses a command with a NUL byte', async () => {
    const toolkit = createToolkit({ workspace: await tempDir() });
    const result = await toolkit.invoke('exec', 'bash', { command: 'echo a\0b' });
    expect(result.ok ? 'ok' : result.error.code).toBe('INVALID_INPUT');
    expect(result.text).toContain('NUL');
  });
});
