// The handler bodies of catalog.yaml's git provider. `satisfies Handlers` makes a missing or
// mistyped handler a compile error; defineProviders checks the same at run time.
import { withText } from 'toolwright';
import { ToolError } from './generated/errors.js';
import type { GitStatusResult, Handlers } from './generated/types.js';
import { currentBranch, git, gitFailure, repositoryFolder, repositoryTop } from './git.js';

type Entry = GitStatusResult['entries'][number];

/** Parses `git status --porcelain=v1 -z`: "XY path\0" (renames add "\0old path"). */
export function parseStatus(output: string): Entry[] {
  const fields = output.split('\0');
  const entries: Entry[] = [];
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (field.length < 4) continue;
    const x = field[0]!;
    const y = field[1]!;
    const file = field.slice(3);
    if (x === 'R' || x === 'C') i++; // the source path follows
    if (x === '?' && y === '?') {
      entries.push({ path: file, status: 'untracked', staged: false });
    } else if (x === 'U' || y === 'U' || (x === 'A' && y === 'A') || (x === 'D' && y === 'D')) {
      entries.push({ path: file, status: 'conflicted', staged: false });
    } else {
      const code = x !== ' ' ? x : y;
      const status =
        code === 'A' || code === 'C' ? 'added' : code === 'D' ? 'deleted' : code === 'R' ? 'renamed' : 'modified';
      entries.push({ path: file, status, staged: x !== ' ' });
    }
  }
  return entries;
}

export const handlers = {
  git: {
    async git_status(params, ctx) {
      const cwd = await repositoryFolder(ctx);
      const result = await git(ctx, cwd, ['status', '--porcelain=v1', '-z', '--untracked-files=all']);
      if (result.exitCode !== 0) throw gitFailure(result, 'git status');
      // git names paths from the repository's top; the result names them from the workspace's.
      const top = await repositoryTop(ctx, cwd);
      const entries = parseStatus(result.stdout).map((e) => (top ? { ...e, path: `${top}/${e.path}` } : e));
      const branch = await currentBranch(ctx, cwd);
      const output = { branch, clean: entries.length === 0, entries };
      // The text is made from what is shown: entries whose path a policy rule denies are left out by toolwright.
      return withText(output, (shown) => {
        const lines = shown.entries.map((e) => `  ${e.status}${e.staged ? ' (staged)' : ''}: ${e.path}`);
        return `On branch ${shown.branch ?? '(detached HEAD)'}: ${shown.clean ? 'nothing to commit, working tree clean' : `${lines.length} change(s)\n${lines.join('\n')}`}`;
      });
    },

    async git_log(params, ctx) {
      const cwd = await repositoryFolder(ctx);
      const limit = params.limit;
      const result = await git(ctx, cwd, ['log', `-n${limit}`, '--format=%H%x1f%an%x1f%ae%x1f%aI%x1f%s%x1e']);
      if (result.exitCode !== 0) {
        // A branch without commits yet has an empty log, not an error.
        if (/does not have any commits yet/.test(result.stderr)) return { commits: [] };
        throw gitFailure(result, 'git log');
      }
      const commits = result.stdout
        .split('\x1e')
        .map((record) => record.trim())
        .filter(Boolean)
        .map((record) => {
          const [hash = '', author = '', email = '', date = '', subject = ''] = record.split('\x1f');
          return { hash, author, email, date, subject };
        });
      return { commits };
    },

    async git_commit(params, ctx) {
      const cwd = await repositoryFolder(ctx);
      if (params.all) {
        const added = await git(ctx, cwd, ['add', '-A']);
        if (added.exitCode !== 0) throw gitFailure(added, 'git add');
      }
      // An explicit author is also the committer; otherwise git's configured identity, never a guessed one.
      const identity: Record<string, string> = params.author
        ? {
            GIT_AUTHOR_NAME: params.author.name,
            GIT_AUTHOR_EMAIL: params.author.email,
            GIT_COMMITTER_NAME: params.author.name,
            GIT_COMMITTER_EMAIL: params.author.email,
          }
        : {};
      const committed = await git(
        ctx,
        cwd,
        ['-c', 'user.useConfigOnly=true', 'commit', '--quiet', '-m', params.message],
        identity,
      );
      if (committed.exitCode !== 0) {
        const said = committed.stdout + committed.stderr;
        if (/nothing (added )?to commit|no changes added to commit/.test(said)) {
          throw new ToolError(
            'NOTHING_TO_COMMIT',
            'there are no staged changes to commit; stage files first or pass all: true',
          );
        }
        if (/Author identity unknown|Please tell me who you are|no email was given|empty ident name/i.test(said)) {
          throw new ToolError(
            'NO_IDENTITY',
            'git has no author identity configured here; pass author: { name, email }',
          );
        }
        throw gitFailure(committed, 'git commit');
      }
      const head = await git(ctx, cwd, ['rev-parse', 'HEAD']);
      if (head.exitCode !== 0) throw gitFailure(head, 'git rev-parse');
      const files = await git(ctx, cwd, ['diff-tree', '--no-commit-id', '--name-only', '-r', '--root', '-z', 'HEAD']);
      if (files.exitCode !== 0) throw gitFailure(files, 'git diff-tree');
      const output = {
        hash: head.stdout.trim(),
        branch: await currentBranch(ctx, cwd),
        files_changed: files.stdout.split('\0').filter(Boolean).length,
      };
      return withText(
        output,
        `Committed ${output.hash.slice(0, 12)} on ${output.branch ?? '(detached HEAD)'}: ${output.files_changed} file(s) changed`,
      );
    },
  },
} satisfies Handlers;
