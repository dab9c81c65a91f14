// git's option grammars for the subcommands shell_read allows, from git 2.39's own tables: the
// revision walker's options (matched exactly, some only as `--name=VALUE`), the diff options
// (parse-options, no abbreviations), and each read subcommand's parse-options table. Spellings are
// matched exactly (an abbreviation git would expand is refused, never guessed at); an option whose
// value git reads from the next word has a required value here, one git reads only after `=` an
// optional one, so the next word is checked as a word of its own.
import { getopt, type Grammar } from './options.js';

const EXACT = { abbreviations: false } as const;

/** The revision walker (handle_revision_opt and the pseudo-revisions), and git log's own options. */
const REVISION_SHORT = 'n:igEFPrtvmcq0123456789L:';
const REVISION_LONG =
  'all branches=? tags=? remotes=? reflog not no-walk=? do-walk bisect glob=? exclude=? exclude-hidden=? indexed-objects alternate-refs ' +
  'max-count= skip= max-age= since= since-as-filter= after= min-age= before= until= first-parent exclude-first-parent-only ancestry-path=? walk-reflogs/g ' +
  'default= merge topo-order simplify-merges simplify-by-decoration date-order author-date-order parents dense sparse in-commit-order remove-empty merges ' +
  'no-merges min-parents=? no-min-parents max-parents=? no-max-parents boundary left-right left-only right-only cherry count cherry-mark cherry-pick objects ' +
  'objects-edge objects-edge-aggressive unpacked=? pretty=? format=? expand-tabs=? no-expand-tabs show-notes=? notes=? show-signature no-show-signature ' +
  'show-linear-break=? no-notes standard-notes no-standard-notes oneline graph no-graph encode-email-headers no-encode-email-headers root no-commit-id always ' +
  'no-abbrev abbrev=? abbrev-commit no-abbrev-commit full-diff show-pulls full-history relative-date date= log-size author= committer= grep-reflog= grep= ' +
  'basic-regexp extended-regexp/E regexp-ignore-case/i fixed-strings/F perl-regexp/P all-match invert-grep encoding= reverse children ignore-missing cc ' +
  'remerge-diff combined-all-paths no-diff-merges diff-merges= end-of-options ' +
  // git log's own table
  'quiet no-quiet source no-source use-mailmap no-use-mailmap mailmap no-mailmap clear-decorations decorate-refs= decorate-refs-exclude= decorate=? no-decorate ' +
  // diff, diff-files, diff-index, diff-tree, rev-list
  'cached staged merge-base no-index base/1 ours/2 theirs/3 stdin no-object-names object-names timestamp header';

/** The diff options (diff.c's parse-options table). */
const DIFF_SHORT = 'psuU::WX::zB::M::DC::l:wbI:aRS:G:O:';
const DIFF_LONG =
  'patch/p no-patch/s unified=?/U function-context/W no-function-context raw patch-with-raw patch-with-stat numstat shortstat dirstat=?/X ' +
  'cumulative dirstat-by-file=? check summary name-only name-status stat=? stat-width= stat-name-width= stat-graph-width= stat-count= compact-summary ' +
  'no-compact-summary binary full-index no-full-index color=? no-color ws-error-highlight= src-prefix= dst-prefix= line-prefix= no-prefix ' +
  'inter-hunk-context= output-indicator-new= output-indicator-old= output-indicator-context= break-rewrites=?/B find-renames=?/M irreversible-delete/D ' +
  'find-copies=?/C find-copies-harder no-find-copies-harder no-renames rename-empty no-rename-empty follow no-follow minimal no-minimal ' +
  'ignore-all-space/w ignore-space-change/b ignore-space-at-eol ignore-cr-at-eol ignore-blank-lines ignore-matching-lines=/I indent-heuristic ' +
  'no-indent-heuristic patience histogram no-histogram diff-algorithm= anchored= word-diff=? word-diff-regex= color-words=? color-moved=? no-color-moved ' +
  'color-moved-ws= no-color-moved-ws relative=? no-relative text/a no-text exit-code no-exit-code no-ext-diff no-textconv ignore-submodules=? submodule=? ' +
  'ita-invisible-in-index ita-visible-in-index pickaxe-all pickaxe-regex rotate-to= skip-to= find-object= diff-filter= output= ext-diff textconv';

/** What the history and diff options must not do, by id. */
export const HISTORY_REFUSED: Record<string, string> = {
  output: 'writes the output to a file',
  'ext-diff': 'runs the external diff program',
  textconv: 'runs textconv filter programs',
  O: 'reads the file order from a file',
  'show-signature': 'runs gpg to check signatures',
  'remerge-diff': 'writes temporary objects into the repository',
};

function merged(shortA: string, longA: string, shortB: string, longB: string, override?: Grammar): Grammar {
  const a = getopt(shortA + shortB, `${longA} ${longB}`, EXACT);
  const short = new Map([...a.short, ...(override?.short ?? [])]);
  return { ...a, short, long: [...(override?.long ?? []), ...a.long] };
}

/** log, show, whatchanged, diff, diff-files, diff-index, diff-tree, rev-list, stash list/show, reflog show. */
export const HISTORY = merged(
  REVISION_SHORT,
  REVISION_LONG,
  DIFF_SHORT,
  DIFF_LONG,
  getopt('u', 'include-untracked/u only-untracked', EXACT),
);

/** shortlog reads -n, -s, -e, -c and -w itself before the revision walker sees them. */
export const SHORTLOG = merged(
  REVISION_SHORT,
  REVISION_LONG,
  DIFF_SHORT,
  DIFF_LONG,
  getopt(
    'nsecw::',
    'numbered/n summary/s email/e committer/c no-numbered no-summary no-email no-committer group= no-group',
    EXACT,
  ),
);

/** Grammars of the parse-options subcommands (git 2.39 `-h` tables), spelled exactly. */
export const SUBCOMMAND_GRAMMARS: Record<string, Grammar> = {
  status: getopt(
    'vsbzu::M::',
    'verbose/v short/s branch/b show-stash ahead-behind no-ahead-behind porcelain=? long null/z untracked-files=?/u ignored=? ' +
      'ignore-submodules=? column=? no-column no-renames find-renames=?/M no-verbose no-short no-branch no-show-stash no-ignored',
    EXACT,
  ),
  blame: getopt(
    'bfnpctlsewS:C::M::L:',
    'incremental root show-stats progress no-progress score-debug show-name/f show-number/n porcelain/p line-porcelain ' +
      'show-email/e ignore-rev= ignore-revs-file= color-lines color-by-age minimal contents= abbrev=? no-abbrev reverse first-parent date= encoding= since= ' +
      'textconv no-textconv',
    EXACT,
  ),
  'ls-files': getopt(
    'ztvfcdmoiskux:X:',
    'cached/c deleted/d modified/m others/o ignored/i stage/s killed/k directory no-empty-directory eol empty-directory ' +
      'unmerged/u resolve-undo exclude=/x exclude-from=/X exclude-per-directory= exclude-standard full-name recurse-submodules error-unmatch with-tree= abbrev=? ' +
      'no-abbrev debug deduplicate sparse format=',
    EXACT,
  ),
  'ls-tree': getopt(
    'drtzl',
    'long/l name-only name-status object-only full-name full-tree format= abbrev=? no-abbrev',
    EXACT,
  ),
  describe: getopt(
    '',
    'contains debug all tags long first-parent abbrev=? no-abbrev exact-match candidates= match= exclude= always dirty=? broken=? no-contains',
    EXACT,
  ),
  'cat-file': getopt(
    'eptsz',
    'allow-unknown-type use-mailmap mailmap no-mailmap batch=? batch-check=? batch-command=? batch-all-objects buffer follow-symlinks ' +
      'unordered textconv filters path=',
    EXACT,
  ),
  'show-ref': getopt('dsq', 'tags heads verify head dereference/d hash=?/s abbrev=? quiet/q exclude-existing=?', EXACT),
  'for-each-ref': getopt(
    'sp',
    'shell/s perl/p python tcl count= format= color=? no-color sort= points-at= merged=! no-merged=! contains=! no-contains=! ignore-case',
    EXACT,
  ),
  'merge-base': getopt('a', 'all/a octopus independent is-ancestor fork-point', EXACT),
  'name-rev': getopt('', 'name-only tags refs= exclude= all stdin annotate-stdin undefined no-undefined always', EXACT),
  'count-objects': getopt('vH', 'verbose/v human-readable/H', EXACT),
  grep: getopt(
    'viwaIrEGFPnhHlLzocC:B:A:pWf:e:qm:O::0123456789',
    'cached no-index untracked exclude-standard no-exclude-standard recurse-submodules ' +
      'invert-match/v ignore-case/i word-regexp/w text/a textconv no-textconv recursive/r no-recursive max-depth= extended-regexp/E basic-regexp/G fixed-strings/F ' +
      'perl-regexp/P line-number/n column full-name files-with-matches/l name-only files-without-match/L null/z only-matching/o count/c color=? no-color break ' +
      'heading context=/C before-context=/B after-context=/A threads= show-function/p function-context/W and or not quiet/q all-match max-count=/m ' +
      'open-files-in-pager=?/O ext-grep',
    EXACT,
  ),
  version: getopt('', 'build-options', EXACT),
  cherry: getopt('v', 'abbrev=? verbose/v', EXACT),
  'check-ignore': getopt('qvzn', 'quiet/q verbose/v stdin non-matching/n no-index', EXACT),
  'check-attr': getopt('az', 'all/a cached stdin', EXACT),
  var: getopt('l', '', EXACT),
  branch: getopt(
    'vqraliDdmMcCftu:',
    'verbose/v quiet/q remotes/r all/a list/l show-current contains=! no-contains=! merged=! no-merged=! points-at= sort= ' +
      'format= color=? no-color column=? no-column abbrev=? no-abbrev ignore-case/i omit-empty delete/d move/m copy/c force/f track=?/t no-track ' +
      'set-upstream-to=/u unset-upstream edit-description create-reflog recurse-submodules',
    EXACT,
  ),
  tag: getopt(
    'ln::dvam:F:esu:fi',
    'list/l contains=! no-contains=! merged=! no-merged=! points-at= sort= format= color=? column=? no-column ignore-case/i ' +
      'omit-empty delete/d verify/v annotate/a message=/m file=/F edit/e sign/s local-user=/u force/f cleanup= create-reflog',
    EXACT,
  ),
  remote: getopt('v', 'verbose/v push all', EXACT),
  config: getopt(
    'f:lt:ze',
    'global system local worktree file=/f blob= get get-all get-regexp get-urlmatch list/l get-color get-colorbool type=/t bool int ' +
      'bool-or-int bool-or-str path expiry-date null/z name-only includes no-includes show-origin show-scope default= fixed-value replace-all add unset ' +
      'unset-all rename-section remove-section edit/e',
    EXACT,
  ),
  worktree: getopt('vz', 'porcelain verbose/v expire=', EXACT),
  notes: getopt('', 'ref=', EXACT),
};

/** Subcommand options refused by id, with what they do. */
export const SUBCOMMAND_REFUSED: Record<string, Record<string, string>> = {
  blame: {
    S: 'reads revisions from a file',
    contents: 'reads the file contents from another file',
    textconv: 'runs textconv filter programs',
  },
  'ls-files': { 'recurse-submodules': 'enters submodule repositories' },
  describe: { dirty: 'refreshes and writes the index', broken: 'refreshes and writes the index' },
  'cat-file': { textconv: 'runs textconv filter programs', filters: 'runs filter programs' },
  grep: {
    O: 'runs a pager program on the matching files',
    textconv: 'runs textconv filter programs',
    'recurse-submodules': 'enters submodule repositories',
  },
  branch: {
    D: 'deletes a branch',
    d: 'deletes a branch',
    M: 'renames a branch',
    m: 'renames a branch',
    C: 'copies a branch',
    c: 'copies a branch',
    f: 'forces a change',
    t: 'sets up tracking',
    'no-track': 'sets up a branch',
    u: 'sets the upstream',
    'unset-upstream': 'changes the branch config',
    'edit-description': 'runs the editor',
    'create-reflog': 'creates a reflog',
    'recurse-submodules': 'enters submodule repositories',
  },
  tag: {
    d: 'deletes a tag',
    v: 'runs gpg to verify the tag',
    a: 'creates a tag',
    m: 'creates a tag',
    F: 'creates a tag',
    e: 'runs the editor',
    s: 'runs gpg to sign',
    u: 'runs gpg to sign',
    f: 'replaces a tag',
    cleanup: 'creates a tag',
    'create-reflog': 'creates a reflog',
  },
  config: {
    'replace-all': 'changes the config',
    add: 'changes the config',
    unset: 'changes the config',
    'unset-all': 'changes the config',
    'rename-section': 'changes the config',
    'remove-section': 'changes the config',
    e: 'runs the editor on the config',
  },
};

/** Option ids whose value names a file git reads (checked against the workspace without a sandbox). */
export const GIT_PATH_VALUES: Record<string, readonly string[]> = {
  'ls-files': ['X'],
  config: ['f'],
  grep: ['f'],
  blame: ['ignore-revs-file'],
};

/** rev-parse's own loop: exact names; --default, --prefix, --resolve-git-dir and --git-path take the next word. */
export const REV_PARSE = getopt(
  'q',
  'show-toplevel show-prefix show-cdup git-dir git-common-dir absolute-git-dir is-inside-work-tree is-inside-git-dir ' +
    'is-bare-repository is-shallow-repository shared-index-path show-superproject-working-tree local-env-vars abbrev-ref=? short=? verify quiet/q symbolic ' +
    'symbolic-full-name all branches=? tags=? remotes=? glob=? exclude=? since=? after=? until=? before=? default= prefix= resolve-git-dir= git-path= ' +
    'revs-only no-revs flags no-flags not sq sq-quote show-object-format=? disambiguate=? path-format=? keep-dashdash stop-at-non-option stuck-long end-of-options',
  EXACT,
);
