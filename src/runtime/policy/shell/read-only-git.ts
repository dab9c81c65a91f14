// git for shell_read: only subcommands that read, never the options that write a file (--output),
// run a helper (--ext-diff, --textconv, pagers, -c, --exec-path) or reach the network.
import type { Word } from './words.js';

/** Subcommands that only read; `list` ones accept only their listing forms. */
const READ_SUBCOMMANDS = new Set([
  'status', 'log', 'show', 'diff', 'blame', 'annotate', 'ls-files', 'ls-tree', 'rev-parse', 'rev-list', 'describe', 'shortlog',
  'cat-file', 'show-ref', 'for-each-ref', 'merge-base', 'name-rev', 'count-objects', 'grep', 'version', 'whatchanged', 'cherry',
  'diff-tree', 'diff-files', 'diff-index', 'check-ignore', 'check-attr', 'var',
  'branch', 'tag', 'remote', 'config', 'stash', 'worktree', 'reflog', 'notes',
]);

/** Options refused after any subcommand. */
const FORBIDDEN = /^(--output(=.*)?|--ext-diff|--textconv|--filters|--open-files-in-pager(=.*)?|-O.*|--show-signature|--gpg-sign.*|--upload-pack.*|--exec.*|--paginate|--contents.*|--edit.*|--run.*)$/;

const FORBIDDEN_LONG = ['output', 'ext-diff', 'textconv', 'filters', 'open-files-in-pager', 'show-signature', 'gpg-sign', 'upload-pack', 'exec', 'paginate',
  'contents', 'edit', 'run', 'delete', 'move', 'copy', 'force', 'set-upstream-to', 'unset-upstream', 'edit-description', 'track', 'create-reflog', 'annotate',
  'sign', 'local-user', 'message', 'file', 'add', 'unset', 'unset-all', 'replace-all', 'rename-section', 'remove-section'];

/** Global options that configure git or run helpers. */
const GLOBAL_FORBIDDEN = /^(-c|--config-env.*|--exec-path.*|-p|--paginate|--list-cmds.*|--super-prefix.*)$/;
const GLOBAL_WITH_VALUE = new Set(['--namespace']);

export function GIT_READ_CHECK(args: Word[]): string | undefined {
  let i = 0;
  for (; i < args.length; i++) {
    const t = args[i]!.text;
    if (!t.startsWith('-')) break;
    if (GLOBAL_FORBIDDEN.test(t) || /^-c./.test(t)) return `git ${t} configures git or runs a helper`;
    // shell_read checks the repository at its cwd for drivers that run programs: git must read that one.
    if (/^(-C.*|--git-dir.*|--work-tree.*)$/.test(t)) return `git ${t.split('=')[0]} reads another repository than the one at cwd; set cwd instead`;
    if (GLOBAL_WITH_VALUE.has(t)) { i++; continue; }
    if (/^--namespace=/.test(t)) continue;
    if (/^--(no-pager|no-replace-objects|literal-pathspecs|glob-pathspecs|noglob-pathspecs|icase-pathspecs|no-optional-locks|bare)$/.test(t)) continue;
    return `git global option ${t} is not accepted`;
  }
  const sub = args[i]?.text;
  if (sub === undefined) return 'git without a subcommand';
  if (!READ_SUBCOMMANDS.has(sub)) return `git ${sub} is not a read-only subcommand (aliases are not accepted either)`;
  const rest = args.slice(i + 1).map((w) => w.text);
  // parse-options accepts unambiguous prefixes (`--open-f`, `--del`): any prefix of a forbidden name is refused.
  const bad = rest.find((t) => FORBIDDEN.test(t) || (t.startsWith('--') && t.length > 2 && FORBIDDEN_LONG.some((n) => n.startsWith(t.slice(2).split('=')[0]!))));
  if (bad) return `git ${sub} ${bad} writes a file or runs a helper program`;
  const positionals = rest.filter((t) => !t.startsWith('-'));
  const has = (re: RegExp) => rest.some((t) => re.test(t));
  switch (sub) {
    case 'branch':
      if (has(/^(-[dDmMcCuf]|--(delete|move|copy|force|set-upstream.*|unset-upstream|edit-description|track.*|no-track|create-reflog|recurse-submodules))$/)) return 'git branch may only list branches';
      if (positionals.length > 0 && !has(/^(-l|--list|--contains|--no-contains|--merged|--no-merged|--points-at)$/)) return 'git branch NAME creates a branch; use --list PATTERN';
      return undefined;
    case 'tag':
      if (positionals.length > 0 && !has(/^(-l|--list|--contains|--no-contains|--merged|--no-merged|--points-at)$/)) return 'git tag NAME creates a tag; use --list PATTERN';
      if (has(/^(-[dafsuemF]|--(delete|annotate|force|sign|local-user.*|message.*|file.*|edit))/)) return 'git tag may only list tags';
      return undefined;
    case 'remote':
      if (positionals.length === 0 || (positionals[0] === 'get-url' && positionals.length === 2)) return undefined;
      return 'git remote may only list remotes (git remote -v, git remote get-url NAME)';
    case 'config':
      if (positionals[0] === 'list' || (positionals[0] === 'get' && positionals.length >= 2)) return undefined;
      if (has(/^(--get|--get-all|--get-regexp|--get-urlmatch|-l|--list)$/) && !has(/^(--add|--unset.*|--replace-all|--rename-section|--remove-section|--edit|-e)$/)) return undefined;
      return 'git config may only read (--get, --list, git config get/list)';
    case 'stash':
      return positionals[0] === 'list' || positionals[0] === 'show' ? undefined : 'git stash may only list or show';
    case 'worktree':
      return positionals[0] === 'list' ? undefined : 'git worktree may only list';
    case 'notes':
      return positionals[0] === 'list' || positionals[0] === 'show' ? undefined : 'git notes may only list or show';
    case 'reflog':
      return positionals[0] === undefined || positionals[0] === 'show' || !/^(expire|delete|exists|drop)$/.test(positionals[0]) ? undefined : `git reflog ${positionals[0]} changes the reflog`;
    default:
      return undefined;
  }
}

/**
 * Configuration that keeps even a hostile repository config from running helpers when shell_read
 * runs git (GIT_CONFIG_COUNT entries outrank the repository's own .git/config).
 */
export const GIT_HARDENING_ENV: Record<string, string | undefined> = (() => {
  const entries: [string, string][] = [
    ['core.fsmonitor', 'false'], ['core.pager', 'cat'], ['core.hooksPath', '/dev/null'], ['diff.external', ''],
    ['core.editor', 'false'], ['sequence.editor', 'false'], ['credential.helper', ''], ['protocol.allow', 'never'],
    ['log.showSignature', 'false'], ['core.alternateRefsCommand', ''], ['core.sshCommand', 'false'], ['uploadpack.packObjectsHook', ''],
    // `git log --format=%G?` (also %GS, %GK…) verifies a commit's signature by running gpg.program.
    ['gpg.program', 'false'], ['gpg.openpgp.program', 'false'], ['gpg.x509.program', 'false'], ['gpg.ssh.program', 'false'],
  ];
  const env: Record<string, string | undefined> = { GIT_CONFIG_COUNT: String(entries.length), GIT_EXTERNAL_DIFF: undefined, GIT_PAGER: 'cat', PAGER: 'cat', GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: undefined, SSH_ASKPASS: undefined,
    // Startup files and config files that would make bash or rg run code the classifier never saw.
    BASH_ENV: undefined, ENV: undefined, RIPGREP_CONFIG_PATH: undefined, GIT_EXEC_PATH: undefined,
    // git finds its repository from cwd, the one whose config shell_read checked.
    GIT_DIR: undefined, GIT_WORK_TREE: undefined, GIT_COMMON_DIR: undefined };
  entries.forEach(([key, value], i) => { env[`GIT_CONFIG_KEY_${i}`] = key; env[`GIT_CONFIG_VALUE_${i}`] = value; });
  return env;
})();
