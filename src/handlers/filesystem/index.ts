// The filesystem provider: read_file, write_file, edit_file, multi_edit, apply_patch, list_directory,
// one file per operation; the write transaction in write-transaction.ts, reading lines in lines/,
// text encodings in encodings/, images, PDFs and notebooks in media/, the edit core and its worker
// in edit/, apply_patch's engine (sections applied in memory, several files written as one) in patch/,
// checkpoint_list, checkpoint_diff and checkpoint_restore in checkpoints/.
import type { FilesystemHandlers } from '../../generated/types.js';
import { applyPatch } from './apply-patch.js';
import { checkpointDiff } from './checkpoints/diff.js';
import { checkpointList } from './checkpoints/list.js';
import { checkpointRestore } from './checkpoints/restore.js';
import { editFile } from './edit-file.js';
import { listDirectory } from './list-directory.js';
import { multiEdit } from './multi-edit.js';
import { readFile } from './read-file.js';
import { writeFile } from './write-file.js';

export const filesystemHandlers = {
  read_file: readFile,
  write_file: writeFile,
  edit_file: editFile,
  multi_edit: multiEdit,
  apply_patch: applyPatch,
  list_directory: listDirectory,
  checkpoint_list: checkpointList,
  checkpoint_diff: checkpointDiff,
  checkpoint_restore: checkpointRestore,
} satisfies FilesystemHandlers;
