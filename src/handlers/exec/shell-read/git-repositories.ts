// shell_read's check of the repositories git would read: drivers that a repository's own config
// names (filter.<x>.clean, diff.<x>.command, textconv, merge drivers, diff.external) run programs
// on `git status` / `git diff` once a .gitattributes entry selects them, and no environment setting
// can switch off a driver whose name is not known beforehand. git enters every populated submodule
// (status and diff check whether it is dirty, with its own config), so the check covers the top
// repository and, through the gitlinks of each index, every submodule below it. The environment
// overrides (core.fsmonitor, core.hooksPath, …) reach those submodule runs too. User and system
// config are the user's own and stay. The scan is bounded in repositories and time, and fails closed.
// Where a sandbox starts, git runs in the workspace's confinement helper, so an include.path or a
// gitdir pointing outside the workspace reads nothing.
import { spawn } from 'node:child_process';
import { lstat, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isInside } from '../../../runtime/fs/workspace.js';
import { runConfined, type HelperSpec } from '../../../runtime/sandbox/confined-helper.js';
import { withoutInheritedFds } from '../../../runtime/processes/inherited-fds.js';

const DRIVER = /^(filter\..+\.(clean|smudge|process)|diff\..+\.(command|textconv)|merge\..+\.driver|diff\.external)$/i;
const MAX_REPOSITORIES = 64;
const SCAN_MS = 10_000;
const MAX_INDEX_BYTES = 256 * 1024 * 1024;

export interface RepositoryCheck {
  /** Why git is refused here, naming the repository and key. */
  problem?: string;
  /** The top repository's work tree (or git dir when there is none), when cwd is in one. */
  top?: string;
}

interface Scan {
  /** The program to run (default git). */
  file?: string;
  env: Record<string, string>;
  root: string;
  deadline: number;
  signal?: AbortSignal;
  confine?: HelperSpec;
}

class Refused extends Error {}

const MAX_OUTPUT = 8 * 1024 * 1024;

/** A running git: confined in the workspace's helper when there is one, else a direct child without inherited descriptors. */
interface GitRun {
  stdout: Readable;
  stderr: Readable;
  /** The exit code, or a string saying why there is none ('ENOENT', 'signal SIGKILL', 'failed: …'). */
  exited: Promise<number | string>;
  kill(): void;
}

async function startGit(args: string[], cwd: string, scan: Scan, extraEnv: Record<string, string>): Promise<GitRun> {
  const env = { ...scan.env, ...extraEnv };
  if (scan.confine) {
    const run = await runConfined(scan.confine, { file: scan.file ?? 'git', args, cwd, env });
    const exited = run.exited.then(
      (exit) => exit.exitCode ?? `signal ${exit.signal ?? 'unknown'}`,
      (error: Error) => `failed: ${error.message}`,
    );
    return { stdout: run.stdout, stderr: run.stderr, exited, kill: () => run.kill() };
  }
  const [file, fileArgs] = withoutInheritedFds(scan.file ?? 'git', args);
  const child = spawn(file, fileArgs, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
  const exited = new Promise<number | string>((resolve) => {
    child.on('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ENOENT' ? 'ENOENT' : `failed: ${error.message}`),
    );
    child.on('close', (code, signal) => resolve(code ?? `signal ${signal ?? 'unknown'}`));
  });
  return { stdout: child.stdout, stderr: child.stderr, exited, kill: () => child.kill('SIGKILL') };
}

/**
 * Runs git to its end within the scan's deadline (and abort), output capped: `line` sees stdout
 * as it arrives (a stream of records), else stdout is collected. code 'timeout' when it was stopped.
 */
async function git(
  args: string[],
  cwd: string,
  scan: Scan,
  extraEnv: Record<string, string> = {},
  line?: (chunk: string) => boolean,
): Promise<{ code: number | string; stdout: string; stderr: string }> {
  if (scan.signal?.aborted) return { code: 'aborted', stdout: '', stderr: '' };
  const run = await startGit(args, cwd, scan, extraEnv);
  let stdout = '';
  let stderr = '';
  let bytes = 0;
  let stopped: string | undefined;
  const stop = (why: string) => {
    stopped ??= why;
    run.kill();
  };
  run.stdout.setEncoding('utf8');
  run.stdout.on('data', (chunk: string) => {
    bytes += chunk.length;
    if (bytes > (line ? MAX_INDEX_BYTES : MAX_OUTPUT)) return stop('too much output');
    if (line) {
      if (!line(chunk)) stop('stopped');
    } else stdout += chunk;
  });
  run.stderr.setEncoding('utf8');
  run.stderr.on('data', (chunk: string) => {
    if (stderr.length < 2000) stderr += chunk;
  });
  const timer = setTimeout(() => stop('timeout'), Math.max(1, scan.deadline - Date.now()));
  const onAbort = () => stop('aborted');
  scan.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const code = await run.exited;
    return { code: stopped ?? code, stdout, stderr };
  } finally {
    clearTimeout(timer);
    scan.signal?.removeEventListener('abort', onAbort);
  }
}

/** The first local or worktree key of this repository's config (includes followed) that names a driver. */
async function configProblem(
  cwd: string,
  scan: Scan,
  where: string,
  extraEnv?: Record<string, string>,
): Promise<{ worktree?: string }> {
  const result = await git(['config', '--list', '--show-scope', '--includes', '-z'], cwd, scan, extraEnv);
  if (result.code === 'timeout') throw new Refused(`reading the config of ${where} took too long`);
  // Exit 1 with no output: an empty config.
  if (result.code !== 0 && !(result.code === 1 && result.stdout === '')) {
    throw new Refused(
      `the config of ${where} could not be read (${result.stderr.trim().split('\n')[0] || `git exited with ${result.code}`})`,
    );
  }
  const fields = result.stdout.split('\0');
  let worktree: string | undefined;
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const scope = fields[i]!;
    if (scope !== 'local' && scope !== 'worktree') continue;
    const entry = fields[i + 1]!;
    const newline = entry.indexOf('\n');
    const key = newline < 0 ? entry : entry.slice(0, newline);
    if (DRIVER.test(key))
      throw new Refused(
        `the config of ${where} defines ${key}, a driver git runs as a program on reads like status and diff`,
      );
    if (key.toLowerCase() === 'core.worktree' && newline >= 0) worktree = entry.slice(newline + 1);
  }
  return worktree === undefined ? {} : { worktree };
}

/** Paths of the gitlinks (submodules) in the index of the repository at cwd, read as a stream. */
async function gitlinks(cwd: string, scan: Scan, extraEnv: Record<string, string>, where: string): Promise<string[]> {
  const links: string[] = [];
  let pending = '';
  const result = await git(['ls-files', '--stage', '-z'], cwd, scan, extraEnv, (chunk) => {
    const records = (pending + chunk).split('\0');
    pending = records.pop()!;
    for (const record of records) if (record.startsWith('160000 ')) links.push(record.slice(record.indexOf('\t') + 1));
    return true;
  });
  if (result.code === 'timeout') throw new Refused(`listing the submodules of ${where} took too long`);
  if (result.code === 'too much output')
    throw new Refused(`the index of ${where} is too large to check for submodules`);
  if (result.code !== 0)
    throw new Refused(
      `git could not list the submodules of ${where}: ${result.stderr.trim().split('\n')[0] || result.code}`,
    );
  return links;
}

/** The git dir a submodule work tree points at, refused if it is a symbolic link or lies outside the workspace. */
async function submoduleGitDir(dir: string, scan: Scan, where: string): Promise<string | undefined> {
  const dotGit = path.join(dir, '.git');
  const stats = await lstat(dotGit).catch(() => undefined);
  if (!stats) return undefined; // not checked out: git does not enter it
  if (stats.isSymbolicLink())
    throw new Refused(`${where}/.git is a symbolic link, which could make git read another repository`);
  let gitDir = dotGit;
  if (stats.isFile()) {
    const text = (await readFile(dotGit, 'utf8').catch(() => '')).slice(0, 4096);
    const match = /^gitdir: *(.+?)\s*$/m.exec(text);
    if (!match) throw new Refused(`${where}/.git is a file that does not name a git dir`);
    gitDir = path.resolve(dir, match[1]!);
  } else if (!stats.isDirectory()) {
    return undefined;
  }
  const real = await realpath(gitDir).catch(() => undefined);
  if (!real) throw new Refused(`${where}/.git points at ${gitDir}, which does not exist`);
  if (!isInside(scan.root, real)) throw new Refused(`${where}/.git points outside the workspace (gitdir: ${real})`);
  return real;
}

export type GitScanner = (
  args: string[],
  cwd: string,
  line?: (chunk: string) => boolean,
) => Promise<{ code: number | string; stdout: string; stderr: string }>;

/**
 * Runs git (or `file`) as the checks here do (confined where a sandbox starts), all runs within
 * one deadline.
 */
export function gitScanner(
  env: Record<string, string>,
  root: string,
  signal: AbortSignal | undefined,
  confine: HelperSpec | undefined,
  ms = SCAN_MS,
  file = 'git',
): GitScanner {
  const scan: Scan = {
    file,
    env,
    root,
    deadline: Date.now() + ms,
    ...(signal ? { signal } : {}),
    ...(confine ? { confine } : {}),
  };
  return (args, cwd, line) => git(args, cwd, scan, {}, line);
}

/** Checks the repository at cwd and every submodule git would enter; never throws. */
export async function checkRepositories(
  cwd: string,
  env: Record<string, string>,
  root: string,
  signal?: AbortSignal,
  confine?: HelperSpec,
  ms = SCAN_MS,
): Promise<RepositoryCheck> {
  const scan: Scan = {
    env,
    root,
    deadline: Date.now() + ms,
    ...(signal ? { signal } : {}),
    ...(confine ? { confine } : {}),
  };
  try {
    const where = await git(['rev-parse', '--is-inside-work-tree', '--absolute-git-dir'], cwd, scan);
    if (where.code === 128 && /not a git repository/i.test(where.stderr)) return {};
    if (where.code === 'timeout') throw new Refused('finding out which repository git would read took too long');
    if (where.code !== 0)
      return {
        problem: `git could not find out which repository it would read (${where.stderr.trim().split('\n')[0] || where.code})`,
      };
    const [inside, gitDir] = where.stdout.split('\n');
    let top = gitDir!;
    if (inside === 'true') {
      const shown = await git(['rev-parse', '--show-toplevel'], cwd, scan);
      if (shown.code === 'timeout') throw new Refused('finding out which repository git would read took too long');
      top = shown.stdout.trim();
      if (shown.code !== 0 || top === '')
        throw new Refused(
          `git could not find the top of the work tree (${shown.stderr.trim().split('\n')[0] || `git exited with ${shown.code}`})`,
        );
    }
    await configProblem(cwd, scan, 'the repository');
    if (inside !== 'true') return { top };
    await submodules(top, scan);
    return { top };
  } catch (error) {
    if (error instanceof Refused) return { problem: error.message };
    return { problem: `the repositories git would read could not be checked (${(error as Error).message})` };
  }
}

/** Breadth-first over the submodules below the top work tree, each checked as git would open it. */
async function submodules(top: string, scan: Scan): Promise<void> {
  const queue: { dir: string; env: Record<string, string>; name: string }[] = [
    { dir: top, env: {}, name: 'the repository' },
  ];
  let seen = 1;
  while (queue.length > 0) {
    const repo = queue.shift()!;
    // The populated submodules of this level are counted (file reads only) before any config is
    // read with git, so a flood is refused at the count, not after a git run for each.
    const populated: { dir: string; gitDir: string }[] = [];
    for (const link of await gitlinks(repo.dir, scan, repo.env, repo.name)) {
      const dir = path.join(repo.dir, link);
      const gitDir = await submoduleGitDir(dir, scan, path.relative(top, dir));
      if (!gitDir) continue;
      populated.push({ dir, gitDir });
      if (seen + populated.length > MAX_REPOSITORIES)
        throw new Refused(`there are more than ${MAX_REPOSITORIES} submodules to check`);
    }
    seen += populated.length;
    for (const { dir, gitDir } of populated) {
      const name = `submodule ${path.relative(top, dir) || '.'}`;
      if (Date.now() > scan.deadline) throw new Refused('checking the submodules took too long');
      // As git runs a command in a submodule: from its work tree, with GIT_DIR=.git.
      const env = { GIT_DIR: '.git' };
      const { worktree } = await configProblem(dir, scan, name, env);
      if (worktree !== undefined && !isInside(scan.root, path.resolve(gitDir, worktree))) {
        throw new Refused(`the config of ${name} sets core.worktree outside the workspace (${worktree})`);
      }
      queue.push({ dir, env, name });
    }
  }
}
