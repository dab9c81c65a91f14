// A folder's entries, a large folder's read a batch at a time: readdir turns a whole listing into
// JavaScript in one go, and a folder of 200,000 entries holds the event loop for a tenth of a
// second; opendir's batches hold it for a few milliseconds each. opendir costs more system calls
// per folder (an open, a read per batch, a close), which a walk over thousands of small folders
// pays half again in time, so the folder's own size decides.
import type { Dirent } from 'node:fs';
import { opendir, readdir, type FileHandle } from 'node:fs/promises';

/** Entries per read of a large folder. */
const BATCH = 1024;
/**
 * A folder larger than this (its own size: ext4, btrfs and tmpfs grow it with its entries, about
 * 20 bytes each) is read in batches; file systems that report a fixed size are read whole.
 */
const BATCHED_FOLDER_BYTES = 128 * 1024;

/**
 * The entries of the open folder `handle` (at `folder`, a path that reaches it: its
 * /proc/self/fd/N), typed as readdir's withFileTypes gives them; a large folder's in the file
 * system's order, a small one's sorted by name.
 */
export async function folderEntries(handle: FileHandle, folder: string): Promise<Dirent[]> {
  const { size } = await handle.stat();
  if (size <= BATCHED_FOLDER_BYTES) return readdir(folder, { withFileTypes: true });
  const dir = await opendir(folder, { bufferSize: BATCH });
  const entries: Dirent[] = [];
  // The loop closes the folder when it ends or throws.
  for await (const entry of dir) entries.push(entry);
  return entries;
}
