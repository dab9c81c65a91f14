// grep's rg runs where it sees the workspace only (read-only), wherever bubblewrap works. These run
// wherever bwrap is installed and always in CI (CI=true), where a missing bwrap makes them fail. The
// swap races run a sample here; test/stress/search-confinement.stress.test.ts runs hundreds.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolkit, type Toolkit } from '../../src/index.js';
import type { GrepResult } from '../../src/generated/types.js';
import { fixtureArgs } from '../support/built-cli.js';
import { expectOk, tempDir } from '../support/helpers.js';
import { processesWith, runSandboxTests, visibleOutsideBase, waitFor } from '../support/exec-helpers.js';
import { fakeRipgrep, fill, startSwapper } from '../support/confinement.js';
import { scaled } from '../support/time.js';

const SECRET = 'outside-secret-7f3a';
let ws: string;
let outside: string;
let toolkit: Toolkit;
const restores: (() => void)[] = [];

beforeEach(async () => {
  ws = await tempDir('tw-confine-ws-');
  // Outside both the workspace and /tmp: only the confinement can hide it.
  outside = await mkdtemp(path.join(visibleOutsideBase(), '.tmp-confine-outside-'));
  toolkit = createToolkit({ workspace: ws });
});

afterEach(async () => {
  for (const restore of restores.splice(0)) restore();
  await rm(outside, { recursive: true, force: true });
});

async function grep(params: Record<string, unknown>): Promise<GrepResult> {
  return expectOk<GrepResult>(await toolkit.invoke('search', 'grep', params));
}

/** What the stand-in rg printed, one entry per line, `seen:` prefix removed. */
async function seenByRg(script: string, tk = toolkit): Promise<string[]> {
  restores.push(await fakeRipgrep(path.join(ws, '.fake-rg'), script));
  const result = expectOk<GrepResult>(
    await tk.invoke('search', 'grep', { pattern: 'x', output_mode: 'files_with_matches', max_results: 10_000 }),
  );
  return (result.files ?? []).map((file) => file.replace(/^seen:/, ''));
}

/**
 * Greps while `swapper` runs until `answers` of them succeeded (many fail while the folder is a
 * symlink or mid-rename: OUTSIDE_WORKSPACE, NOT_FOUND); returns those that `leaks` says leaked.
 */
async function raceGreps(
  swapper: { stop(): Promise<void> },
  answers: number,
  params: Record<string, unknown>,
  leaks: (result: GrepResult) => boolean,
  stop = true,
): Promise<string[]> {
  const leaked: string[] = [];
  try {
    let answered = 0;
    const until = Date.now() + scaled(30_000);
    for (let i = 0; answered < answers && Date.now() < until; i++) {
      const result = await toolkit.invoke('search', 'grep', params);
      if (!result.ok) continue;
      answered++;
      if (leaks(result.output)) leaked.push(`grep ${i}`);
    }
    expect(answered).toBe(answers);
  } finally {
    if (stop) await swapper.stop();
  }
  return leaked;
}

describe.runIf(runSandboxTests)('grep confinement', () => {
  it('never returns lines of a folder outside while a workspace folder keeps being swapped for a symlink to it', async () => {
    // Folders walked beside it, so rg lists the swapped one at a moment of the swapper's choosing.
    for (let i = 0; i < 20; i++) await fill(path.join(ws, `a${i}`), 40, 'needle inside');
    await fill(path.join(ws, 'src'), 30, 'needle inside');
    await fill(outside, 300, `needle ${SECRET}`);
    const swapper = startSwapper(path.join(ws, 'src'), outside);
    const leaked = await raceGreps(
      swapper,
      20,
      { pattern: 'needle', output_mode: 'files_with_matches', max_results: 5000 },
      // Only the outside folder has more than 30 files.
      (result) => result.files!.some((file) => /^src\/f(3\d|[4-9]\d|\d{3})\.txt$/.test(file)),
    );
    expect(leaked).toEqual([]);
  });

  it('an explicit path swapped for a symlink to an outside file finds nothing there', async () => {
    await fill(outside, 1, `needle ${SECRET}`);
    await fill(path.join(ws, 'd'), 1, 'needle inside');
    const swapper = startSwapper(path.join(ws, 'd'), outside);
    const leaked = [
      ...(await raceGreps(
        swapper,
        15,
        { pattern: 'needle', path: 'd' },
        (result) => JSON.stringify(result).includes(SECRET),
        false,
      )),
      ...(await raceGreps(swapper, 15, { pattern: 'needle', path: 'd/f0.txt' }, (result) =>
        JSON.stringify(result).includes(SECRET),
      )),
    ];
    expect(leaked).toEqual([]);
  });

  it('rg sees the workspace read-only, its own folder, system folders, and nothing of the host besides', async () => {
    await writeFile(path.join(ws, 'inside.txt'), 'x\n');
    await writeFile(path.join(outside, 'secret.txt'), SECRET);
    const seen = await seenByRg(
      [
        `ls / | sed 's/^/seen:root-/'`,
        `[ -e ${outside}/secret.txt ] && echo seen:outside-visible`,
        '[ -e /etc/shadow ] && echo seen:shadow-visible',
        '[ -e /etc/hostname ] && echo seen:hostname-visible',
        `[ -e "$HOME/.ssh" ] && echo seen:ssh-visible`,
        `[ -d /home ] && ls -A /home | sed 's/^/seen:home-/'`,
        `cat ${ws}/inside.txt >/dev/null && echo seen:workspace-readable`,
        `touch ${ws}/written 2>/dev/null && echo seen:workspace-writable`,
        `ls -A /tmp | sed 's/^/seen:tmp-/'`,
        `echo seen:netdevs-$(tail -n +3 /proc/net/dev | wc -l)`,
        `echo seen:processes-$(ls -d /proc/[0-9]* | wc -l)`,
        `env | sed 's/=.*//; s/^/seen:env-/'`,
      ].join('\n'),
    );
    expect(seen).toContain('workspace-readable');
    expect(seen).not.toContain('workspace-writable');
    for (const absent of ['outside-visible', 'shadow-visible', 'hostname-visible', 'ssh-visible'])
      expect(seen).not.toContain(absent);
    expect(seen.filter((entry) => entry.startsWith('home-'))).toEqual([]);
    // Only the folders above the workspace, and above this checkout (the helper's own program runs
    // from it), are in the private /tmp.
    const underTmp = [ws, path.resolve(import.meta.dirname, '../..')]
      .filter((folder) => folder.startsWith('/tmp/'))
      .map((folder) => `tmp-${path.relative('/tmp', folder).split('/')[0]}`);
    const tmpSeen = seen.filter((entry) => entry.startsWith('tmp-'));
    expect(tmpSeen).toEqual(expect.arrayContaining(underTmp.slice(0, 1)));
    for (const entry of tmpSeen) expect(underTmp).toContain(entry);
    expect(seen).toContain('netdevs-1'); // lo only
    // Its own PID namespace: the helper, rg's waiter and the stand-in's shells, not the host's hundreds
    // (twice the stand-in's part when its search in path order is held beside the parallel one).
    const processes = Number(seen.find((entry) => entry.startsWith('processes-'))!.slice('processes-'.length));
    expect(processes).toBeLessThan(24);
    expect(seen.filter((entry) => entry.startsWith('env-')).sort()).toEqual([
      'env-OLDPWD',
      'env-PATH',
      'env-PWD',
      'env-SHLVL',
      'env-_',
    ]);
    expect(seen.filter((entry) => entry.startsWith('root-'))).not.toContain('root-home');
  });

  it('runs greps side by side in one sandbox, each with its own answer', async () => {
    for (let i = 0; i < 8; i++) await fill(path.join(ws, `p${i}`), 3, `word${i} here`);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => grep({ pattern: `word${i}`, output_mode: 'files_with_matches' })),
    );
    results.forEach((result, i) => expect(result.files).toEqual([`p${i}/f0.txt`, `p${i}/f1.txt`, `p${i}/f2.txt`]));
  });

  it('an aborted grep ends its own rg only; the one beside it still answers', async () => {
    await fill(path.join(ws, 'a'), 2, 'needle');
    restores.push(await fakeRipgrep(path.join(ws, '.fake-rg'), 'exec -a tw-confine-slow-rg sleep 30'));
    const controller = new AbortController();
    const slow = toolkit.invoke('search', 'grep', { pattern: 'x' }, { signal: controller.signal });
    await waitFor(async () => (await processesWith('tw-confine-slow-rg')).length > 0, 10_000, 'the slow rg');
    for (const restore of restores.splice(0)) restore();
    const beside = await grep({ pattern: 'needle', output_mode: 'files_with_matches' });
    expect(beside.files).toEqual(['a/f0.txt', 'a/f1.txt']);
    controller.abort();
    const aborted = await slow;
    expect(!aborted.ok && aborted.error.code).toBe('CANCELLED');
    await waitFor(async () => (await processesWith('tw-confine-slow-rg')).length === 0, 5_000, 'the slow rg to die');
  });

  it('fails closed as UNAVAILABLE when the sandbox dies mid-run, and the next grep starts a new one', async () => {
    await fill(path.join(ws, 'a'), 1, 'needle');
    restores.push(await fakeRipgrep(path.join(ws, '.fake-rg'), 'exec -a tw-confine-doomed-rg sleep 30'));
    const doomed = toolkit.invoke('search', 'grep', { pattern: 'x' });
    const [rgPid] = await waitFor(
      async () => {
        const found = await processesWith('tw-confine-doomed-rg');
        return found.length ? found : undefined;
      },
      10_000,
      'the rg',
    );
    // This workspace's sandbox, its outer bwrap (a child of this process).
    const outer = (await processesWith(`--ro-bind ${ws} ${ws}`)).find((pid) => parentOf(pid) === process.pid);
    expect(outer).toBeDefined();
    process.kill(outer!, 'SIGKILL');
    const result = await doomed;
    expect(!result.ok && result.error.code).toBe('UNAVAILABLE');
    expect(!result.ok && result.error.message).toMatch(/nothing was run outside it/);
    await waitFor(() => !processAlive(rgPid!), 5_000, 'the rg to die with its sandbox');
    for (const restore of restores.splice(0)) restore();
    expect((await grep({ pattern: 'needle', output_mode: 'files_with_matches' })).files).toEqual(['a/f0.txt']);
  });

  it('keeps the .gitignore of a folder above the workspace in force, as glob does', async () => {
    const parent = await tempDir('tw-confine-parent-');
    execFileSync('git', ['init', '-q'], { cwd: parent });
    await writeFile(path.join(parent, '.gitignore'), 'ignored.txt\n');
    const pkg = path.join(parent, 'pkg');
    await fill(pkg, 1, 'needle');
    await writeFile(path.join(pkg, 'ignored.txt'), 'needle\n');
    const inPkg = createToolkit({ workspace: pkg });
    const result = expectOk<GrepResult>(
      await inPkg.invoke('search', 'grep', { pattern: 'needle', output_mode: 'files_with_matches' }),
    );
    expect(result.files).toEqual(['f0.txt']);
  });

  it('follows no symlink out of the workspace even when it is named as the path', async () => {
    await writeFile(path.join(outside, 'secret.txt'), `needle ${SECRET}\n`);
    await symlink(outside, path.join(ws, 'link'));
    const result = await toolkit.invoke('search', 'grep', { pattern: 'needle', path: 'link' });
    expect(!result.ok && result.error.code).toBe('OUTSIDE_WORKSPACE');
  });
});

describe('grep where no sandbox can start', () => {
  it('runs rg directly and still answers', async () => {
    await fill(path.join(ws, 'a'), 1, 'needle');
    const direct = createToolkit({ workspace: ws, exec: { bwrapPath: path.join(ws, 'no-such-bwrap') } });
    const result = expectOk<GrepResult>(
      await direct.invoke('search', 'grep', { pattern: 'needle', output_mode: 'files_with_matches' }),
    );
    expect(result.files).toEqual(['a/f0.txt']);
    // Unconfined, rg sees the host's files (docs/security.md says so).
    const seen = await seenByRg(`[ -e ${outside} ] && echo seen:outside-visible`, direct);
    expect(seen).toEqual(['outside-visible']);
  });
});

function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

function processAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2)[0]!);
  } catch {
    return false;
  }
}

describe.runIf(runSandboxTests)('the confinement helper and its host', () => {
  const helperOf = async () => processesWith(`--ro-bind ${ws} ${ws}`);

  it.each(['SIGKILL', 'SIGTERM'] as const)(
    'dies with a host killed by %s',
    { timeout: scaled(60_000) },
    async (signal) => {
      await fill(path.join(ws, 'a'), 1, 'needle');
      const child = spawn(process.execPath, fixtureArgs('grep-host.ts', ws, 'wait'), {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      await waitFor(() => out.includes('ready'), 30_000, 'the host to grep');
      expect(out).toContain('a/f0.txt');
      expect((await helperOf()).length).toBeGreaterThan(0);
      child.kill(signal);
      await waitFor(async () => (await helperOf()).length === 0, 10_000, 'the helper to die with its host');
    },
  );

  it(
    'does not keep a host alive that has nothing else to do, and goes with it',
    { timeout: scaled(60_000) },
    async () => {
      await fill(path.join(ws, 'a'), 1, 'needle');
      const out = execFileSync(process.execPath, fixtureArgs('grep-host.ts', ws, 'return'), {
        encoding: 'utf8',
        timeout: scaled(30_000),
      });
      expect(out).toContain('a/f0.txt');
      await waitFor(async () => (await helperOf()).length === 0, 10_000, 'the helper to be gone');
    },
  );
});

describe.runIf(runSandboxTests)('grep confinement follows the workspace folder', () => {
  it('a workspace removed and made again at the same path is searched as it is now', async () => {
    await fill(path.join(ws, 'a'), 1, 'first');
    expect((await grep({ pattern: 'first', output_mode: 'files_with_matches' })).files).toEqual(['a/f0.txt']);
    await rm(ws, { recursive: true, force: true });
    await fill(path.join(ws, 'b'), 1, 'second');
    expect((await grep({ pattern: 'second', output_mode: 'files_with_matches' })).files).toEqual(['b/f0.txt']);
  });
});
