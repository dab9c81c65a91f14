// shell_read's classifier: a line runs only when the parser proves every simple command is an
// inspection program from a fixed allowlist used without its write or exec options, joined by
// pipes and lists, with no substitution, assignment, or redirection but to /dev/null.
import path from 'node:path';
import { joinedLines } from './line-checks.js';
import { parseShellSync } from './parser.js';
import { GIT_READ_CHECK } from './read-only-git.js';
import { plainTree, type ShellNode } from './tree.js';
import { Opaque, clip, decodeWord, type Word } from './words.js';

export type ReadOnlyVerdict = { ok: true; programs: string[] } | { ok: false; command: string; reason: string };

type Check = (args: Word[]) => string | undefined;

/** Short options that take a value (`-k 2`, `-k2`), so a cluster like `-nk2` is read right. */
function shortOptions(args: Word[], withValue: string, longWithValue: readonly string[] = []): { options: string[]; positionals: Word[] } {
  const options: string[] = [];
  const positionals: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === '--') { positionals.push(...args.slice(i + 1)); break; }
    if (t.startsWith('--')) {
      options.push(t);
      if (longWithValue.includes(t)) i++;
      continue;
    }
    if (t.startsWith('-') && t.length > 1) {
      for (let j = 1; j < t.length; j++) {
        const letter = t[j]!;
        options.push(`-${letter}`);
        if (withValue.includes(letter)) {
          if (j === t.length - 1) i++;
          break;
        }
      }
      continue;
    }
    positionals.push(args[i]!);
  }
  return { options, positionals };
}

/**
 * getopt_long accepts any unambiguous prefix (`sort --o=FILE` is --output): every long option is
 * expanded against the program's known ones; unknown or ambiguous ones are refused.
 */
export function expandLong(option: string, known: readonly string[]): string | undefined {
  const key = option.slice(2).split('=')[0]!;
  if (known.includes(key)) return key;
  const matches = known.filter((k) => k.startsWith(key));
  return key.length > 0 && matches.length === 1 ? matches[0] : undefined;
}

function longProblem(args: Word[], known: readonly string[], forbidden: readonly string[], what: string): string | undefined {
  for (const arg of args) {
    const t = arg.text;
    if (t === '--') break;
    if (!t.startsWith('--')) continue;
    const name = expandLong(t, known);
    if (name === undefined) return `${t.split('=')[0]} is not an option shell_read knows for this program`;
    if (forbidden.includes(name)) return `${t.split('=')[0]} (--${name}) ${what}`;
  }
  return undefined;
}

const SORT_LONG = ['ignore-leading-blanks', 'dictionary-order', 'ignore-case', 'general-numeric-sort', 'ignore-nonprinting', 'month-sort', 'human-numeric-sort',
  'numeric-sort', 'random-sort', 'random-source', 'reverse', 'sort', 'version-sort', 'batch-size', 'check', 'compress-program', 'debug', 'files0-from', 'key',
  'merge', 'output', 'stable', 'buffer-size', 'field-separator', 'temporary-directory', 'parallel', 'unique', 'zero-terminated', 'help', 'version'];
const SED_LONG = ['expression', 'file', 'in-place', 'line-length', 'null-data', 'zero-terminated', 'quiet', 'silent', 'regexp-extended', 'separate', 'sandbox',
  'unbuffered', 'posix', 'debug', 'follow-symlinks', 'help', 'version', 'binary'];
const DATE_LONG = ['date', 'debug', 'file', 'iso-8601', 'resolution', 'rfc-email', 'rfc-3339', 'reference', 'set', 'universal', 'utc', 'help', 'version'];
const AWK_LONG = ['field-separator', 'assign', 'characters-as-bytes', 'traditional', 'copyright', 'posix', 're-interval', 'sandbox', 'lint', 'version', 'help',
  'file', 'source', 'include', 'load', 'exec', 'pretty-print', 'profile', 'dump-variables', 'debug'];
const FILE_LONG = ['brief', 'mime', 'mime-type', 'mime-encoding', 'dereference', 'no-dereference', 'uncompress', 'uncompress-noreport', 'keep-going', 'raw',
  'special-files', 'print0', 'separator', 'files-from', 'magic-file', 'exclude', 'exclude-quiet', 'extension', 'apple', 'preserve-date', 'no-pad', 'no-buffer',
  'parameter', 'help', 'version', 'compile', 'checking-printout', 'debug', 'list'];

const refuseOptions = (args: Word[], withValue: string, forbidden: RegExp, what: string, longWithValue: readonly string[] = []): string | undefined => {
  const bad = shortOptions(args, withValue, longWithValue).options.find((o) => forbidden.test(o));
  return bad ? `${bad} ${what}` : undefined;
};

const SED_COMMANDS = /^[{}=aicdDgGhHlnNpPqQrRsxyzbtT:#FeEwWvL]$/;

/** Scans a sed script command by command; `w`, `W`, `e` and the `w`/`e` flags of `s` are refused. */
export function sedScriptProblem(script: string): string | undefined {
  let i = 0;
  const n = script.length;
  const skipAddress = () => {
    for (;;) {
      while (i < n && /[0-9$,~+!\s]/.test(script[i]!)) i++;
      if (script[i] === '/' || script[i] === '\\') {
        const delim = script[i] === '\\' ? script[++i] : '/';
        i++;
        while (i < n && script[i] !== delim) i += script[i] === '\\' ? 2 : 1;
        i++;
        while (i < n && /[IM]/.test(script[i]!)) i++;
        continue;
      }
      return;
    }
  };
  const readPart = (delim: string) => {
    while (i < n && script[i] !== delim) {
      if (script[i] === '\n') return false;
      i += script[i] === '\\' ? 2 : 1;
    }
    i++;
    return i <= n;
  };
  while (i < n) {
    while (i < n && /[\s;]/.test(script[i]!)) i++;
    if (i >= n) break;
    skipAddress();
    while (i < n && /\s/.test(script[i]!)) i++;
    const c = script[i];
    if (c === undefined) break;
    if (!SED_COMMANDS.test(c)) return `sed command "${c}" is not known to be read-only`;
    if (c === 'w' || c === 'W') return 'sed w/W writes a file';
    if (c === 'e') return 'sed e runs a command';
    i++;
    if (c === 's' || c === 'y') {
      const delim = script[i];
      if (delim === undefined || delim === '\n' || delim === '\\') return 'sed s/y command is malformed';
      i++;
      if (!readPart(delim) || !readPart(delim)) return 'sed s/y command is malformed';
      if (c === 's') {
        const flags = /^[a-zA-Z0-9]*/.exec(script.slice(i))![0];
        if (/w/.test(flags)) return 'sed s///w writes a file';
        if (/e/.test(flags)) return 'sed s///e runs the pattern space as a command';
        if (/[^gpiImM0-9]/.test(flags)) return `sed s flag "${flags}" is not known to be read-only`;
        i += flags.length;
      }
      continue;
    }
    if ('btT:'.includes(c)) {
      // GNU sed ends a label at `;` or a blank (`:x;e cmd` runs cmd). Ending it at the first of
      // those or `}` is never later than sed does, so nothing sed runs is read as label text.
      while (i < n && (script[i] === ' ' || script[i] === '\t')) i++;
      while (i < n && !/[\s;}]/.test(script[i]!)) i++;
    } else if ('aicrR#'.includes(c)) {
      // Text, file names and comments run to the end of the line.
      while (i < n && script[i] !== '\n') i++;
    }
  }
  return undefined;
}

const sedCheck: Check = (args) => {
  const long = longProblem(args, SED_LONG, ['in-place', 'file'], 'edits files in place or reads a script the classifier cannot see');
  if (long) return long;
  // Long options spelled out, so `--expr=…` is read as the script it is.
  args = args.map((a) => (a.text.startsWith('--') && a.text !== '--' ? { ...a, text: `--${expandLong(a.text, SED_LONG)}${a.text.includes('=') ? a.text.slice(a.text.indexOf('=')) : ''}` } : a));
  const parsed = shortOptions(args, 'efl', ['--expression', '--file', '--line-length']);
  const bad = parsed.options.find((o) => /^(-i|--in-place.*|-f|--file.*)$/.test(o));
  if (bad) return bad.startsWith('-i') || bad.startsWith('--in') ? `${bad} edits files in place` : `${bad} reads a script the classifier cannot see`;
  const scripts: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === '-e' || t === '--expression') scripts.push(args[i + 1]?.text ?? '');
    else if (t.startsWith('--expression=')) scripts.push(t.slice(13));
    else if (/^-[a-zA-Z]*e./.test(t) && !t.startsWith('--')) scripts.push(t.slice(t.indexOf('e') + 1));
  }
  if (scripts.length === 0) scripts.push(parsed.positionals[0]?.text ?? '');
  for (const script of scripts) {
    const problem = sedScriptProblem(script);
    if (problem) return problem;
  }
  return undefined;
};

const awkCheck: Check = (args) => {
  const long = longProblem(args, AWK_LONG, ['file', 'source', 'include', 'load', 'exec', 'pretty-print', 'profile', 'dump-variables', 'debug'], 'reads a program or writes a file the classifier cannot check');
  if (long) return long;
  const parsed = shortOptions(args, 'Fvfeil', ['--field-separator', '--assign', '--file', '--source', '--include', '--load']);
  const bad = parsed.options.find((o) => /^(-f|--file|-i|--include|-l|--load|-E|--exec|-e|--source|-o|--pretty-print|-p|--profile|-d|--dump-variables|-D|--debug)/.test(o));
  if (bad) return `${bad} reads a program or writes a file the classifier cannot check`;
  const program = parsed.positionals[0]?.text ?? '';
  if (/\bsystem\b|\bgetline\b|\||@/.test(program)) {
    return 'the awk program may run commands or write files (system, getline, pipes, print >)';
  }
  if (awkPrintRedirects(program)) {
    return 'the awk program may redirect print or printf into a file (a > after print, outside parentheses)';
  }
  return undefined;
};

/**
 * Whether a print/printf may be followed by an output redirection: a `>` outside parentheses
 * before the statement ends at `;`, `{` or `}` (a newline may continue it: `print a,` ⏎ `b > f`).
 * Exact only with string literals removed; where that is ambiguous, any `>` after a print counts.
 */
function awkPrintRedirects(program: string): boolean {
  const text = awkWithoutStrings(program);
  if (text === undefined) return /\bprintf?\b[\s\S]*>/.test(program);
  let inPrint = false;
  let depth = 0;
  for (const [token] of text.matchAll(/\bprintf?\b|[();{}>]/g)) {
    if (token.startsWith('print')) {
      if (!inPrint) [inPrint, depth] = [true, 0];
    } else if (!inPrint) {
      continue;
    } else if (token === '(') {
      depth++;
    } else if (token === ')') {
      depth = Math.max(0, depth - 1);
    } else if (token === '>') {
      if (depth === 0) return true;
    } else if (depth === 0) {
      inPrint = false;
    }
  }
  return false;
}

/**
 * The awk program with its string literals removed, so `print "a > b"` is not read as a redirection
 * — only where that removal is unambiguous: a `/` (regex or division) or a `#` (comment) could hold
 * a `"` that starts no string, and a string crossing a line is not awk. Otherwise undefined.
 */
function awkWithoutStrings(program: string): string | undefined {
  if (/[/#]/.test(program)) return undefined;
  // Each string becomes a plain operand; a `"` left over means quoting this scan cannot follow.
  const stripped = program.replace(/"(?:[^"\\\n]|\\[^\n])*"/g, ' 0 ');
  return stripped.includes('"') ? undefined : stripped;
}

const findCheck: Check = (args) => {
  const bad = args.find((a) => /^-(exec|execdir|ok|okdir|delete|fprint|fprint0|fprintf|fls)$/.test(a.text));
  return bad ? `${bad.text} runs a command or writes/deletes files` : undefined;
};

function testCheck(args: Word[]): string | undefined {
  return args.some((a) => a.text === '-v' || a.text === '-R') ? '-v evaluates array subscripts, which can run code' : undefined;
}

const PROGRAMS: Record<string, { check?: Check; optionsSafe?: boolean; dynamicArgs?: boolean }> = {
  ls: { optionsSafe: true }, cat: { optionsSafe: true }, head: { optionsSafe: true }, tail: { optionsSafe: true },
  wc: { optionsSafe: true }, pwd: { optionsSafe: true }, echo: { optionsSafe: true, dynamicArgs: true },
  basename: { optionsSafe: true }, dirname: { optionsSafe: true }, realpath: { optionsSafe: true }, readlink: { optionsSafe: true },
  stat: { optionsSafe: true }, du: { optionsSafe: true }, df: { optionsSafe: true }, tr: { optionsSafe: true }, cut: { optionsSafe: true },
  nl: { optionsSafe: true }, rev: { optionsSafe: true }, fold: { optionsSafe: true }, paste: { optionsSafe: true }, join: { optionsSafe: true },
  comm: { optionsSafe: true }, cmp: { optionsSafe: true }, diff: { optionsSafe: true }, tac: { optionsSafe: true }, column: { optionsSafe: true },
  true: {}, false: {}, whoami: {}, id: {}, uname: {}, printenv: {}, which: {}, type: {}, seq: {},
  // `test -v 'a[$(cmd)]'` evaluates the subscript (and runs cmd).
  test: { check: testCheck }, '[': { check: testCheck },
  md5sum: { optionsSafe: true }, sha1sum: { optionsSafe: true }, sha256sum: { optionsSafe: true }, sha512sum: { optionsSafe: true },
  cksum: { optionsSafe: true }, base64: { optionsSafe: true }, od: { optionsSafe: true }, hexdump: { optionsSafe: true }, strings: { optionsSafe: true },
  grep: { optionsSafe: true }, egrep: { optionsSafe: true }, fgrep: { optionsSafe: true }, jq: {},
  cd: { check: (args) => (args.some((a) => a.text.startsWith('-') && !/^-[LP]$/.test(a.text)) ? 'cd option is not known' : undefined) },
  printf: { check: (args) => (args[0]?.text === '-v' ? '-v assigns a shell variable' : undefined) },
  date: {
    check: (args) => {
      const bad = longProblem(args, DATE_LONG, ['set'], 'sets the system clock') ?? refuseOptions(args, 'dfrIs', /^(-s|--set.*)$/, 'sets the system clock', ['--date', '--file', '--reference']);
      if (bad) return bad;
      const p = shortOptions(args, 'dfrIs', ['--date', '--file', '--reference']).positionals;
      return p.some((w) => !w.text.startsWith('+')) ? 'a date operand that is not +FORMAT sets the clock' : undefined;
    },
  },
  sort: { check: (args) => longProblem(args, SORT_LONG, ['output', 'compress-program'], 'writes a file or runs a program') ?? refuseOptions(args, 'ktTSo', /^(-o|--output.*|--compress-program.*)$/, 'writes a file or runs a program', ['--key', '--field-separator', '--temporary-directory', '--buffer-size']) },
  uniq: {
    check: (args) => (shortOptions(args, 'fsw', ['--skip-fields', '--skip-chars', '--check-chars']).positionals.length > 1 ? 'a second file operand is an output file uniq writes' : undefined),
  },
  find: { check: findCheck },
  sed: { check: sedCheck },
  awk: { check: awkCheck }, gawk: { check: awkCheck }, mawk: { check: awkCheck }, nawk: { check: awkCheck },
  rg: {
    check: (args) => refuseOptions(args, 'ABCEMTdefgjmrt', /^(--pre.*|--pre-glob.*|-z|--search-zip|--hostname-bin.*)$/, 'runs other programs',
      ['--after-context', '--before-context', '--context', '--encoding', '--max-columns', '--type-not', '--max-depth', '--regexp', '--file', '--glob', '--threads', '--max-count', '--replace', '--type', '--iglob', '--sort', '--sortr', '--colors', '--type-add']),
  },
  tree: { check: (args) => refuseOptions(args, 'LPIHT', /^(-o|-R|--output.*)$/, 'writes files', ['--charset', '--filelimit', '--timefmt', '--sort']) },
  file: { check: (args) => longProblem(args, FILE_LONG, ['compile'], 'writes a compiled magic file') ?? refuseOptions(args, 'eFfmP', /^(-C|--compile)$/, 'writes a compiled magic file') },
  git: { check: GIT_READ_CHECK },
};

/** Proves a command line read-only or names the first command that is not. The parser must be loaded. */
export function classifyReadOnly(line: string): ReadOnlyVerdict {
  const tree = parseShellSync(line);
  if (!tree) return { ok: false, command: clip(line), reason: 'the command line is too long or could not be parsed in time' };
  const programs: string[] = [];
  try {
    if (tree.rootNode.hasError) return { ok: false, command: clip(line), reason: 'the command line does not parse as bash' };
    if (/\\\n/.test(line)) return { ok: false, command: clip(line), reason: 'line continuations are not accepted here; put the command on one line' };
    const root = plainTree(tree, line);
    const joined = joinedLines(line, root);
    if (joined) return { ok: false, command: clip(line), reason: joined };
    if (/[\r\v\f]/.test(line)) return { ok: false, command: clip(line), reason: 'carriage returns, vertical tabs and form feeds are not accepted' };
    const refusal = walk(root, programs, 0);
    return refusal ?? { ok: true, programs };
  } finally {
    tree.delete();
  }
}

function refuse(node: ShellNode, reason: string): ReadOnlyVerdict {
  return { ok: false, command: clip(node.text, 120), reason };
}

function walk(node: ShellNode, programs: string[], depth: number): ReadOnlyVerdict | undefined {
  if (depth > 40) return refuse(node, 'the line nests too deeply');
  switch (node.type) {
    case 'comment':
      return undefined;
    case 'program':
    case 'list':
    case 'pipeline':
    case 'subshell':
    case 'compound_statement':
    case 'negated_command':
      for (const child of node.children) {
        if (child.type === '&') return refuse(node, 'running commands in the background (&) is not read-only inspection');
        if (!child.isNamed) continue;
        const refusal = walk(child, programs, depth + 1);
        if (refusal) return refusal;
      }
      return undefined;
    case 'redirected_statement': {
      for (const redirect of node.childrenForFieldName('redirect')) {
        const problem = redirectProblem(redirect);
        if (problem) return refuse(node, problem);
      }
      const body = node.childForFieldName('body');
      return body ? walk(body, programs, depth + 1) : refuse(node, 'a redirection without a command');
    }
    case 'command':
      return simpleCommand(node, programs);
    default:
      return refuse(node, `${node.type.replace(/_/g, ' ')} is not accepted (only inspection commands joined by pipes, &&, || and ;)`);
  }
}

function redirectProblem(redirect: ShellNode): string | undefined {
  if (redirect.type !== 'file_redirect') return `${redirect.type.replace(/_/g, ' ')} is not accepted`;
  let operator = '';
  for (const child of redirect.children) if (!child.isNamed) operator += child.type;
  const destination = redirect.childForFieldName('destination');
  if (!destination) return 'closing file descriptors is not accepted';
  let target: Word;
  try { target = decodeWord(destination); } catch (error) { return (error as Error).message; }
  if (target.dynamic) return `redirection to ${target.raw} (known only at run time)`;
  // bash itself opens /dev/tcp/HOST/PORT and /dev/udp/… as network connections, even for reading.
  if (/^\/dev\/(tcp|udp)(\/|$)/.test(path.posix.normalize(target.text))) return `${target.text} opens a network connection`;
  if (operator === '<') return undefined;
  if ((operator === '>&' || operator === '<&') && /^[0-9]+$/.test(target.text)) return undefined;
  if (/^(>|>>|&>|&>>|2>|>&)$/.test(operator) && target.text === '/dev/null') return undefined;
  return `output redirection to ${target.text} writes a file (only /dev/null and 2>&1 are accepted)`;
}

function simpleCommand(node: ShellNode, programs: string[]): ReadOnlyVerdict | undefined {
  const words: Word[] = [];
  for (const child of node.namedChildren) {
    if (child.type === 'variable_assignment') return refuse(node, 'variable assignments are not accepted');
    if (child.type.endsWith('_redirect')) {
      const problem = redirectProblem(child);
      if (problem) return refuse(node, problem);
      continue;
    }
    try {
      words.push(decodeWord(child));
    } catch (error) {
      if (error instanceof Opaque) return refuse(node, error.message);
      throw error;
    }
  }
  const first = words[0];
  if (!first) return refuse(node, 'no program to run');
  if (first.dynamic) return refuse(node, `the program name ${first.raw} is known only at run time`);
  const name = first.text;
  const spec = Object.hasOwn(PROGRAMS, name) ? PROGRAMS[name]! : undefined;
  if (!spec) {
    return refuse(node, name.includes('/') ? `${name} is a path; shell_read runs only allowlisted programs by name`
      : `${name} is not one of shell_read's read-only inspection programs`);
  }
  const args = words.slice(1);
  for (const arg of args) {
    if (arg.dynamic && !arg.glob && !spec.dynamicArgs) return refuse(node, `argument ${arg.raw} is expanded at run time`);
    if (arg.glob && !spec.optionsSafe && /^[*?[]/.test(arg.text)) {
      return refuse(node, `glob ${arg.raw} could expand to a file name that reads as an option; write ./${arg.text} instead`);
    }
    // `-delet?` is compared as written but runs as whatever file name it matches (`-delete`).
    if (arg.glob && !spec.optionsSafe && arg.text.startsWith('-')) {
      return refuse(node, `${arg.raw} is an option with glob characters: it expands to matching file names, so what runs is not what was checked`);
    }
  }
  const problem = spec.check?.(args);
  if (problem) return refuse(node, problem);
  programs.push(name);
  return undefined;
}
