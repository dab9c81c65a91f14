// git as the tests run it on the host: no user or global config, a fixed identity to commit with.
import { execFileSync } from 'node:child_process';

export const testGitEnv: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.com',
};

/** Runs `git args…` in `cwd` with testGitEnv; its stdout (stderr kept off the test output). */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: testGitEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}
