// A checkpoint's blob is put under its session log's lock, with the record that names it: the
// limits of another call completing at the same moment cannot remove it in between (an older
// checkpoint dropped by the limits held the same content, and nothing named it yet).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CallCheckpoint, type CheckpointSource } from '../../src/runtime/checkpoints/recorder.js';
import { SessionLog } from '../../src/runtime/checkpoints/session-log.js';
import type { FileState } from '../../src/runtime/checkpoints/types.js';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((f) => rm(f, { recursive: true, force: true })));
});

function kept(oid: string, size: number): FileState {
  return { exists: true, oid, mode: 0o644, size, kept: true, store: 'blob' };
}

function source(log: SessionLog): CheckpointSource {
  return {
    bash: false,
    maxBytes: 1 << 20,
    log: async () => log,
    repo: () => Promise.reject(new Error('no shadow repository in this test')),
    snapshotRefs: () => ({ before: 'b', after: 'a' }),
  };
}

function call(operation: string) {
  return { storeKey: { scope: 's', principal: 'p' }, session: { id: 's1' }, operation: { id: operation } };
}

describe('a checkpoint blob and the limits', () => {
  it('a blob being recorded is not removed by limits dropping the older checkpoint that held it', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'tw-blob-race-'));
    folders.push(folder);
    const log = new SessionLog(folder, { maxCount: 1, maxBytes: 1 << 30 });
    await log.ready();
    const content = Buffer.from('the same content in two checkpoints\n');

    // An older, complete checkpoint holds the blob.
    const oldOid = await log.blobs.put(content);
    const first = await log.begin('filesystem.edit_file', 'files', undefined, [
      { path: 'a.txt', state: kept(oldOid, content.length) },
    ]);
    await log.after(first, [{ path: 'a.txt', state: { exists: false } }]);

    // A new call (through its recorder) keeps the same content again; it is paused right after the put.
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    let put!: () => void;
    const wasPut = new Promise<void>((resolve) => (put = resolve));
    const realPut = log.blobs.put.bind(log.blobs);
    log.blobs.put = async (bytes, oid) => {
      const id = await realPut(bytes, oid);
      put();
      await paused;
      return id;
    };
    const recorder = new CallCheckpoint(source(log), call('filesystem.edit_file'));
    const second = recorder.before([{ resolved: { relative: 'b.txt', absolute: '/w/b.txt' }, bytes: content }]);
    await wasPut;
    log.blobs.put = realPut;

    // Meanwhile a third call completes: past maxCount, the limits drop the oldest complete one.
    const third = (async () => {
      const id = await log.begin('filesystem.write_file', 'files', undefined, [
        { path: 'c.txt', state: { exists: false } },
      ]);
      await log.after(id, [{ path: 'c.txt', state: { exists: false } }]);
      return id;
    })();
    // Given time to finish: it cannot, while the paused call holds the log (it could, and removed the
    // blob, when blobs were put outside the lock).
    await Promise.race([third, new Promise((resolve) => setTimeout(resolve, 200))]);
    release();
    await second; // its call is still running: the limits never drop it
    await third;
    const secondId = recorder.id!;

    expect(log.get(first)).toBeUndefined(); // the limits did drop it
    expect(log.get(secondId)?.files[0]?.before).toEqual(kept(oldOid, content.length));
    expect(await log.blobs.get(oldOid)).toEqual(content); // and the blob it shared survived
    await log.close();
  });

  it('a checkpoint whose call recorded nothing new appends no empty before', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'tw-blob-race-'));
    folders.push(folder);
    const log = new SessionLog(folder, { maxCount: 10, maxBytes: 1 << 30 });
    const id = await log.begin('filesystem.edit_file', 'files', undefined, async () => [
      { path: 'a.txt', state: { exists: false } },
    ]);
    await log.before(id, async () => []);
    expect(log.get(id)?.files.map((f) => f.path)).toEqual(['a.txt']);
    await log.close();
  });
});
