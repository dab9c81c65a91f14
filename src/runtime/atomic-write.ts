import { randomBytes } from 'node:crypto';
import { chmod, chown, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

export interface AtomicWriteOptions {
  /** Permission bits for the file (an existing file's mode is passed here to keep it). */
  mode?: number;
  /** Owner to restore (only applied when running as root and it differs). */
  uid?: number;
  gid?: number;
}

/**
 * Writes `data` to `target` so that readers see either the old or the new content, never a torn
 * mix: a temporary file in the same folder (same file system, so rename is atomic), flushed to
 * disk, then renamed over the target.
 */
export async function atomicWriteFile(target: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', options.mode ?? 0o666);
  let renamed = false;
  try {
    try {
      await handle.writeFile(data);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    // open() applies the umask; an existing file's exact mode is restored explicitly.
    if (options.mode !== undefined) await chmod(temp, options.mode);
    if (options.uid !== undefined && options.gid !== undefined && process.getuid?.() === 0) {
      await chown(temp, options.uid, options.gid).catch(() => {});
    }
    await rename(temp, target);
    renamed = true;
  } finally {
    if (!renamed) await unlink(temp).catch(() => {});
  }
}
