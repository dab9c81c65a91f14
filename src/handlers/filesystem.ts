// The filesystem provider: read_file, write_file, edit_file, multi_edit, list_directory (DESIGN.md
// §5, §11). One file per operation under filesystem/; shared helpers in filesystem/common.ts.
import type { FilesystemHandlers } from '../generated/types.js';
import { editFile } from './filesystem/edit-file.js';
import { listDirectory } from './filesystem/list-directory.js';
import { multiEdit } from './filesystem/multi-edit.js';
import { readFile } from './filesystem/read-file.js';
import { writeFile } from './filesystem/write-file.js';

export const filesystemHandlers = {
  read_file: readFile,
  write_file: writeFile,
  edit_file: editFile,
  multi_edit: multiEdit,
  list_directory: listDirectory,
} satisfies FilesystemHandlers;
