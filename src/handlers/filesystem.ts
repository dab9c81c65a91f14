// The filesystem provider: read_file, write_file, edit_file (DESIGN.md §5). One file per operation
// under filesystem/; shared helpers in filesystem/common.ts.
import type { FilesystemHandlers } from '../generated/types.js';
import { editFile } from './filesystem/edit-file.js';
import { readFile } from './filesystem/read-file.js';
import { writeFile } from './filesystem/write-file.js';

export const filesystemHandlers = {
  read_file: readFile,
  write_file: writeFile,
  edit_file: editFile,
} satisfies FilesystemHandlers;
