// What a git command may print of the repository, for path rules: git is asked itself which paths
// that can be — the tracked files (and untracked ones, for status, ls-files -o, grep --untracked),
// or every path of every commit, stash and reflog entry plus the index for commands that read
// history — narrowed to the command's pathspecs where they are plain paths. An object named by its
// id (a blob or a tree) has no path to narrow to: then the whole history counts.
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import type { GitRead } from '../../../runtime/shell/read-only/classify.js';
import type { Word } from '../../../runtime/shell/words.js';
import { isInside } from '../../../runtime/fs/workspace.js';
import type { GitScanner } from './git-repositories.js';

export class GitPathsUnknown extends Error {}

export interface GitReach {
  /** Workspace-relative paths the command may print (names or contents). */
  paths: Set<string>;
  /** Where they come from, for the message. */
  source: string;
}

/** The paths one git command may print, or undefined when it prints no file name or contents. */
export async function gitReach(
  read: GitRead,
  top: string,
  root: string,
  git: GitScanner,
): Promise<GitReach | undefined> {
  if (read.reads === 'none' || read.cwd === undefined) return undefined;
  const cwd = read.cwd;
  const revisions: Word[] = [];
  const limits: Word[] = [...read.pathspecs];
  for (const word of read.ambiguous) {
    const onDisk =
      !word.text.includes(':') &&
      (await lstat(path.resolve(cwd, word.text)).then(
        () => true,
        () => false,
      ));
    (onDisk || word.glob ? limits : revisions).push(word);
  }
  let reads = read.reads;
  if (reads === 'tracked' && read.revisionsReadHistory && revisions.length > 0) reads = 'history';
  // Prefixes (repository-relative) the output is limited to; undefined: not limited.
  let prefixes: string[] | undefined =
    !read.loose && limits.length > 0 && limits.every(plain)
      ? limits.map((w) => path.relative(top, path.resolve(cwd, w.text)))
      : undefined;
  if (reads === 'history' && read.objects) {
    if (read.anyObject) prefixes = undefined;
    for (const word of revisions) {
      const typed = await git(['cat-file', '-t', word.text], cwd);
      // Cut by the deadline, the word's object is unknown: what git would print cannot be bounded.
      if (typed.code === 'timeout')
        throw new GitPathsUnknown(`finding what ${word.text.slice(0, 80)} names took too long`);
      const type = typed.stdout.trim();
      if (type !== 'blob' && type !== 'tree') continue;
      const colon = treePath(word.text);
      // An id names an object without a path; REV:PATH of a tree shows what lies below PATH.
      if (colon === undefined) prefixes = undefined;
      else if (prefixes && type === 'tree')
        prefixes.push(
          path.relative(
            top,
            colon.startsWith('./') || colon.startsWith('../') ? path.resolve(cwd, colon) : path.join(top, colon),
          ),
        );
    }
  }
  const names = new Set<string>();
  await list(['ls-files', '-z', '--full-name', '--cached'], top, git, names);
  if (read.untracked)
    await list(
      ['ls-files', '-z', '--full-name', '--others', ...(read.untracked === 'unignored' ? ['--exclude-standard'] : [])],
      top,
      git,
      names,
    );
  if (reads === 'history')
    await list(
      ['log', '--all', '--reflog', '--format=', '--name-only', '-z', '-m', '--root', '--no-renames'],
      top,
      git,
      names,
    );
  const paths = new Set<string>();
  for (const name of names) {
    if (prefixes && !prefixes.some((p) => p === '' || name === p || name.startsWith(`${p}/`))) continue;
    const absolute = path.join(top, name);
    if (isInside(root, absolute) && absolute !== root) paths.add(path.relative(root, absolute));
  }
  const source =
    reads === 'history'
      ? "the repository's history"
      : read.untracked
        ? 'the files git tracks or finds untracked'
        : 'the files git tracks';
  return { paths, source };
}

/** A pathspec git reads as a plain path (no glob characters, no magic). */
const plain = (word: Word) => !word.glob && !/[*?[\\]/.test(word.text) && !word.text.startsWith(':');

/** The PATH of `REV:PATH` (`:PATH` and `:N:PATH` too), or undefined for a word without one. */
function treePath(text: string): string | undefined {
  const stage = /^:[0-3]:(.*)$/s.exec(text);
  if (stage) return stage[1];
  const colon = text.indexOf(':');
  return colon < 0 ? undefined : text.slice(colon + 1);
}

/** Adds the NUL-separated names git prints to `names`; refuses when git cannot list them. */
async function list(args: string[], cwd: string, git: GitScanner, names: Set<string>): Promise<void> {
  let pending = '';
  const result = await git(args, cwd, (chunk) => {
    const records = (pending + chunk).split('\0');
    pending = records.pop()!;
    for (const record of records) {
      const name = record.replace(/^\n+/, '');
      if (name !== '') names.add(name);
    }
    return true;
  });
  if (pending.replace(/^\n+/, '') !== '') names.add(pending.replace(/^\n+/, ''));
  // An empty repository has no history to list (git log exits 128 with nothing to show).
  if (result.code === 128 && /does not have any commits|bad default revision/i.test(result.stderr)) return;
  if (result.code !== 0) {
    const why =
      result.code === 'timeout'
        ? 'took too long'
        : result.code === 'too much output'
          ? 'lists too many paths'
          : `failed: ${result.stderr.trim().split('\n')[0] || result.code}`;
    throw new GitPathsUnknown(`listing what git ${args[0]} may print ${why}`);
  }
}
