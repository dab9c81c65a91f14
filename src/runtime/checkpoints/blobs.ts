// File contents a session's checkpoints hold, one file per content, named by its git blob id
// (sha-1 of `blob <size>\0` and the bytes, as git names it), written once, without following links,
// and checked against its name when read back (a torn or changed blob is never restored).
import { lstat, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { nodeCrypto } from '../lazy-require.js';
import { createOwnFile, openOwnFile } from '../own-files.js';

/** The git blob id of `bytes`. */
export function gitBlobId(bytes: Uint8Array): string {
  return nodeCrypto().createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

const OID = /^[0-9a-f]{40}$/;

export class BlobFolder {
  constructor(readonly folder: string) {}

  /**
   * Stores `bytes` under their id (written to a temporary file and renamed into place, so a blob is
   * whole or absent; renaming over a blob of the same id replaces it with the same bytes).
   */
  async put(bytes: Uint8Array, oid = gitBlobId(bytes)): Promise<string> {
    const final = path.join(this.folder, oid);
    const temp = path.join(this.folder, `.${oid}.${process.pid}.${nodeCrypto().randomBytes(4).toString('hex')}.tmp`);
    const handle = await createOwnFile(temp, 'write', 'a checkpoint blob');
    try {
      await handle.writeFile(bytes);
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, final);
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw error;
    }
    return oid;
  }

  /** The bytes of blob `oid`, or undefined when it is missing or does not hold what its id says. */
  async get(oid: string): Promise<Buffer | undefined> {
    if (!OID.test(oid)) return undefined;
    const handle = await openOwnFile(path.join(this.folder, oid), 'read', 'a checkpoint blob').catch(() => undefined);
    if (!handle) return undefined;
    try {
      const bytes = await handle.readFile();
      return gitBlobId(bytes) === oid ? bytes : undefined;
    } finally {
      await handle.close();
    }
  }

  /** Removes every blob not in `live` (and temp files a writer left over a minute ago). */
  async sweep(live: ReadonlySet<string>): Promise<void> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    const now = Date.now();
    for (const name of names) {
      const file = path.join(this.folder, name);
      let stale = OID.test(name) && !live.has(name);
      if (!stale && name.endsWith('.tmp'))
        stale = now - ((await lstat(file).catch(() => undefined))?.mtimeMs ?? now) > 60_000;
      if (stale) await unlink(file).catch(() => {});
    }
  }
}
