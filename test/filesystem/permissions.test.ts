// Files keep their rights: a write as a non-root user (a child process run as `nobody`) is refused
// where a plain write would be, keeps owners and set-id bits, and is not a rename that steals a
// file. CI runs as root, so the non-root cases drop privileges in a child process.
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import { fixtureArgs } from '../support/built-cli.js';
import { expectOk, tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const execFileAsync = promisify(execFile);
const NOBODY = 65534;
/** Root, and a checkout that `nobody` can traverse and read (it runs the fixture from it). */
function canDropPrivileges(): boolean {
  if (process.getuid?.() !== 0) return false;
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    if ((statSync(dir).mode & 0o005) !== 0o005) return false;
    if (path.dirname(dir) === dir) return true;
  }
}
const isRoot = canDropPrivileges();

interface Outcome {
  ok: boolean;
  code?: string;
  message?: string;
  output?: any;
}

async function asNobody(
  workspace: string,
  calls: { operation: string; input: Record<string, unknown> }[],
): Promise<Outcome[]> {
  const { stdout } = await execFileAsync(
    process.execPath,
    fixtureArgs('fs-as-user.ts', workspace, JSON.stringify(calls)),
    {
      uid: NOBODY,
      gid: NOBODY,
      env: { PATH: process.env.PATH, HOME: '/tmp' },
      maxBuffer: 1 << 22,
    },
  );
  const parsed = JSON.parse(stdout) as { uid: number; outcomes: Outcome[] };
  expect(parsed.uid).toBe(NOBODY);
  return parsed.outcomes;
}

/** A workspace owned by nobody (so nobody can create files in it), inside a folder it can traverse. */
async function nobodyWorkspace(): Promise<string> {
  const parent = await tempDir();
  await chmod(parent, 0o755);
  const ws = path.join(parent, 'ws');
  await mkdir(ws);
  await chown(ws, NOBODY, NOBODY);
  return ws;
}

async function file(
  ws: string,
  name: string,
  content: string,
  mode: number,
  uid: number,
  gid: number,
): Promise<string> {
  const p = path.join(ws, name);
  await writeFile(p, content);
  await chown(p, uid, gid);
  await chmod(p, mode);
  return p;
}

describe.skipIf(!isRoot)('as a non-root user', () => {
  it(
    'a read-only file (0444) is refused by write_file, edit_file and multi_edit, and stays as it was',
    { timeout: scaled(60_000) },
    async () => {
      const ws = await nobodyWorkspace();
      const ro = await file(ws, 'ro.txt', 'keep me\n', 0o444, NOBODY, NOBODY);
      const outcomes = await asNobody(ws, [
        { operation: 'write_file', input: { path: 'ro.txt', content: 'pwned\n' } },
        { operation: 'edit_file', input: { path: 'ro.txt', old_str: 'keep', new_str: 'lose' } },
        { operation: 'multi_edit', input: { path: 'ro.txt', edits: [{ old_str: 'keep', new_str: 'lose' }] } },
      ]);
      expect(outcomes.map((o) => o.code)).toEqual(['PERMISSION_DENIED', 'PERMISSION_DENIED', 'PERMISSION_DENIED']);
      expect(outcomes[0]!.message).toContain('0444');
      expect(await readFile(ro, 'utf8')).toBe('keep me\n');
      expect((await stat(ro)).mode & 0o7777).toBe(0o444);
    },
  );

  it(
    'a root-owned file (0644) in a folder nobody may write is refused, and keeps its owner',
    { timeout: scaled(60_000) },
    async () => {
      const ws = await nobodyWorkspace();
      const owned = await file(ws, 'root.txt', 'root data\n', 0o644, 0, 0);
      const outcomes = await asNobody(ws, [
        { operation: 'write_file', input: { path: 'root.txt', content: 'pwned\n' } },
        { operation: 'edit_file', input: { path: 'root.txt', old_str: 'root', new_str: 'mine' } },
      ]);
      expect(outcomes.map((o) => o.code)).toEqual(['PERMISSION_DENIED', 'PERMISSION_DENIED']);
      const after = await stat(owned);
      expect([after.uid, after.gid]).toEqual([0, 0]);
      expect(await readFile(owned, 'utf8')).toBe('root data\n');
    },
  );

  it(
    "another user's file that is world-writable (0666) is written as a plain write would: content changes, owner stays",
    { timeout: scaled(60_000) },
    async () => {
      const ws = await nobodyWorkspace();
      const shared = await file(ws, 'shared.txt', 'one\ntwo\n', 0o666, 0, 0);
      const outcomes = await asNobody(ws, [
        { operation: 'edit_file', input: { path: 'shared.txt', old_str: 'two', new_str: 'TWO' } },
        { operation: 'write_file', input: { path: 'shared.txt', content: 'short\n' } },
      ]);
      expect(outcomes.every((o) => o.ok)).toBe(true);
      const after = await stat(shared);
      expect([after.uid, after.gid, after.mode & 0o7777]).toEqual([0, 0, 0o666]);
      expect(await readFile(shared, 'utf8')).toBe('short\n');
    },
  );

  it(
    'a writable file in a root-owned folder is written in place (a plain write could), a new file there is refused',
    { timeout: scaled(60_000) },
    async () => {
      const ws = await nobodyWorkspace();
      const locked = path.join(ws, 'locked');
      await mkdir(locked);
      await chmod(locked, 0o755); // owned by root: nobody cannot create files here
      const mine = await file(locked, 'mine.txt', 'a\n', 0o644, NOBODY, NOBODY);
      const outcomes = await asNobody(ws, [
        { operation: 'edit_file', input: { path: 'locked/mine.txt', old_str: 'a', new_str: 'b' } },
        { operation: 'write_file', input: { path: 'locked/new.txt', content: 'x' } },
      ]);
      expect(outcomes[0]!.ok).toBe(true);
      expect(await readFile(mine, 'utf8')).toBe('b\n');
      expect(outcomes[1]!.code).toBe('PERMISSION_DENIED');
    },
  );

  it(
    'set-uid and set-gid bits of own files survive write_file and edit_file',
    { timeout: scaled(60_000) },
    async () => {
      const ws = await nobodyWorkspace();
      const suid = await file(ws, 'tool.sh', '#!/bin/sh\necho 1\n', 0o4755, NOBODY, NOBODY);
      const sgid = await file(ws, 'group.txt', 'g\n', 0o2750, NOBODY, NOBODY);
      const outcomes = await asNobody(ws, [
        { operation: 'write_file', input: { path: 'tool.sh', content: '#!/bin/sh\necho 2\n' } },
        { operation: 'edit_file', input: { path: 'group.txt', old_str: 'g', new_str: 'G' } },
        { operation: 'read_file', input: { path: 'tool.sh' } },
      ]);
      expect(outcomes.every((o) => o.ok)).toBe(true);
      expect((await stat(suid)).mode & 0o7777).toBe(0o4755);
      expect((await stat(sgid)).mode & 0o7777).toBe(0o2750);
    },
  );

  it(
    'an unreadable file is PERMISSION_DENIED for read_file and edit_file, and new files belong to the writer',
    { timeout: scaled(60_000) },
    async () => {
      const ws = await nobodyWorkspace();
      await file(ws, 'secret.txt', 'root only\n', 0o600, 0, 0);
      const outcomes = await asNobody(ws, [
        { operation: 'read_file', input: { path: 'secret.txt' } },
        { operation: 'edit_file', input: { path: 'secret.txt', old_str: 'root', new_str: 'x' } },
        { operation: 'write_file', input: { path: 'sub/new.txt', content: 'n' } },
      ]);
      expect(outcomes.slice(0, 2).map((o) => o.code)).toEqual(['PERMISSION_DENIED', 'PERMISSION_DENIED']);
      expect(outcomes[2]!.ok).toBe(true);
      expect((await stat(path.join(ws, 'sub/new.txt'))).uid).toBe(NOBODY);
    },
  );
});

describe.skipIf(!isRoot)('as root', () => {
  it("keeps another user's owner and set-id bits (chown before chmod)", async () => {
    const ws = await tempDir();
    const toolkit = createToolkit({ workspace: ws });
    const suid = await file(ws, 'suid', 'a\n', 0o4755, 1234, 1234);
    const sgid = await file(ws, 'sgid', 'b\n', 0o2750, 1234, 5678);
    expectOk(await toolkit.invoke('filesystem', 'write_file', { path: 'suid', content: 'A\n' }));
    expectOk(await toolkit.invoke('filesystem', 'edit_file', { path: 'sgid', old_str: 'b', new_str: 'B' }));
    const [s1, s2] = [await stat(suid), await stat(sgid)];
    expect([s1.uid, s1.gid, s1.mode & 0o7777]).toEqual([1234, 1234, 0o4755]);
    expect([s2.uid, s2.gid, s2.mode & 0o7777]).toEqual([1234, 5678, 0o2750]);
  });

  it('root writes a 0444 file as a plain write would, and the mode stays 0444', async () => {
    const ws = await tempDir();
    const toolkit = createToolkit({ workspace: ws });
    const ro = await file(ws, 'ro.txt', 'x\n', 0o444, 0, 0);
    expectOk(await toolkit.invoke('filesystem', 'write_file', { path: 'ro.txt', content: 'y\n' }));
    expect(await readFile(ro, 'utf8')).toBe('y\n');
    expect((await stat(ro)).mode & 0o7777).toBe(0o444);
  });
});
