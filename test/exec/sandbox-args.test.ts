// The bwrap argument list, checked without running bwrap: what must always be there, and in which order.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bwrapArgs } from '../../src/runtime/sandbox/bwrap-args.js';
import { parseSandboxOption } from '../../src/runtime/sandbox/settings.js';
import { tempDir } from '../support/helpers.js';

function pairs(args: string[], flag: string): string[] {
  const found: string[] = [];
  args.forEach((arg, i) => {
    if (arg === flag) found.push(args[i + 1]!);
  });
  return found;
}

describe('bwrapArgs', () => {
  it("hides the toolkit's state folders after every other mount; never one holding the workspace, and not with a writable folder inside", async () => {
    const base = await tempDir();
    const at = (name: string) => path.join(base, name);
    const [ws, store, state, writable, missing] = [at('ws'), at('store'), at('state'), at('writable'), at('missing')];
    for (const dir of [ws, store, state, writable]) await mkdir(dir);
    for (const mode of ['read-only', 'workspace-write'] as const) {
      const layout = {
        settings: { ...parseSandboxOption(mode), writable: [writable] },
        workspace: ws,
        cwd: ws,
        env: { HOME: '/root', PATH: '/usr/bin' },
      };
      const args = bwrapArgs({ ...layout, hidden: [store, state, missing, ws, '/'] });
      const tmpfs = pairs(args, '--tmpfs');
      expect(tmpfs, mode).toEqual(expect.arrayContaining([store, state]));
      // A missing folder is not there to see; one holding the workspace, or itself, would hide it.
      for (const kept of [missing, ws, '/']) expect(tmpfs, mode).not.toContain(kept);
      // A writable folder inside one to hide would show it again: refused.
      const cache = path.join(state, 'cache');
      await mkdir(cache, { recursive: true });
      const inState = { ...layout, settings: { ...layout.settings, writable: [cache] } };
      expect(() => bwrapArgs({ ...inState, hidden: [state] }), mode).toThrow(/writable entry .* is inside/);
      const bindOf = (dir: string) =>
        args.findIndex((arg, i) => (arg === '--bind' || arg === '--ro-bind') && args[i + 1] === dir);
      expect(args.indexOf(store), mode).toBeGreaterThan(Math.max(bindOf(ws), bindOf(writable)));
    }
  });

  it('always drops capabilities, unshares everything, dies with the host and starts a new session', async () => {
    const ws = await tempDir();
    for (const mode of ['read-only', 'workspace-write'] as const) {
      const args = bwrapArgs({
        settings: parseSandboxOption(mode),
        workspace: ws,
        cwd: ws,
        env: { HOME: '/root', PATH: '/usr/bin' },
      });
      for (const flag of ['--die-with-parent', '--new-session', '--unshare-all'])
        expect(args, `${mode} ${flag}`).toContain(flag);
      expect(args.join(' ')).toContain('--cap-drop ALL');
      expect(args).not.toContain('--share-net');
      expect(args.slice(args.indexOf('--ro-bind'), args.indexOf('--ro-bind') + 3)).toEqual(['--ro-bind', '/', '/']);
      expect(pairs(args, '--tmpfs')).toEqual(expect.arrayContaining(['/tmp', '/run']));
      expect(pairs(args, '--chdir')).toEqual([ws]);
      expect(pairs(args, mode === 'read-only' ? '--ro-bind' : '--bind')).toContain(ws);
    }
    const withNet = bwrapArgs({
      settings: parseSandboxOption({ mode: 'read-only', network: true }),
      workspace: ws,
      cwd: ws,
      env: {},
    });
    expect(withNet).toContain('--share-net');
  });

  it('mounts the workspace after the folders that hide home and /tmp, so a workspace inside them stays visible', async () => {
    const ws = await tempDir(); // under /tmp
    const args = bwrapArgs({
      settings: parseSandboxOption('workspace-write'),
      workspace: ws,
      cwd: ws,
      env: { HOME: '/root' },
    });
    const tmpfsTmp = args.findIndex((arg, i) => arg === '--tmpfs' && args[i + 1] === '/tmp');
    const wsBind = args.findIndex((arg, i) => arg === '--bind' && args[i + 1] === ws);
    expect(tmpfsTmp).toBeGreaterThan(-1);
    expect(wsBind).toBeGreaterThan(tmpfsTmp);
  });

  it('pins .git, makes hooks and config read-only after the workspace bind, and watches missing redirect files', async () => {
    const ws = await tempDir();
    execFileSync('git', ['init', '-q', ws]);
    await mkdir(path.join(ws, 'pkg', 'inner'), { recursive: true });
    execFileSync('git', ['init', '-q', path.join(ws, 'pkg', 'inner')]);
    const mustNotAppear: string[] = [];
    const args = bwrapArgs({
      settings: parseSandboxOption('workspace-write'),
      workspace: ws,
      cwd: ws,
      env: {},
      mustNotAppear,
    });
    const wsBind = args.findIndex((arg, i) => arg === '--bind' && args[i + 1] === ws);
    for (const repo of [ws, path.join(ws, 'pkg', 'inner')]) {
      const git = path.join(repo, '.git');
      const pin = args.findIndex((arg, i) => arg === '--bind' && args[i + 1] === git);
      expect(pin, git).toBeGreaterThan(wsBind);
      for (const name of ['hooks', 'config']) {
        const ro = args.findIndex((arg, i) => arg === '--ro-bind' && args[i + 1] === path.join(git, name));
        expect(ro, `${git}/${name}`).toBeGreaterThan(pin);
      }
      expect(mustNotAppear).toEqual(
        expect.arrayContaining([path.join(git, 'commondir'), path.join(git, 'config.worktree')]),
      );
    }
    // read-only mode needs none of it: the whole workspace is read-only.
    const readOnly = bwrapArgs({ settings: parseSandboxOption('read-only'), workspace: ws, cwd: ws, env: {} });
    expect(pairs(readOnly, '--bind')).toEqual([]);
  });

  it('hides home folders but keeps PATH toolchains (whole version-manager roots, not ~/.cargo)', async () => {
    const home = await tempDir();
    for (const dir of ['.pyenv/shims', '.pyenv/libexec', '.cargo/bin', '.rustup/toolchains', 'bin'])
      await mkdir(path.join(home, dir), { recursive: true });
    await writeFile(path.join(home, '.cargo', 'credentials.toml'), 'token = "x"');
    const ws = await tempDir();
    const env = {
      HOME: home,
      PATH: [path.join(home, '.pyenv/shims'), path.join(home, '.cargo/bin'), path.join(home, 'bin'), '/usr/bin'].join(
        ':',
      ),
    };
    const args = bwrapArgs({ settings: parseSandboxOption('read-only'), workspace: ws, cwd: ws, env });
    expect(pairs(args, '--tmpfs')).toContain(home);
    const kept = pairs(args, '--ro-bind');
    expect(kept).toEqual(
      expect.arrayContaining([
        path.join(home, '.pyenv'),
        path.join(home, '.cargo/bin'),
        path.join(home, '.rustup'),
        path.join(home, 'bin'),
      ]),
    );
    expect(kept).not.toContain(path.join(home, '.cargo'));
    // Kept folders come after the tmpfs that hides home, or they would be hidden again.
    expect(args.indexOf(path.join(home, '.pyenv'))).toBeGreaterThan(args.indexOf(home));
  });

  it('masks home secrets under a writable folder that contains a home folder, and never hides / as HOME', async () => {
    const root = await tempDir();
    const home = path.join(root, 'home');
    await mkdir(path.join(home, '.ssh'), { recursive: true });
    await writeFile(path.join(home, '.netrc'), 'machine x password y');
    const ws = await tempDir();
    const args = bwrapArgs({
      settings: parseSandboxOption({ mode: 'workspace-write', writable: [root] }),
      workspace: ws,
      cwd: ws,
      env: { HOME: home },
    });
    const bind = args.findIndex((arg, i) => arg === '--bind' && args[i + 1] === root);
    expect(args.findIndex((arg, i) => arg === '--tmpfs' && args[i + 1] === path.join(home, '.ssh'))).toBeGreaterThan(
      bind,
    );
    expect(
      args.findIndex(
        (arg, i) => arg === '--ro-bind' && args[i + 1] === '/dev/null' && args[i + 2] === path.join(home, '.netrc'),
      ),
    ).toBeGreaterThan(bind);
    const slashHome = bwrapArgs({
      settings: parseSandboxOption('read-only'),
      workspace: ws,
      cwd: ws,
      env: { HOME: '/' },
    });
    expect(pairs(slashHome, '--tmpfs')).not.toContain('/');
  });

  it('refuses a sandbox over / (it would make the whole filesystem writable)', () => {
    expect(() =>
      bwrapArgs({ settings: parseSandboxOption('workspace-write'), workspace: '/', cwd: '/', env: {} }),
    ).toThrow(/whole filesystem/);
  });
});
