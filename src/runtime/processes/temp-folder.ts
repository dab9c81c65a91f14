// This process's private temporary folder for what it must keep from every command: the named
// pipes commands' output is read through, and the confined helpers' own.
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
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
    const made = mkdtempSync(path.join(tmpdir(), `${FOLDER_PREFIX}${process.pid}-`));
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
    // As a sandbox's mounts name folders: real paths (TMPDIR may go through a link).
    tempFolder = realpathSync(made);
  }
  return tempFolder;
}

/**
 * bwrap arguments mounting an empty folder over this process's private folder where the sandbox
 * `args` build would show it: inside a folder they bind (the workspace, a writable or read-only one:
 * a TMPDIR in the workspace, a workspace in /tmp), or, when they bind the whole root, anywhere but a
 * folder they make empty (/tmp and the like). Nothing where it is unseen already: an empty mount
 * point would name this process in the sandbox's /tmp.
 */
export function maskTempFolder(args: readonly string[]): string[] {
  const folder = processTempFolder();
  const holds = (dir: string) => folder === dir || folder.startsWith(dir.endsWith('/') ? dir : `${dir}/`);
  const bound: string[] = [];
  const emptied: string[] = [];
  let rootShown = false;
  for (let i = 0; i < args.length; i++) {
    const flag = args[i];
    if (flag === '--bind' || flag === '--ro-bind' || flag === '--bind-try' || flag === '--ro-bind-try') {
      const target = args[i + 2]!;
      if (target === '/') rootShown = true;
      else bound.push(target);
      i += 2;
    } else if (flag === '--tmpfs') emptied.push(args[++i]!);
  }
  const unseen = !bound.some(holds) && (!rootShown || emptied.some(holds));
  return unseen ? [] : ['--tmpfs', folder];
}
