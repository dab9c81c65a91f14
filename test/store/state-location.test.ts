// Where the store lives: the workspace's state folder ($XDG_STATE_HOME/toolwright/<digest of its
// real path>) by default, another folder when asked, never a folder inside the workspace (as
// written or once links are resolved); found from the workspace alone by `toolwright audit` and
// `store migrate`; TOOLWRIGHT_STORE_URL read by the library as by the CLI.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { mkdir, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createToolkit, ensureStateFolder, openStore, stateFolderFor } from '../../src/index.js';
import type { Store } from '../../src/runtime/store/types.js';
import { cli } from '../support/cli.js';
import { expectOk, tempDir } from '../support/helpers.js';
import { describePg, startCluster, type PgCluster } from '../support/postgres.js';
import { scaled } from '../support/time.js';

const run = promisify(execFile);

let saved: NodeJS.ProcessEnv;
beforeEach(() => {
  saved = { ...process.env };
  delete process.env.TOOLWRIGHT_STORE_URL;
});
afterEach(() => {
  for (const name of ['XDG_STATE_HOME', 'HOME', 'TOOLWRIGHT_STORE_URL']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('the state folder of a workspace', () => {
  it('is $XDG_STATE_HOME/toolwright/<sha-256 of the real path>, else ~/.local/state/toolwright/…', async () => {
    const workspace = await tempDir();
    const digest = createHash('sha256').update(workspace).digest('hex');
    expect(stateFolderFor(workspace, { XDG_STATE_HOME: '/srv/state' })).toBe(`/srv/state/toolwright/${digest}`);
    expect(stateFolderFor(workspace, { HOME: '/home/ann' })).toBe(`/home/ann/.local/state/toolwright/${digest}`);
    // A relative XDG_STATE_HOME is invalid (XDG spec): ignored.
    expect(stateFolderFor(workspace, { XDG_STATE_HOME: 'state', HOME: '/home/ann' })).toBe(
      `/home/ann/.local/state/toolwright/${digest}`,
    );
    // Spelled through a link, the workspace has the same state folder.
    const alias = path.join(await tempDir(), 'alias');
    await symlink(workspace, alias);
    expect(stateFolderFor(alias)).toBe(stateFolderFor(workspace));
    expect(stateFolderFor(path.join(workspace, '.'))).toBe(stateFolderFor(workspace));
  });

  it("ensureStateFolder makes it this user's alone (0700, its parent too), and refuses one inside the workspace", async () => {
    const workspace = await tempDir();
    const home = await tempDir('toolwright-state-');
    const folder = await ensureStateFolder(workspace, { XDG_STATE_HOME: home });
    expect(folder).toBe(stateFolderFor(workspace, { XDG_STATE_HOME: home }));
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await stat(path.dirname(folder))).mode & 0o777).toBe(0o700);
    await expect(ensureStateFolder(workspace, { XDG_STATE_HOME: path.join(workspace, 'state') })).rejects.toThrow(
      /inside the workspace/,
    );
    // A workspace that holds the state folders (the home folder as the workspace) is refused too.
    await expect(ensureStateFolder(home, { XDG_STATE_HOME: home })).rejects.toThrow(/inside the workspace/);
  });
});

describe('the store folder and the workspace', () => {
  it('a store folder inside the workspace is refused, however it is given', async () => {
    const workspace = await tempDir();
    const outside = await tempDir();
    await mkdir(path.join(workspace, 'sub'));
    await symlink(path.join(workspace, 'sub'), path.join(outside, 'into-ws'));
    await symlink(outside, path.join(workspace, 'out-link'));
    const given: (string | { dir: string })[] = [
      'state',
      './.toolwright/store',
      path.join(workspace, '.toolwright', 'store'),
      `file://${path.join(workspace, 'x')}`,
      { dir: 'state' },
      { dir: path.join(workspace, 'deep', 'er') },
      // Outside as written, inside once the link is resolved.
      path.join(outside, 'into-ws', 'store'),
      // Inside as written, though the link leads out: the agent could point it elsewhere.
      path.join(workspace, 'out-link', 'store'),
      // A folder that holds the workspace.
      path.dirname(workspace),
    ];
    for (const store of given) {
      expect(() => createToolkit({ workspace, store }), JSON.stringify(store)).toThrow(
        /store folder .* (is inside|holds) the workspace/,
      );
      if (typeof store === 'string')
        expect(() => openStore(store, { workspace }), store).toThrow(/(is inside|holds) the workspace/);
    }
    // A Store opened elsewhere is checked by the toolkit too.
    const opened = openStore(path.join(workspace, 'store'));
    expect(() => createToolkit({ workspace, store: opened })).toThrow(/is inside the workspace/);
    await opened.close();
    expect(await readdir(workspace)).toEqual(['out-link', 'sub']);
  });

  it('a link on the path that points into the workspace at something not made yet is refused as inside', async () => {
    const workspace = await tempDir();
    const outside = await tempDir();
    // Dangling now: the store would make its target, a folder the agent can then read.
    await symlink(path.join(workspace, 'later'), path.join(outside, 'state'));
    await symlink(path.join(outside, 'hop'), path.join(outside, 'chain'));
    await symlink('state/deeper', path.join(outside, 'hop'));
    await symlink(path.join(outside, 'loop-b'), path.join(outside, 'loop-a'));
    await symlink(path.join(outside, 'loop-a'), path.join(outside, 'loop-b'));
    for (const dir of [
      path.join(outside, 'state'),
      path.join(outside, 'state', 'store'),
      // A chain of links, the last relative and dangling.
      path.join(outside, 'chain', 'store'),
    ]) {
      expect(() => createToolkit({ workspace, store: { dir } }), dir).toThrow(
        /store folder .* is inside the workspace/,
      );
      expect(() => createToolkit({ workspace, checkpoints: { dir } }), dir).toThrow(
        /checkpoints folder .* is inside the workspace/,
      );
      expect(() => openStore(dir, { workspace }), dir).toThrow(/is inside the workspace/);
    }
    await expect(ensureStateFolder(workspace, { XDG_STATE_HOME: path.join(outside, 'state') })).rejects.toThrow(
      /inside the workspace/,
    );
    // A loop of links is no folder anywhere: its use fails, and nothing is made in the workspace.
    const looped = createToolkit({ workspace, store: { dir: path.join(outside, 'loop-a', 'store') } });
    expect((await looped.invoke('task', 'task_create', { title: 'x' })).ok).toBe(false);
    await looped.close();
    expect(await readdir(workspace)).toEqual([]);
  });

  it('a part of the path made a link into the workspace after the toolkit was made moves nothing there', async () => {
    const workspace = await tempDir();
    const outside = await tempDir();
    const store = createToolkit({ workspace, store: { dir: path.join(outside, 'not-yet', 'store') } });
    const checkpoints = createToolkit({
      workspace,
      store: { dir: path.join(outside, 'own-store') },
      checkpoints: { dir: path.join(outside, 'not-yet-either', 'checkpoints') },
    });
    await mkdir(path.join(workspace, 'target'));
    await symlink(path.join(workspace, 'target'), path.join(outside, 'not-yet'));
    await symlink(path.join(workspace, 'target'), path.join(outside, 'not-yet-either'));
    const created = await store.invoke('task', 'task_create', { title: 'secret plan' });
    expect(created.ok).toBe(false);
    expect(JSON.stringify(created)).toMatch(
      /UNAVAILABLE.*store (folder .* now reached through a link|is unavailable: the store folder .* is inside the workspace)/,
    );
    const written = await checkpoints.invoke('filesystem', 'write_file', { path: 'a.txt', content: 'one\n' });
    expect(written.ok).toBe(false);
    expect(JSON.stringify(written)).toMatch(/UNAVAILABLE.*checkpoints folder .* now reached through a link/);
    await store.close();
    await checkpoints.close();
    // Refused before anything was made through the links: not even a folder.
    expect(await readdir(path.join(workspace, 'target'))).toEqual([]);
  });

  it('the same folder as the workspace, or one inside it, by another path (a bind mount) counts as inside', async () => {
    if (process.getuid?.() !== 0 || !existsSync('/usr/bin/unshare')) return;
    const workspace = await tempDir();
    const mount = await tempDir();
    const subMount = await tempDir();
    await mkdir(path.join(workspace, 'sub', 'deeper'), { recursive: true });
    const probe = path.join(await tempDir(), 'probe.mts');
    await writeFile(
      probe,
      [
        `import { createToolkit } from ${JSON.stringify(path.resolve('src/index.ts'))};`,
        `const workspace = ${JSON.stringify(workspace)};`,
        `const mount = ${JSON.stringify(mount)};`,
        `const sub = ${JSON.stringify(subMount)};`,
        "for (const t of [{ store: { dir: mount + '/state' } }, { checkpoints: { dir: mount + '/cp' } }, { store: { dir: mount + '/..' } },",
        "  { store: { dir: sub + '/st' } }, { checkpoints: { dir: sub + '/x/y' } }, { store: { dir: sub + '/deeper' } }]) {",
        "  try { createToolkit({ workspace, ...t }); console.log('accepted'); }",
        "  catch (e) { console.log(/(is inside|holds) the workspace/.test(e.message) ? 'refused' : e.message); }",
        '}',
      ].join('\n'),
    );
    // In a mount namespace of its own: the bind mount goes with it.
    const { stdout } = await run(
      'unshare',
      [
        '--mount',
        '--propagation',
        'private',
        'bash',
        '-c',
        'mount --bind "$1" "$2" && mount --bind "$1/sub" "$6" && exec "$3" --import "$4" "$5"',
        '-',
        workspace,
        mount,
        process.execPath,
        createRequire(import.meta.url).resolve('tsx'),
        probe,
        subMount,
      ],
      { cwd: process.cwd() },
    );
    expect(stdout.trim().split('\n')).toEqual(Array(6).fill('refused'));
  });

  it('a folder outside works, given as a path, { dir }, a file: URL or a relative path that leaves the workspace', async () => {
    const workspace = await tempDir();
    const outside = await tempDir();
    for (const [index, store] of [
      path.join(outside, 'a'),
      { dir: path.join(outside, 'b') },
      `file://${path.join(outside, 'c')}`,
      path.relative(workspace, path.join(outside, 'd')),
    ].entries()) {
      const toolkit = createToolkit({ workspace, store });
      expectOk(await toolkit.invoke('task', 'task_create', { title: `t${index}` }));
      await toolkit.close();
    }
    expect((await readdir(outside)).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(await readdir(workspace)).toEqual([]);
  });

  it('the library reads TOOLWRIGHT_STORE_URL when no store is given, and refuses one inside the workspace', async () => {
    const workspace = await tempDir();
    const folder = path.join(await tempDir(), 'from-env');
    process.env.TOOLWRIGHT_STORE_URL = folder;
    const a = createToolkit({ workspace });
    expectOk(await a.invoke('task', 'task_create', { title: 'kept' }));
    await a.close();
    const b = createToolkit({ workspace });
    expect((b.options.store as Store).location).toBe(folder);
    expect(expectOk<{ tasks: { title: string }[] }>(await b.invoke('task', 'task_list', {})).tasks).toEqual([
      expect.objectContaining({ title: 'kept' }),
    ]);
    await b.close();
    process.env.TOOLWRIGHT_STORE_URL = 'embedded';
    expect((createToolkit({ workspace }).options.store as Store).location).toBe(stateFolderFor(workspace));
    process.env.TOOLWRIGHT_STORE_URL = path.join(workspace, 'store');
    expect(() => createToolkit({ workspace })).toThrow(/is inside the workspace/);
    // An explicit store wins over the variable.
    const explicit = path.join(await tempDir(), 'explicit');
    expect((createToolkit({ workspace, store: explicit }).options.store as Store).location).toBe(explicit);
  });
});

describe('the CLI finds the store from --workspace alone', () => {
  it('call --store embedded, then audit and store migrate with -w only', async () => {
    const workspace = await tempDir();
    expect((await cli(['call', 'task_create', '{"title":"one"}', '-w', workspace, '--store', 'embedded'])).code).toBe(
      0,
    );
    const audit = await cli(['audit', '-w', workspace, '--json']);
    expect(audit.code, audit.err).toBe(0);
    expect(audit.out).toContain('"operation":"task.task_create"');
    const migrate = await cli(['store', 'migrate', '-w', workspace]);
    expect(migrate.code, migrate.err).toBe(0);
    expect(migrate.out).toBe(`${stateFolderFor(workspace)} is up to date (schema version 1)\n`);
    expect(await readdir(workspace)).toEqual([]);
  });

  it('audit of a workspace without a store says where it looked and creates nothing', async () => {
    const workspace = await tempDir();
    const run = await cli(['audit', '-w', workspace]);
    expect(run.code).toBe(1);
    expect(run.err).toContain(`no store at ${stateFolderFor(workspace)}, the default store of ${workspace}`);
    expect(existsSync(stateFolderFor(workspace))).toBe(false);
    const missing = await cli(['audit', '--store', path.join(await tempDir(), 'nothing-here'), '-w', workspace]);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/no store at .*nothing-here/);
  });

  it('--store inside the workspace is a usage error for call, audit and store migrate', async () => {
    const workspace = await tempDir();
    for (const args of [['call', 'task_list', '{}'], ['audit'], ['store', 'migrate']]) {
      for (const store of ['state', path.join(workspace, '.toolwright', 'store')]) {
        const run = await cli([...args, '-w', workspace, '--store', store]);
        expect(run.code, `${args.join(' ')} ${store}`).toBe(2);
        expect(run.err).toMatch(/is inside the workspace/);
      }
    }
    expect(await readdir(workspace)).toEqual([]);
  });

  it('TOOLWRIGHT_STORE_URL wins over the workspace default; --store over both', async () => {
    const workspace = await tempDir();
    const fromEnv = path.join(await tempDir(), 'env-store');
    process.env.TOOLWRIGHT_STORE_URL = fromEnv;
    expect((await cli(['call', 'task_create', '{"title":"env"}', '-w', workspace])).code).toBe(0);
    const audit = await cli(['audit', '-w', workspace, '--json']);
    expect(audit.out).toContain('task.task_create');
    expect(existsSync(stateFolderFor(workspace))).toBe(false);
    expect(existsSync(path.join(fromEnv, 'audit.jsonl'))).toBe(true);
    const other = await cli(['audit', '-w', workspace, '--store', 'embedded']);
    expect(other.code).toBe(1);
  });
});

describePg('PostgreSQL as the default store', () => {
  let cluster: PgCluster;
  let databases = 0;
  beforeAll(async () => {
    cluster = await startCluster();
  }, scaled(60_000));
  afterAll(async () => {
    await cluster?.destroy();
  });

  it('TOOLWRIGHT_STORE_URL=postgres://… is the store of a toolkit given none, and of audit -w', async () => {
    const workspace = await tempDir();
    process.env.TOOLWRIGHT_STORE_URL = await cluster.createDatabase(`state_location_${++databases}`);
    const toolkit = createToolkit({ workspace, principal: 'pat' });
    expect((toolkit.options.store as Store).engine).toBe('postgres');
    expectOk(await toolkit.invoke('task', 'task_create', { title: 'in postgres' }));
    await toolkit.close();
    const audit = await cli(['audit', '-w', workspace, '--json', '--principal', 'pat']);
    expect(audit.code, audit.err).toBe(0);
    expect(audit.out).toContain('task.task_create');
    // Nothing went to a folder: neither the workspace nor its state folder.
    expect(await readdir(workspace)).toEqual([]);
    expect(existsSync(stateFolderFor(workspace))).toBe(false);
  });
});
