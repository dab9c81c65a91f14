// shell_read's third wall for git: drivers that a repository's own config names (filter.<x>.clean,
// diff.<x>.command, textconv…) run programs on `git status` / `git diff` once a .gitattributes entry
// selects them, and no environment setting can switch off a driver whose name is not known
// beforehand (git before 2.40 has no GIT_ATTR_SOURCE). So the line is refused when the repository
// config, includes followed, defines one. User and system config are the user's own and stay.
import { execFile } from 'node:child_process';

const DRIVER_KEYS = '^(filter|diff|merge)\\..+\\.(clean|smudge|process|command|textconv|driver)$';

/** The first driver key the repository's local or worktree config defines, if any. */
export function repositoryDriver(cwd: string, env: Record<string, string>): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['config', '--show-scope', '--includes', '--get-regexp', DRIVER_KEYS], { cwd, env, timeout: 10_000, maxBuffer: 1024 * 1024, windowsHide: true }, (error, stdout) => {
      // Exit 1 is "no such key"; no git, no repository or a timeout: nothing git could run either
      // way is known, so a key is reported only from a clean answer.
      if (error && (error as { code?: unknown }).code !== 1) {
        resolve((error as { code?: unknown }).code === 'ENOENT' ? undefined : 'the repository config (it could not be read)');
        return;
      }
      for (const line of stdout.split('\n')) {
        const [scope, rest] = [line.slice(0, line.indexOf('\t')), line.slice(line.indexOf('\t') + 1)];
        if (scope === 'local' || scope === 'worktree') return resolve(rest.split(' ')[0]);
      }
      resolve(undefined);
    });
  });
}
