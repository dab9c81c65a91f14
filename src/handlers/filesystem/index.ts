// The filesystem provider: read_file, write_file, edit_file, multi_edit, apply_patch, list_directory,
// one file per operation; the write transaction in write-transaction.ts, reading lines in lines/,
// text encodings in encodings/, images, PDFs and notebooks in media/, the edit core and its worker
// in edit/, apply_patch's engine (sections applied in memory, several files written as one) in patch/,
// checkpoint_list, checkpoint_diff and checkpoint_restore in checkpoints/.
// read_file is loaded with the provider; the other operations (about half the provider's code, the
// edit core most of it) on their first call, so a process that only reads never loads them.
import type { FilesystemHandlers } from '../../generated/types.js';
import { readFile } from './read-file.js';
import { prepareScanner } from './lines/newline-scan.js';

export const filesystemHandlers = {
  read_file: readFile,
  write_file: async (params, ctx) => (await import('./write-file.js')).writeFile(params, ctx),
  edit_file: async (params, ctx) => (await import('./edit-file.js')).editFile(params, ctx),
  multi_edit: async (params, ctx) => (await import('./multi-edit.js')).multiEdit(params, ctx),
  apply_patch: async (params, ctx) => (await import('./apply-patch.js')).applyPatch(params, ctx),
  list_directory: async (params, ctx) => (await import('./list-directory.js')).listDirectory(params, ctx),
  checkpoint_list: async (params, ctx) => (await import('./checkpoints/list.js')).checkpointList(params, ctx),
  checkpoint_diff: async (params, ctx) => (await import('./checkpoints/diff.js')).checkpointDiff(params, ctx),
  checkpoint_restore: async (params, ctx) => (await import('./checkpoints/restore.js')).checkpointRestore(params, ctx),
} satisfies FilesystemHandlers;

/** What a first read would otherwise do on its way: the newline scanner's compilation. */
export function warmUp(): void {
  prepareScanner();
}
