// This process's private temporary folder for what it must keep from every command: the named
// pipes commands' output is read through, and the confined helpers' own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Named as the sweep of what dead processes left knows it (toolwright-fifo-<pid>-…). */
const FOLDER_PREFIX = 'toolwright-fifo-';

let tempFolder: string | undefined;

/**
 * This process's private folder (0700) for the named pipes it reads commands' output through (and
 * the confined helpers' own), removed at exit. Every sandbox mounts an empty folder over it: a
 * command must not open another call's pipes (to forge or take its output), wherever the system's
 * temporary folder is (TMPDIR may lie inside a workspace).
 */
export function processTempFolder(): string {
  if (tempFolder === undefined) {
    const folder = mkdtempSync(path.join(tmpdir(), `${FOLDER_PREFIX}${process.pid}-`));
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    tempFolder = folder;
  }
  return tempFolder;
}

/**
 * bwrap arguments mounting an empty folder over this process's private folder: always, since a
 * workspace or writable folder may show it again below a private /tmp (a workspace in /tmp, a
 * TMPDIR in the workspace).
 */
export function maskTempFolder(): string[] {
  return ['--tmpfs', processTempFolder()];
}
