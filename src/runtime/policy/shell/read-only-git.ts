// git for shell_read: global options git only reads, a read subcommand, then that subcommand's
// words read with its own grammar (read-only-git-options.ts); an option that writes a file, runs
// a helper, enters a submodule or reaches the network is refused, and so is any word the grammar
// does not know. The environment git runs with is in read-only-git-env.ts.
import { parseOptions, type Grammar } from './read-only-options.js';
import { refusal, type Model, type ModelResult, type PathUse } from './read-only-model.js';
import {
  GIT_PATH_VALUES,
  HISTORY,
  HISTORY_REFUSED,
  REV_PARSE,
  SHORTLOG,
  SUBCOMMAND_GRAMMARS,
  SUBCOMMAND_REFUSED,
} from './read-only-git-options.js';
import type { Word } from './words.js';
import { gitReads } from './read-only-git-reads.js';

export { GIT_HARDENING_ENV, shellReadEnv } from './read-only-git-env.js';

const HISTORY_SUBCOMMANDS = new Set([
  'log',
  'show',
  'whatchanged',
  'diff',
  'diff-tree',
  'diff-files',
  'diff-index',
  'rev-list',
  'stash',
  'reflog',
]);
const OTHER_SUBCOMMANDS = [
  'status',
  'blame',
  'annotate',
  'ls-files',
  'ls-tree',
  'rev-parse',
  'describe',
  'shortlog',
  'cat-file',
  'show-ref',
  'for-each-ref',
  'merge-base',
  'name-rev',
  'count-objects',
  'grep',
  'version',
  'cherry',
  'check-ignore',
  'check-attr',
  'var',
  'branch',
  'tag',
  'remote',
  'config',
  'worktree',
  'notes',
];
/** Subcommands that only read; `branch`, `tag`, `config`, `stash` … only in their listing forms. */
export const READ_SUBCOMMANDS: ReadonlySet<string> = new Set([...HISTORY_SUBCOMMANDS, ...OTHER_SUBCOMMANDS]);

const GLOBAL_FLAGS = new Set([
  '--no-pager',
  '-P',
  '--no-replace-objects',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
  '--no-optional-locks',
]);

function grammarOf(sub: string): Grammar {
  if (HISTORY_SUBCOMMANDS.has(sub)) return HISTORY;
  if (sub === 'shortlog') return SHORTLOG;
  if (sub === 'rev-parse') return REV_PARSE;
  return SUBCOMMAND_GRAMMARS[sub === 'annotate' ? 'blame' : sub]!;
}

const LOOSE_PATHSPECS = new Set(['--glob-pathspecs', '--icase-pathspecs']);

/** The global options before the subcommand; returns the subcommand's index or a refusal. */
function globals(args: Word[]): number | string {
  let i = 0;
  for (; i < args.length; i++) {
    const t = args[i]!.text;
    if (!t.startsWith('-')) return i;
    if (GLOBAL_FLAGS.has(t)) continue;
    if (t === '--namespace') {
      i++;
      continue;
    }
    if (t.startsWith('--namespace=')) continue;
    if (/^-c|^--config-env|^--exec-path|^-p$|^--paginate$/.test(t)) return `git ${t} configures git or runs a helper`;
    // shell_read checks the repository at its cwd for drivers that run programs: git must read that one.
    if (/^(-C|--git-dir|--work-tree|--bare$)/.test(t))
      return `git ${t.split('=')[0]} reads another repository than the one at cwd; set cwd instead`;
    return `git global option ${t} is not one shell_read knows`;
  }
  return i;
}

export const gitModel: Model = (args, ctx) => {
  const at = globals(args);
  if (typeof at === 'string') return { problem: at };
  const sub = args[at]?.text;
  if (sub === undefined) return { problem: 'git without a subcommand' };
  if (args[at]!.dynamic) return { problem: `the git subcommand ${args[at]!.raw} is expanded at run time` };
  if (!READ_SUBCOMMANDS.has(sub))
    return { problem: `git ${sub} is not a read-only subcommand (aliases are not accepted either)` };
  const parsed = parseOptions(grammarOf(sub), args.slice(at + 1), `git ${sub}`);
  if (!parsed.ok) return { problem: parsed.reason };
  const refused =
    HISTORY_SUBCOMMANDS.has(sub) || sub === 'shortlog'
      ? HISTORY_REFUSED
      : (SUBCOMMAND_REFUSED[sub === 'annotate' ? 'blame' : sub] ?? {});
  const paths: PathUse[] = [];
  for (const option of parsed.options) {
    const why = refused[option.id];
    if (why) return { problem: `git ${sub} ${refusal(option, why)}` };
    if (option.valueWord?.dynamic)
      return { problem: `the value of ${option.spelled} is expanded at run time (${option.valueWord.raw})` };
    if (option.id === 'submodule' && option.value !== 'short')
      return {
        problem: `git ${sub} ${option.spelled}${option.value ? `=${option.value}` : ''} enters submodule repositories; use --submodule=short`,
      };
    if (option.id === 'no-index' && ctx.strict)
      return {
        problem: `git ${sub} --no-index reads files outside the repository; without a sandbox shell_read keeps to the workspace`,
      };
    if (GIT_PATH_VALUES[sub]?.includes(option.id) && option.value !== undefined)
      paths.push({ word: option.valueWord ?? { text: option.value, dynamic: false, raw: option.value } });
  }
  const operands = parsed.operands;
  if (operands.some((w) => w.dynamic && !w.glob)) return { problem: 'an argument of git is expanded at run time' };
  const listing = subcommandForm(
    sub,
    parsed.options.map((o) => o.id),
    operands.map((w) => w.text),
  );
  if (listing) return { problem: listing };
  const reads = gitReads({
    sub: sub === 'annotate' ? 'blame' : sub,
    options: parsed.options,
    operands,
    ...(parsed.dashdash !== undefined ? { dashdash: parsed.dashdash } : {}),
    loosePathspecs: args.slice(0, at).some((w) => LOOSE_PATHSPECS.has(w.text)),
  });
  return { paths: [...paths, ...reads.paths], git: reads.git } satisfies ModelResult;
};

const LIST_FILTERS = ['l', 'list', 'contains', 'no-contains', 'merged', 'no-merged', 'points-at'];

/** For subcommands that both read and write, whether these words are a reading form. */
function subcommandForm(sub: string, ids: string[], positionals: string[]): string | undefined {
  const has = (...names: string[]) => ids.some((id) => names.includes(id));
  const [first] = positionals;
  switch (sub) {
    case 'branch':
      return positionals.length > 0 && !has(...LIST_FILTERS)
        ? 'git branch NAME creates a branch; use --list PATTERN'
        : undefined;
    case 'tag':
      return positionals.length > 0 && !has(...LIST_FILTERS)
        ? 'git tag NAME creates a tag; use --list PATTERN'
        : undefined;
    case 'remote':
      return positionals.length === 0 || (first === 'get-url' && positionals.length === 2)
        ? undefined
        : 'git remote may only list remotes (git remote -v, git remote get-url NAME)';
    case 'config':
      if (first === 'list' || first === 'get') return undefined;
      return has('get', 'get-all', 'get-regexp', 'get-urlmatch', 'l', 'get-color', 'get-colorbool')
        ? undefined
        : 'git config may only read (--get, --list, git config get/list)';
    case 'stash':
      return first === 'list' || first === 'show' ? undefined : 'git stash may only list or show';
    case 'worktree':
      return first === 'list' && positionals.length === 1 ? undefined : 'git worktree may only list';
    case 'notes':
      return first === undefined || first === 'list' || first === 'show' || first === 'get-ref'
        ? undefined
        : 'git notes may only list or show';
    case 'reflog':
      return first === undefined || first === 'show' || first === 'exists' || first === 'list'
        ? undefined
        : `git reflog ${first} is not a reading form (use git reflog show REF)`;
    case 'var':
      return positionals.length <= 1 ? undefined : 'git var takes one variable name';
    default:
      return undefined;
  }
}
