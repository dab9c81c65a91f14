// Write safety under attack: edits from two processes, races that swap folders or files for
// symlinks, temp-file leftovers, long names, trailing slashes, paths the kernel refuses.
import { execFile, spawn } from 'node:child_process';
import { mkdir, readdir, readFile, symlink, utimes, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import { fixtureArgs } from '../support/built-cli.js';
import { withStoppedClock } from '../support/clock.js';
import { errorCode, expectOk, tempDir, workspaceToolkit } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const execFileAsync = promisify(execFile);

async function runFixture(script: string, args: string[]): Promise<any> {
  const { stdout } = await execFileAsync(process.execPath, fixtureArgs(script, ...args), { maxBuffer: 1 << 24 });
  return JSON.parse(stdout);
}

/** A pid that belonged to a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  const pid = child.pid!;
  await new Promise((done) => child.on('exit', done));
  return pid;
}

describe('edits from two processes', () => {
  const variants: [string, string, string][] = [
    ['two processes × 50 concurrent edit_file calls (burst)', 'burst', 'burst'],
    ['two processes × 50 edit_file calls one after another', 'sequential', 'sequential'],
    ['edit_file in one process, multi_edit in the other (CRLF file)', 'sequential', 'multi'],
  ];
  for (const [name, modeA, modeB] of variants) {
    it(`${name}: all 100 edits land`, { timeout: scaled(120_000) }, async () => {
      const { root } = await workspaceToolkit();
      const crlf = modeB === 'multi';
      const eol = crlf ? '\r\n' : '\n';
      const lines = ['a', 'b'].flatMap((label) => Array.from({ length: 50 }, (_, i) => `${label}-${i}: todo`));
      await writeFile(path.join(root, 'shared.txt'), lines.join(eol) + eol);
      // Both children start at the same moment (after their start-up), so their edits overlap.
      const startAt = String(Date.now() + 4000);
      const [a, b] = await Promise.all([
        runFixture('edit-loop.ts', [root, 'shared.txt', 'a', '50', modeA, startAt]),
        runFixture('edit-loop.ts', [root, 'shared.txt', 'b', '50', modeB, startAt]),
      ]);
      expect([...a.failures, ...b.failures]).toEqual([]);
      const after = await readFile(path.join(root, 'shared.txt'), 'utf8');
      expect(after).toBe(lines.map((l) => l.replace('todo', 'done')).join(eol) + eol);
      // No lock or temp file is left behind.
      expect(await readdir(root)).toEqual(['shared.txt']);
    });
  }

  it('a lock left by a writer that died is broken at once', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'f.txt'), 'x\n');
    await writeFile(
      path.join(root, '.f.txt.tw-lock'),
      JSON.stringify({ pid: await deadPid(), host: (await import('node:os')).hostname(), token: 'dead' }),
    );
    // Done on a stopped clock: the lock was broken without waiting for it.
    await withStoppedClock(
      async () => {
        expectOk(await toolkit.invoke('filesystem', 'edit_file', { path: 'f.txt', old_str: 'x', new_str: 'y' }));
      },
      { date: true },
    );
    expect(await readFile(path.join(root, 'f.txt'), 'utf8')).toBe('y\n');
    expect(await readdir(root)).toEqual(['f.txt']);
  });

  it('a lock held by a live writer makes the next one wait, not interleave', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'f.txt'), 'x\n');
    const lock = path.join(root, '.f.txt.tw-lock');
    await writeFile(
      lock,
      JSON.stringify({ pid: process.ppid, host: (await import('node:os')).hostname(), token: 'alive' }),
    );
    const pending = toolkit.invoke('filesystem', 'write_file', { path: 'f.txt', content: 'new\n' });
    await new Promise((done) => setTimeout(done, 300));
    expect(await readFile(path.join(root, 'f.txt'), 'utf8')).toBe('x\n');
    const { rm } = await import('node:fs/promises');
    await rm(lock);
    expectOk(await pending);
    expect(await readFile(path.join(root, 'f.txt'), 'utf8')).toBe('new\n');
  });
});

describe('a file changed by another program between read and rename', () => {
  it(
    'an edit made while the file is being rewritten by a non-toolwright writer is not lost',
    { timeout: scaled(60_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      const file = path.join(root, 'f.txt');
      const lines = Array.from({ length: 200 }, (_, i) => `line ${i}: todo`);
      await writeFile(file, lines.join('\n') + '\n');
      // A foreign writer appends in place (no lock) while we edit: our edits and its lines must all survive.
      const { appendFile } = await import('node:fs/promises');
      let appended = 0;
      const foreign = (async () => {
        for (; appended < 100; appended++) {
          await appendFile(file, `extra ${appended}\n`);
          await new Promise((done) => setImmediate(done));
        }
      })();
      const results = [];
      for (let i = 0; i < 200; i += 4)
        results.push(
          await toolkit.invoke('filesystem', 'edit_file', {
            path: 'f.txt',
            old_str: `line ${i}: todo`,
            new_str: `line ${i}: done`,
          }),
        );
      await foreign;
      const final = await readFile(file, 'utf8');
      for (let i = 0; i < 100; i++) expect(final).toContain(`extra ${i}\n`);
      const okCount = results.filter((r) => r.ok).length;
      for (let i = 0; i < 200; i += 4) {
        const r = results[i / 4]!;
        if (r.ok) expect(final).toContain(`line ${i}: done`);
        else expect(errorCode(r)).toBe('STALE_FILE');
      }
      expect(okCount).toBeGreaterThan(0);
    },
  );
});

describe('temp files of writers that died', () => {
  it('are swept on the next write into their folder; live writers and other names are kept', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await mkdir(path.join(root, 'src'));
    const dead = await deadPid();
    const names = {
      deadTemp: `.a.txt.${dead}.0123456789ab.tmp`,
      deadLongName: `.${'é'.repeat(100)}.${dead}.abcdefabcdef.tmp`,
      liveTemp: `.b.txt.${process.ppid}.0123456789ab.tmp`,
      oldLiveTemp: `.c.txt.${process.ppid}.aaaaaaaaaaaa.tmp`,
      notOurs: '.a.txt.tmp',
      notOurs2: `a.txt.${dead}.0123456789ab.tmp`,
    };
    for (const name of Object.values(names)) await writeFile(path.join(root, 'src', name), 'partial');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await utimes(path.join(root, 'src', names.oldLiveTemp), twoHoursAgo, twoHoursAgo);
    expectOk(await toolkit.invoke('filesystem', 'write_file', { path: 'src/new.txt', content: 'x' }));
    const left = await readdir(path.join(root, 'src'));
    expect(left).not.toContain(names.deadTemp);
    expect(left).not.toContain(names.deadLongName);
    expect(left).not.toContain(names.oldLiveTemp);
    expect(left).toEqual(expect.arrayContaining([names.liveTemp, names.notOurs, names.notOurs2, 'new.txt']));
    // A leftover that appears later is swept by a later write (edit_file too).
    await writeFile(path.join(root, 'src', names.deadTemp), 'partial');
    expectOk(await toolkit.invoke('filesystem', 'edit_file', { path: 'src/new.txt', old_str: 'x', new_str: 'y' }));
    expect(await readdir(path.join(root, 'src'))).not.toContain(names.deadTemp);
  });
});

describe('names and paths', () => {
  const long = (n: number, ch = 'n') => ch.repeat(n);
  it('names of 230 to 255 bytes (ASCII and multi-byte) can be written, edited and listed', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const names = [long(230), long(251) + '.txt', long(255), 'é'.repeat(127) + 'x', '日'.repeat(85)];
    for (const name of names) {
      expect(Buffer.byteLength(name)).toBeGreaterThanOrEqual(230);
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
      expectOk(await toolkit.invoke('filesystem', 'write_file', { path: `d/${name}`, content: 'one\n' }));
      expectOk(await toolkit.invoke('filesystem', 'edit_file', { path: `d/${name}`, old_str: 'one', new_str: 'two' }));
      expectOk(
        await toolkit.invoke('filesystem', 'multi_edit', {
          path: `d/${name}`,
          edits: [{ old_str: 'two', new_str: 'three' }],
        }),
      );
      expect(await readFile(path.join(root, 'd', name), 'utf8')).toBe('three\n');
    }
    const listing = expectOk(await toolkit.invoke('filesystem', 'list_directory', { path: 'd' }));
    expect(listing.entries.map((e: { path: string }) => e.path.slice(2)).sort()).toEqual([...names].sort());
    expect((await readdir(path.join(root, 'd'))).length).toBe(names.length);
  });

  it('a name over 255 bytes or a path over 4095 bytes is INVALID_INPUT naming the limit, for every operation', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const tooLongName = long(256);
    const deep = Array.from({ length: 20 }, () => long(250)).join('/');
    for (const [op, input] of [
      ['read_file', { path: tooLongName }],
      ['write_file', { path: tooLongName, content: 'x' }],
      ['edit_file', { path: `a/${tooLongName}`, old_str: 'a', new_str: 'b' }],
      ['multi_edit', { path: tooLongName, edits: [{ old_str: 'a', new_str: 'b' }] }],
      ['list_directory', { path: tooLongName }],
    ] as const) {
      const result = await toolkit.invoke('filesystem', op as string, input); // one list for several operations: by name
      expect(errorCode(result), op).toBe('INVALID_INPUT');
      expect(result.text, op).toContain('255 bytes');
    }
    const deepResult = await toolkit.invoke('filesystem', 'write_file', { path: deep.slice(0, 4090), content: 'x' });
    expect(errorCode(deepResult)).toBe('INVALID_INPUT');
    // Through a symlink, the resolved path can be longer than the one given: still INVALID_INPUT, not INTERNAL.
    await symlink(Array.from({ length: 16 }, () => long(250)).join('/'), path.join(root, 'far'));
    const viaLink = await toolkit.invoke('filesystem', 'write_file', { path: `far/${long(200)}`, content: 'x' });
    expect(errorCode(viaLink)).toBe('INVALID_INPUT');
    expect(viaLink.text).toContain('4095');
    const readViaLink = await toolkit.invoke('filesystem', 'read_file', { path: `far/${long(200)}/${long(200)}` });
    expect(errorCode(readViaLink)).toBe('INVALID_INPUT');
    expect(await readdir(root)).toEqual(['far']);
  });

  it('a trailing slash names a folder: write and edits refuse it instead of writing a file', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await mkdir(path.join(root, 'existing'));
    await writeFile(path.join(root, 'f.txt'), 'a\n');
    const cases: [string, Record<string, unknown>, string][] = [
      ['write_file', { path: 'dir/', content: 'x' }, 'INVALID_INPUT'],
      ['write_file', { path: 'new/.', content: 'x' }, 'INVALID_INPUT'],
      ['write_file', { path: 'existing/', content: 'x' }, 'IS_DIRECTORY'],
      ['write_file', { path: 'f.txt/', content: 'x' }, 'NOT_DIRECTORY'],
      ['edit_file', { path: 'f.txt/', old_str: 'a', new_str: 'b' }, 'NOT_DIRECTORY'],
      ['edit_file', { path: 'made/', old_str: '', new_str: 'b' }, 'INVALID_INPUT'],
      ['multi_edit', { path: 'f.txt/', edits: [{ old_str: 'a', new_str: 'b' }] }, 'NOT_DIRECTORY'],
      ['read_file', { path: 'f.txt/' }, 'NOT_DIRECTORY'],
      ['write_file', { path: '.', content: 'x' }, 'IS_DIRECTORY'],
    ];
    for (const [op, input, code] of cases) {
      const result = await toolkit.invoke('filesystem', op, input);
      expect(errorCode(result), `${op} ${JSON.stringify(input)}: ${result.text}`).toBe(code);
    }
    expect((await readdir(root)).sort()).toEqual(['existing', 'f.txt']);
    expect(await readFile(path.join(root, 'f.txt'), 'utf8')).toBe('a\n');
    expect(await readdir(path.join(root, 'existing'))).toEqual([]);
  });
});

describe('files that are not regular files', () => {
  it('a UNIX socket is INVALID_INPUT "not a regular file" for read, write and edits, and listed as other', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const server = createServer();
    await new Promise<void>((done) => server.listen(path.join(root, 'sock'), done));
    try {
      for (const [op, input] of [
        ['read_file', { path: 'sock' }],
        ['write_file', { path: 'sock', content: 'x' }],
        ['edit_file', { path: 'sock', old_str: 'a', new_str: 'b' }],
        ['multi_edit', { path: 'sock', edits: [{ old_str: 'a', new_str: 'b' }] }],
      ] as const) {
        const result = await toolkit.invoke('filesystem', op as string, input); // by name, as above
        expect(errorCode(result), op).toBe('INVALID_INPUT');
        expect(result.text, op).toContain('not a regular file');
      }
      const listing = expectOk(await toolkit.invoke('filesystem', 'list_directory', {}));
      expect(listing.entries).toEqual([{ path: 'sock', type: 'other', size: 0 }]);
    } finally {
      server.close();
    }
  });

  it('a FIFO is refused at once by write_file and edit_file (no hang waiting for a reader)', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await execFileAsync('mkfifo', [path.join(root, 'pipe')]);
    // Refused before any open: an open for writing would wait for a reader (the test's timeout bounds it).
    for (const [op, input] of [
      ['write_file', { path: 'pipe', content: 'x' }],
      ['edit_file', { path: 'pipe', old_str: 'a', new_str: 'b' }],
      ['read_file', { path: 'pipe' }],
    ] as const) {
      expect(errorCode(await toolkit.invoke('filesystem', op, input)), op).toBe('INVALID_INPUT');
    }
  });

  it('a symlink given as the path is resolved (inside) or refused (outside), never replaced by a file', async () => {
    const { root } = await workspaceToolkit();
    const outsideDir = await tempDir();
    await writeFile(path.join(outsideDir, 'secret'), 'secret');
    await writeFile(path.join(root, 'real.txt'), 'real\n');
    await symlink('real.txt', path.join(root, 'in-link'));
    await symlink(path.join(outsideDir, 'secret'), path.join(root, 'out-link'));
    const toolkit = createToolkit({ workspace: root });
    expectOk(
      await toolkit.invoke('filesystem', 'multi_edit', {
        path: 'in-link',
        edits: [{ old_str: 'real', new_str: 'REAL' }],
      }),
    );
    expect(await readFile(path.join(root, 'real.txt'), 'utf8')).toBe('REAL\n');
    expect(
      errorCode(
        await toolkit.invoke('filesystem', 'multi_edit', {
          path: 'out-link',
          edits: [{ old_str: 'secret', new_str: 'x' }],
        }),
      ),
    ).toBe('OUTSIDE_WORKSPACE');
    expect(errorCode(await toolkit.invoke('filesystem', 'list_directory', { path: 'out-link' }))).toBe(
      'OUTSIDE_WORKSPACE',
    );
    expect(await readFile(path.join(outsideDir, 'secret'), 'utf8')).toBe('secret');
  });
});
