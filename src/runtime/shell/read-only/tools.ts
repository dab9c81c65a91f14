// Models of grep, ripgrep, tree, jq and the bash builtins shell_read allows. grep's and tree's
// tables come from the binaries; ripgrep's from its flag definitions (ripgrep 15: no
// abbreviations, every flag and its negation by exact name); jq's from its own argument loop.
import { getopt, parseOptions } from './options.js';
import { count, dataOnly, has, levels, optionModel, type FolderUse, type Model, type PathUse } from './model.js';
import type { ParsedOption } from './options.js';
import type { Word } from '../words.js';

const FOLLOWS = 'follows symbolic links (possibly out of the workspace)';
const LISTS = 'reads file names from a list the classifier cannot see';

/** With -e/-f the patterns come from options and every operand is a file; otherwise the first operand is the pattern. */
const patternThenFiles =
  (patternIds: string[], noPattern: string[] = []) =>
  (options: ParsedOption[], operands: Word[]) => ({
    paths: has(options, ...patternIds, ...noPattern) ? operands : operands.slice(1),
  });

/** grep -r, -R, -d recurse (or an unambiguous abbreviation of it): folders are searched, every level. */
const grepRecurses = (options: ParsedOption[]) =>
  options.some(
    (o) =>
      o.id === 'r' ||
      o.id === 'R' ||
      (o.id === 'd' && o.value !== undefined && o.value.length >= 3 && 'recurse'.startsWith(o.value)),
  );
const grepFolder = (options: ParsedOption[]): FolderUse | undefined =>
  grepRecurses(options)
    ? { reads: 'contents', depth: Infinity, dotfiles: true, follows: has(options, 'R') }
    : undefined;

/** Options after which rg reads no file: it prints what it knows of itself. */
const RG_SELF = ['type-list', 'generate', 'pcre2-version', 'V', 'h'];
/** rg searches (or with --files lists) every level; dot files with --hidden or -uu, links followed with -L. */
const rgFolder = (options: ParsedOption[]): FolderUse | undefined =>
  has(options, ...RG_SELF)
    ? undefined
    : {
        reads: has(options, 'files') ? 'names' : 'contents',
        depth: Infinity,
        dotfiles: has(options, '.') || count(options, 'u') >= 2,
        follows: has(options, 'L'),
      };

/** rg's options that change which files it walks to (both ways: the later of a pair wins). */
const RG_WALK = new Set([
  ...['.', 'no-hidden', 'u', 'L', 'no-follow', 'g', 'iglob', 'glob-case-insensitive', 'no-glob-case-insensitive'],
  ...['t', 'T', 'type-add', 'type-clear', 'd', 'one-file-system', 'no-one-file-system', 'max-filesize', 'no-config'],
  ...['no-ignore', 'ignore', 'no-ignore-dot', 'ignore-dot', 'no-ignore-exclude', 'ignore-exclude', 'no-ignore-files'],
  ...['ignore-files', 'no-ignore-global', 'ignore-global', 'no-ignore-parent', 'ignore-parent', 'no-ignore-vcs'],
  ...['ignore-vcs', 'no-require-git', 'require-git', 'ignore-file', 'ignore-file-case-insensitive'],
  'no-ignore-file-case-insensitive',
]);

/** `rg --files --null` with the walk options as given, then the folders: the files the search reaches. */
function rgListing(options: ParsedOption[], files: Word[]): string[] | undefined {
  if (files.some((w) => w.glob || w.dynamic)) return undefined;
  const args = ['--files', '--null'];
  for (const option of options) {
    if (!RG_WALK.has(option.id)) continue;
    if (option.value === undefined) args.push(option.spelled);
    else if (option.spelled.startsWith('--')) args.push(`${option.spelled}=${option.value}`);
    else args.push(option.spelled, option.value);
  }
  return [...args, '--', ...files.map((w) => w.text)];
}

const grep = optionModel({
  grammar: getopt(
    '0123456789A:B:C:D:EFGHIPTUVX:abcd:e:f:hiLlm:noqRrsuvwxyZz',
    'basic-regexp/G extended-regexp/E fixed-regexp/F fixed-strings/F perl-regexp/P ' +
      'after-context=/A before-context=/B binary-files= byte-offset/b context=/C color=? colour=?/color count/c devices=/D directories=/d exclude= exclude-from= ' +
      'exclude-dir= file=/f files-with-matches/l files-without-match/L group-separator= help include= ignore-case/i no-ignore-case initial-tab/T label= line-buffered ' +
      'line-number/n line-regexp/x max-count=/m no-filename/h no-group-separator/group-separator no-messages/s null/Z null-data/z only-matching/o quiet/q recursive/r ' +
      'dereference-recursive/R regexp=/e invert-match/v silent/q text/a binary/U unix-byte-offsets/u version/V with-filename/H word-regexp/w',
  ),
  strict: { R: FOLLOWS },
  pathValues: ['f', 'exclude-from'],
  check: patternThenFiles(['e', 'f']),
  folders: grepFolder,
  walksCwd: grepRecurses,
});

const rg = optionModel({
  grammar: getopt(
    'A:B:bsC:cE:f:lFLg:h.ivnNxM:m:d:U0oPpqe:r:zSaj:t:T:uVHIw',
    'after-context=/A auto-hybrid-regex no-auto-hybrid-regex before-context=/B binary ' +
      'no-binary block-buffered no-block-buffered byte-offset/b no-byte-offset case-sensitive/s color= colors= column no-column context=/C context-separator= ' +
      'no-context-separator count/c count-matches crlf no-crlf debug dfa-size-limit= encoding=/E no-encoding engine= field-context-separator= field-match-separator= ' +
      'file=/f files files-with-matches/l files-without-match fixed-strings/F no-fixed-strings follow/L no-follow generate= glob=/g glob-case-insensitive ' +
      'no-glob-case-insensitive heading no-heading help/h hidden/. no-hidden hostname-bin= hyperlink-format= iglob= ignore-case/i ignore-file= ' +
      'ignore-file-case-insensitive no-ignore-file-case-insensitive include-zero no-include-zero invert-match/v no-invert-match json no-json line-buffered ' +
      'no-line-buffered line-number/n no-line-number/N line-regexp/x max-columns=/M max-columns-preview no-max-columns-preview max-count=/m max-depth=/d ' +
      'maxdepth=/d max-filesize= mmap no-mmap multiline/U no-multiline multiline-dotall no-multiline-dotall no-config no-ignore ignore no-ignore-dot ignore-dot ' +
      'no-ignore-exclude ignore-exclude no-ignore-files ignore-files no-ignore-global ignore-global no-ignore-messages ignore-messages no-ignore-parent ' +
      'ignore-parent no-ignore-vcs ignore-vcs no-messages messages no-pcre2-unicode pcre2-unicode no-require-git require-git no-unicode unicode null/0 null-data ' +
      'one-file-system no-one-file-system only-matching/o path-separator= passthru passthrough/passthru pcre2/P no-pcre2 pcre2-version pre= no-pre pre-glob= ' +
      'pretty/p quiet/q regex-size-limit= regexp=/e replace=/r search-zip/z no-search-zip smart-case/S sort-files no-sort-files sort= sortr= stats no-stats ' +
      'stop-on-nonmatch text/a no-text threads=/j trace trim no-trim type=/t type-add= type-clear= type-not=/T type-list unrestricted/u version/V vimgrep ' +
      'with-filename/H no-filename/I word-regexp/w',
    { abbreviations: false },
  ),
  refuse: {
    pre: 'runs a program on every file it searches',
    'pre-glob': 'chooses the files a --pre program runs on',
    z: 'runs decompression programs',
    'hostname-bin': 'runs a program to learn the host name',
  },
  strict: { L: FOLLOWS },
  pathValues: ['f', 'ignore-file'],
  check: patternThenFiles(['e', 'f'], ['files', ...RG_SELF]),
  folders: rgFolder,
  walksCwd: (options) => !has(options, ...RG_SELF),
  listing: rgListing,
});

const tree = optionModel({
  grammar: getopt(
    'acdfghilnpqrstuvxACDFJQNSUXL:P:I:H:T:o:R',
    'inodes device noreport nolinks dirsfirst filesfirst filelimit= charset= si du prune timefmt= ' +
      'ignore-case matchdirs sort= fromfile metafirst gitfile= gitignore info infofile= hintro= houtro= fflinks version help',
    { abbreviations: false, valueInNextWord: true },
  ),
  refuse: { o: 'writes the listing to a file', R: 'writes a 00Tree.html file into every folder it lists' },
  strict: { l: FOLLOWS, fromfile: LISTS },
  pathValues: ['gitfile', 'infofile', 'hintro', 'houtro'],
  // With --fromfile the operands are listings tree prints, not folders it walks; -L N goes N levels down.
  folders: (options) =>
    has(options, 'fromfile')
      ? undefined
      : {
          reads: 'names',
          depth: levels(options.filter((o) => o.id === 'L').at(-1)?.value),
          dotfiles: has(options, 'a'),
          follows: has(options, 'l'),
        },
  walksCwd: (options) => !has(options, 'fromfile'),
});

const JQ_FLAGS = new Set([
  'slurp',
  'raw-output',
  'join-output',
  'ascii-output',
  'compact-output',
  'color-output',
  'monochrome-output',
  'sort-keys',
  'null-input',
  'raw-input',
  'from-file',
  'exit-status',
  'tab',
  'seq',
  'stream',
  'unbuffered',
  'help',
  'version',
  'args',
  'jsonargs',
]);
/** Long options with the number of words they take; a file is read from the last of them. */
const JQ_VALUES: Record<string, { count: number; path?: boolean }> = {
  indent: { count: 1 },
  arg: { count: 2 },
  argjson: { count: 2 },
  slurpfile: { count: 2, path: true },
  rawfile: { count: 2, path: true },
  argfile: { count: 2, path: true },
};
const JQ_SHORT = new Set('srjacCMSRnfehV');
/** The words of a jq program that read a module file. */
const JQ_MODULES = /\b(?:import|include|modulemeta)\b/;

/** jq 1.6's own argument loop: options anywhere before `--`, short letters clustered, -L with a glued or next value. */
const jq: Model = (args, _ctx, program) => {
  const paths: PathUse[] = [];
  const operands: Word[] = [];
  let fromFile = false;
  let positionalData = false;
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const t = word.text;
    if (ended || !t.startsWith('-') || t === '-') {
      operands.push(word);
      continue;
    }
    if (t === '--') {
      ended = true;
      continue;
    }
    if (t.startsWith('--')) {
      const name = t.slice(2);
      if (JQ_FLAGS.has(name)) {
        fromFile ||= name === 'from-file';
        positionalData ||= name === 'args' || name === 'jsonargs';
        continue;
      }
      const spec = JQ_VALUES[name];
      if (!spec) return { problem: `${t} is not an option shell_read knows for ${program}` };
      const values = args.slice(i + 1, i + 1 + spec.count);
      if (values.length < spec.count) return { problem: `${t} needs ${spec.count} values` };
      if (values.some((v) => v.dynamic)) return { problem: `a value of ${t} is expanded at run time` };
      if (spec.path) paths.push({ word: values[values.length - 1]! });
      i += spec.count;
      continue;
    }
    if (t[1] === 'L') {
      const dir = t.length > 2 ? { text: t.slice(2), dynamic: false, raw: t.slice(2) } : args[++i];
      if (!dir) return { problem: '-L needs a folder' };
      paths.push({ word: dir });
      continue;
    }
    const letters = t.slice(1);
    const bad = [...letters].find((c, k) => !JQ_SHORT.has(c) || letters.indexOf(c) !== k);
    if (bad)
      return {
        problem: `-${bad}${letters.length > 1 ? ` (in ${t})` : ''} is not an option shell_read knows for ${program}`,
      };
    fromFile ||= letters.includes('f');
  }
  const [filter, ...rest] = operands;
  if (filter?.dynamic) return { problem: `the jq filter ${filter.raw} is expanded at run time` };
  // A module (import, include, modulemeta) is a file jq finds by name on its search path, `./` and
  // the folders of -L among them: no path the model can decide before the line runs.
  if (filter && !fromFile && JQ_MODULES.test(filter.text))
    return {
      problem: `the jq filter loads a module (import, include or modulemeta), a file read by a name jq resolves`,
    };
  if (filter && fromFile) paths.push({ word: filter });
  if (!positionalData) for (const word of rest) paths.push({ word });
  return {
    paths,
    ...(fromFile
      ? { unknownReads: '-f reads the filter from a file, whose import and include name further files' }
      : {}),
  };
};

/** bash's own option loop for a builtin: clusters of the given letters up to the first operand or `--`. */
function builtinOptions(name: string, letters: string, args: Word[]): { problem: string } | { operands: Word[] } {
  const parsed = parseOptions(getopt(`+${letters}`, '', { abbreviations: false }), args, name);
  return parsed.ok ? { operands: parsed.operands } : { problem: parsed.reason };
}

const printf: Model = (args) => {
  const first = args[0]?.text ?? '';
  // `printf -v 'a[$(cmd)]'` assigns through an array subscript bash evaluates (and runs cmd).
  if (/^-v/.test(first)) return { problem: `${first} assigns a shell variable (and evaluates array subscripts)` };
  if (first.startsWith('-') && first !== '--' && first !== '-')
    return { problem: `${first} is not an option shell_read knows for printf` };
  return { paths: [] };
};

/** test's file operators: the word after a unary one, and both sides of -ef, -nt and -ot, name files. */
const TEST_UNARY = new Set([
  '-a',
  '-b',
  '-c',
  '-d',
  '-e',
  '-f',
  '-g',
  '-G',
  '-h',
  '-k',
  '-L',
  '-N',
  '-O',
  '-p',
  '-r',
  '-s',
  '-S',
  '-u',
  '-w',
  '-x',
]);
const TEST_BINARY = new Set(['-ef', '-nt', '-ot']);

const test: Model = (args) => {
  const bad = args.find((a) => a.text === '-v' || a.text === '-R');
  if (bad) return { problem: `${bad.text} evaluates array subscripts, which can run code` };
  const words = args.filter((a) => a.text !== ']');
  const paths: PathUse[] = [];
  words.forEach((word, i) => {
    const before = words[i - 1]?.text;
    const after = words[i + 1]?.text;
    if (
      (before !== undefined && TEST_UNARY.has(before)) ||
      TEST_BINARY.has(before ?? '') ||
      TEST_BINARY.has(after ?? '')
    )
      paths.push({ word });
  });
  return { paths };
};

const withLetters =
  (name: string, letters: string, operandsArePaths = false): Model =>
  (args) => {
    const parsed = builtinOptions(name, letters, args);
    if ('problem' in parsed) return parsed;
    return { paths: operandsArePaths ? parsed.operands.map((word) => ({ word })) : [] };
  };

export const TOOLS: Record<string, Model> = {
  grep,
  egrep: grep,
  fgrep: grep,
  rg,
  tree,
  jq,
  echo: dataOnly,
  true: dataOnly,
  false: dataOnly,
  printf,
  test,
  '[': test,
  pwd: withLetters('pwd', 'LP'),
  type: withLetters('type', 'afptP'),
  which: withLetters('which', 'a'),
  cd: withLetters('cd', 'LPe@', true),
};
