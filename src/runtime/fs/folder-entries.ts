// A folder's entries read a batch at a time: readdir turns a whole listing into JavaScript in one
// go, and a folder of 200,000 entries holds the event loop for a tenth of a second; opendir's
// batches hold it for a few milliseconds each. It costs more system calls per folder (an open, a
// read per batch, a close), so walks over many small folders keep readdir.
import type { Dirent } from 'node:fs';
import { opendir } from 'node:fs/promises';

/** Entries per read of the folder. */
const BATCH = 1024;

/** The entries of the folder at `folder`, typed (as readdir's withFileTypes), in the file system's order. */
export async function folderEntries(folder: string): Promise<Dirent[]> {
  const dir = await opendir(folder, { bufferSize: BATCH });
  const entries: Dirent[] = [];
  // The loop closes the folder when it ends or throws.
  for await (const entry of dir) entries.push(entry);
  return entries;
}
