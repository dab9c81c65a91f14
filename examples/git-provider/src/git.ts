// Runs git for the handlers: confined to the workspace, never prompting, never running code a
// repository's config asks for on read paths, and cancelled with the tool call.
import path from 'node:path';
import { execa } from 'execa';
import type { HandlerContext } from 'toolwright';
import { ToolError } from './generated/errors.js';

export interface GitResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/**
 * The folder the `path` param names (the catalog's default "." when left out), resolved inside the
 * workspace by toolwright before the call: OUTSIDE_WORKSPACE, the policy's path rules and a missing
 * path's NOT_FOUND are toolwright's, worded as for every provider.
 */
export async function repositoryFolder(ctx: HandlerContext): Promise<string> {
  return (await ctx.existingPath('path')).absolute;
}

/**
 * Runs `git args` in `cwd`. git never looks above the workspace root for a repository
 * (GIT_CEILING_DIRECTORIES), never prompts, and core.fsmonitor (which runs a command named by the
 * repository's own config) is off.
 */
export async function git(
  ctx: HandlerContext,
  cwd: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<GitResult> {
  try {
    const result = await execa('git', ['-c', 'core.fsmonitor=false', '-c', 'core.quotePath=false', ...args], {
      cwd,
      reject: false,
      stripFinalNewline: false,
      cancelSignal: ctx.signal,
      env: {
        GIT_CEILING_DIRECTORIES: path.dirname(ctx.workspace.root),
        GIT_TERMINAL_PROMPT: '0',
        GIT_OPTIONAL_LOCKS: '0',
        LC_ALL: 'C',
        ...env,
      },
    });
    if (result.isCanceled) throw new ToolError('CANCELLED', 'the git call was cancelled');
    return { stdout: String(result.stdout), stderr: String(result.stderr), exitCode: result.exitCode ?? 1 };
  } catch (error) {
    if (error instanceof ToolError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new ToolError('UNAVAILABLE', 'git is not installed (or not on PATH); install git to use the git tools');
    }
    throw error;
  }
}

/** Maps a failed git run to the catalog's codes. */
export function gitFailure(result: GitResult, what: string): ToolError {
  const message = result.stderr.trim().split('\n').slice(-3).join(' ');
  if (/not a git repository/i.test(result.stderr)) {
    return new ToolError('NOT_A_REPOSITORY', `${what}: not inside a git repository within the workspace`);
  }
  return new ToolError('GIT_FAILED', `${what}: git exited with ${result.exitCode}: ${message}`, {
    exitCode: result.exitCode,
  });
}

/** The repository's top folder relative to the workspace root ('' when the repository is the workspace). */
export async function repositoryTop(ctx: HandlerContext, cwd: string): Promise<string> {
  const result = await git(ctx, cwd, ['rev-parse', '--show-toplevel']);
  if (result.exitCode !== 0) throw gitFailure(result, 'git rev-parse');
  return path.relative(ctx.workspace.root, result.stdout.trim()).split(path.sep).join('/');
}

/** The checked-out branch (also on a branch without commits), or null on a detached HEAD. */
export async function currentBranch(ctx: HandlerContext, cwd: string): Promise<string | null> {
  const result = await git(ctx, cwd, ['symbolic-ref', '--short', '-q', 'HEAD']);
  if (result.exitCode === 0) return result.stdout.trim();
  if (result.exitCode === 1) return null;
  throw gitFailure(result, 'git symbolic-ref');
}
