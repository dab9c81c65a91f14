// What a git command shell_read runs may print of the repository, for path rules: the paths its
// words name (`REV:PATH`, pathspecs, `-L …:FILE`), and where the rest of what it prints comes from
// (nothing, the tracked files and untracked ones, or any commit and object). The policy decides
// the former; the shell_read handler checks the latter against the repository itself.
import type { GitUse, PathUse } from './model.js';
import type { ParsedOption } from './options.js';
import type { Word } from '../words.js';

/** Options of git's log family that print no file name and no file contents. */
const METADATA = new Set(
  [
    'n skip max-count max-age since since-as-filter after min-age before until first-parent exclude-first-parent-only',
    'ancestry-path g default merge topo-order simplify-merges simplify-by-decoration date-order author-date-order',
    'parents dense sparse in-commit-order remove-empty merges no-merges min-parents no-min-parents max-parents',
    'no-max-parents boundary left-right left-only right-only cherry count cherry-mark cherry-pick pretty format',
    'expand-tabs no-expand-tabs show-notes notes no-notes standard-notes no-standard-notes show-linear-break oneline',
    'graph no-graph encode-email-headers no-encode-email-headers no-abbrev abbrev abbrev-commit no-abbrev-commit',
    'relative-date date log-size author committer grep-reflog grep basic-regexp E i F P all-match invert-grep encoding',
    'reverse children ignore-missing end-of-options quiet no-quiet q source no-source use-mailmap no-use-mailmap mailmap',
    'no-mailmap clear-decorations decorate-refs decorate-refs-exclude decorate no-decorate s color no-color all',
    'branches tags remotes reflog not no-walk do-walk bisect glob exclude exclude-hidden alternate-refs root always',
    'no-commit-id full-history show-pulls S G find-object diff-filter pickaxe-regex pickaxe-all follow no-follow',
    'no-ext-diff no-textconv exit-code no-exit-code timestamp header no-object-names object-names 0 1 2 3 4 5 6 7 8 9',
  ]
    .join(' ')
    .split(' '),
);
/** shortlog prints authors and subjects whatever else it is given. */
const SHORTLOG_ONLY = new Set([
  'n',
  's',
  'e',
  'c',
  'w',
  'group',
  'no-numbered',
  'no-summary',
  'no-email',
  'no-committer',
  'no-group',
]);

/** Subcommands whose operands may name files (as paths, pathspecs or `REV:PATH`). */
const NAMES_FILES = new Set([
  ...['log', 'show', 'whatchanged', 'diff', 'diff-tree', 'diff-files', 'diff-index', 'rev-list', 'reflog', 'shortlog'],
  ...['blame', 'annotate', 'cat-file', 'ls-tree', 'grep', 'status', 'ls-files', 'check-ignore', 'check-attr'],
]);
/** Subcommands that take no revision: every operand is a pathspec. */
const PATHSPECS_ONLY = new Set(['status', 'ls-files', 'diff-files', 'check-ignore', 'check-attr']);

const OBJECTS = 'it prints any object named by its id, whatever path the object has';

export interface GitWords {
  sub: string;
  options: ParsedOption[];
  operands: Word[];
  /** How many operands came before `--`. */
  dashdash?: number;
  /** Global options that make pathspecs globs or case-insensitive. */
  loosePathspecs: boolean;
}

const has = (options: ParsedOption[], ...ids: string[]) => options.some((o) => ids.includes(o.id));

/** The paths a git command names, and what else it may print. */
export function gitReads(words: GitWords): { paths: PathUse[]; git: GitUse } {
  const { sub, options, operands } = words;
  const ids = options.map((o) => o.id);
  // grep's first operand is its pattern (unless -e or -f gave one); ls-tree's is the tree.
  const skipped = (sub === 'grep' && !has(options, 'e', 'f')) || sub === 'ls-tree' ? 1 : 0;
  const split = words.dashdash ?? operands.length;
  const named = operands.slice(skipped);
  const beforeDashdash = operands.slice(skipped, Math.max(skipped, split));
  const afterDashdash = operands.slice(Math.max(skipped, split));
  const paths: PathUse[] = [];
  if (NAMES_FILES.has(sub)) for (const word of named) paths.push(...namedIn(word));
  for (const option of options) {
    if (option.id === 'L' && option.value !== undefined) paths.push(...afterColons(option.value, false));
  }
  // Words before `--` are revisions (`REV:PATH` always) or pathspecs, as git decides; ls-tree's
  // first word is the tree it lists.
  const ambiguous = sub === 'ls-tree' ? operands.slice(0, 1) : PATHSPECS_ONLY.has(sub) ? [] : beforeDashdash;
  const pathspecs = PATHSPECS_ONLY.has(sub) || sub === 'ls-tree' ? named : afterDashdash;
  const use = (reads: GitUse['reads'], extra: Partial<GitUse> = {}): { paths: PathUse[]; git: GitUse } => ({
    paths,
    git: {
      subcommand: sub,
      reads,
      pathspecs,
      ambiguous,
      ...(words.loosePathspecs ? { loose: true } : {}),
      ...extra,
    },
  });
  const logLike = (): GitUse['reads'] => (ids.every((id) => METADATA.has(id)) ? 'none' : 'history');
  const form = operands[0]?.text;
  switch (sub) {
    case 'log':
    case 'rev-list':
      return use(logLike());
    case 'reflog':
      return use(form === 'exists' ? 'none' : logLike());
    case 'stash':
      return form === 'show' ? use('history', { objects: OBJECTS }) : use(logLike());
    case 'shortlog':
      return use(ids.every((id) => METADATA.has(id) || SHORTLOG_ONLY.has(id)) ? 'none' : 'history');
    case 'show':
    case 'whatchanged':
    case 'diff-tree':
    case 'diff-index':
    case 'ls-tree':
      return use('history', { objects: OBJECTS });
    case 'diff':
      if (has(options, 'no-index')) {
        // Two files or folders on disk, compared (folders every level), not the repository.
        const folder = { reads: 'contents', depth: Infinity, dotfiles: true, follows: true } as const;
        return { paths: operands.map((word) => ({ word, folder })), git: use('none').git };
      }
      if (has(options, 'cached', 'staged', 'merge-base') || operands.slice(0, split).some((w) => w.text.includes(':')))
        return use('history', { objects: OBJECTS });
      return use('tracked', { revisionsReadHistory: true, objects: OBJECTS });
    case 'diff-files':
      return use('tracked');
    case 'config':
      // --blob reads the config from an object (`HEAD:secrets/x`, an id): what it prints is that object.
      return has(options, 'blob')
        ? use('history', { objects: 'it reads the config from the object --blob names', anyObject: true })
        : use('none');
    case 'blame':
    case 'annotate':
      // -C and -M find lines that came from other files, and name those files.
      return use(has(options, 'C', 'M') ? 'history' : 'none');
    case 'cat-file':
      if (has(options, 'batch', 'batch-check', 'batch-command', 'batch-all-objects'))
        return use('history', {
          objects: 'it prints the objects its input (or --batch-all-objects) names',
          anyObject: true,
        });
      return use(has(options, 't', 's', 'e') ? 'none' : 'history', { objects: OBJECTS });
    case 'grep': {
      if (has(options, 'no-index')) {
        // Files on disk below the folder it runs in (or the paths it is given), every level.
        const folder = { reads: 'contents', depth: Infinity, dotfiles: true, follows: false } as const;
        const walked: PathUse[] = named.map((word) => ({ word, folder }));
        if (walked.length === 0) walked.push({ word: { text: '.', dynamic: false, raw: '.' }, folder, implicit: true });
        return { paths: walked, git: use('none').git };
      }
      if (beforeDashdash.some((w) => w.text.includes(':'))) return use('history', { objects: OBJECTS });
      const untracked = has(options, 'untracked')
        ? has(options, 'no-exclude-standard')
          ? 'all'
          : 'unignored'
        : undefined;
      return use('tracked', { revisionsReadHistory: true, objects: OBJECTS, ...(untracked ? { untracked } : {}) });
    }
    case 'status': {
      const mode = options.filter((o) => o.id === 'u').at(-1)?.value;
      const untracked = has(options, 'ignored') ? 'all' : mode === 'no' ? undefined : 'unignored';
      return use('tracked', untracked ? { untracked } : {});
    }
    case 'ls-files': {
      if (has(options, 'with-tree')) return use('history');
      const others = has(options, 'o', 'i');
      const untracked = others
        ? has(options, 'exclude-standard') && !has(options, 'i')
          ? 'unignored'
          : 'all'
        : undefined;
      return use('tracked', untracked ? { untracked } : {});
    }
    default:
      return use('none');
  }
}

/** The paths one operand may name: itself, a pathspec without its magic, or the path of `REV:PATH`. */
function namedIn(word: Word): PathUse[] {
  const t = word.text;
  if (word.glob) return [{ word }];
  const magic = /^:\(([^)]*)\)(.*)$/s.exec(t);
  if (magic) {
    if (/(^|,)exclude(,|$)/.test(magic[1]!)) return [];
    return [literal(magic[2]!, /(^|,)top(,|$)/.test(magic[1]!))];
  }
  if (/^:[!^]/.test(t)) return [];
  if (t.startsWith(':/')) return [literal(t.slice(2), true)];
  if (!t.includes(':')) return [{ word, ruleOnly: true }];
  // `REV:PATH`, `:N:PATH`, `:PATH`: the path follows some colon (a revision may hold colons too).
  return [{ word, ruleOnly: true }, ...afterColons(t, true)];
}

/** Every text after a colon, as a path (repository-relative unless it starts with ./ or ../). */
function afterColons(text: string, repository: boolean): PathUse[] {
  const found: PathUse[] = [];
  for (let k = text.indexOf(':'); k >= 0; k = text.indexOf(':', k + 1)) {
    const rest = text.slice(k + 1);
    if (rest === '') continue;
    found.push(literal(rest, repository && !/^\.\.?(\/|$)/.test(rest)));
  }
  return found;
}

function literal(text: string, repository: boolean): PathUse {
  return {
    word: { text, dynamic: false, raw: text },
    ruleOnly: true,
    ...(repository ? { base: 'repository' as const } : {}),
  };
}
