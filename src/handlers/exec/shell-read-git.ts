// shell_read's third wall for git: drivers that a repository's own config names (filter.<x>.clean,
// diff.<x>.command, textconv…) run programs on `git status` / `git diff` once a .gitattributes entry
// selects them, and no environment setting can switch off a driver whose name is not known
// beforehand (git before 2.40 has no GIT_ATTR_SOURCE). So the line is refused when the repository
// config, includes followed, defines one. User and system config are the user's own and stay.
import { execFile } from 'node:child_process';
import { runConfined, type HelperSpec } from './confined-helper.js';
import { withoutInheritedFds } from './inherited-fds.js';

const DRIVER_KEYS = '^(filter|diff|merge)\\..+\\.(clean|smudge|process|command|textconv|driver)$';
const ARGS = ['config', '--show-scope', '--includes', '--get-regexp', DRIVER_KEYS];
const TIMEOUT_MS = 10_000;
const MAX_OUTPUT = 1024 * 1024;
const UNREADABLE = 'the repository config (it could not be read)';

/**
 * The first driver key the repository's local or worktree config defines, if any. With `confine`,
 * git reads it inside the workspace's sandbox (an include.path pointing elsewhere finds nothing).
 */
export async function repositoryDriver(cwd: string, env: Record<string, string>, confine?: HelperSpec): Promise<string | undefined> {
  const answer = confine ? await gitInSandbox(cwd, env, confine) : await gitDirect(cwd, env);
  // Exit 1 is "no such key"; no git (127): nothing git could run either way. Anything else (no
  // repository, a timeout): a key is reported only from a clean answer.
  if (answer.status === 127 || answer.status === 'ENOENT') return undefined;
  if (answer.status !== 0 && answer.status !== 1) return UNREADABLE;
  for (const line of answer.stdout.split('\n')) {
    const [scope, rest] = [line.slice(0, line.indexOf('\t')), line.slice(line.indexOf('\t') + 1)];
    if (scope === 'local' || scope === 'worktree') return rest.split(' ')[0];
  }
  return undefined;
}

interface GitAnswer {
  status: number | string | null;
  stdout: string;
}

function gitDirect(cwd: string, env: Record<string, string>): Promise<GitAnswer> {
  const [file, args] = withoutInheritedFds('git', ARGS);
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env, timeout: TIMEOUT_MS, maxBuffer: MAX_OUTPUT, windowsHide: true }, (error, stdout) => {
      const code = (error as { code?: unknown } | null)?.code;
      resolve({ status: error ? (typeof code === 'number' || typeof code === 'string' ? code : 'failed') : 0, stdout });
    });
  });
}

async function gitInSandbox(cwd: string, env: Record<string, string>, confine: HelperSpec): Promise<GitAnswer> {
  const git = await runConfined(confine, { file: 'git', args: ARGS, cwd, env });
  let stdout = '';
  git.stdout.setEncoding('utf8');
  git.stdout.on('data', (text: string) => {
    stdout += text;
    if (stdout.length > MAX_OUTPUT) git.kill();
  });
  git.stderr.resume();
  const timer = setTimeout(() => git.kill(), TIMEOUT_MS);
  try {
    const exit = await git.exited;
    return { status: stdout.length > MAX_OUTPUT ? 'too much output' : exit.exitCode, stdout };
  } finally {
    clearTimeout(timer);
  }
}
