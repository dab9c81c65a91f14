// GNU find: leading options (-H -L -P -D -O), starting points, then an expression whose every word
// is a primary (with its fixed number of arguments) or an operator. A primary GNU find 4.9 does not
// have, or one that runs a program, writes a file or deletes, is refused.
import { levels, type Model, type PathUse } from './read-only-model.js';
import type { Word } from './words.js';

const REFUSED: Record<string, string> = {
  '-exec': 'runs a command',
  '-execdir': 'runs a command',
  '-ok': 'runs a command',
  '-okdir': 'runs a command',
  '-delete': 'deletes files',
  '-fprint': 'writes a file',
  '-fprint0': 'writes a file',
  '-fprintf': 'writes a file',
  '-fls': 'writes a file',
};
const FOLLOWS = 'follows symbolic links (possibly out of the workspace)';
const STRICT: Record<string, string> = {
  '-L': FOLLOWS,
  '-follow': FOLLOWS,
  '-files0-from': 'reads starting points from a list file the classifier cannot see',
};

/** Number of argument words each primary takes. */
const PRIMARIES: Record<string, number> = {
  '-daystart': 0,
  '-depth': 0,
  '-d': 0,
  '-follow': 0,
  '-ignore_readdir_race': 0,
  '-noignore_readdir_race': 0,
  '-maxdepth': 1,
  '-mindepth': 1,
  '-mount': 0,
  '-noleaf': 0,
  '-nowarn': 0,
  '-warn': 0,
  '-regextype': 1,
  '-xdev': 0,
  '-help': 0,
  '--help': 0,
  '-version': 0,
  '--version': 0,
  '-files0-from': 1,
  '-amin': 1,
  '-anewer': 1,
  '-atime': 1,
  '-cmin': 1,
  '-cnewer': 1,
  '-ctime': 1,
  '-empty': 0,
  '-executable': 0,
  '-false': 0,
  '-fstype': 1,
  '-gid': 1,
  '-group': 1,
  '-ilname': 1,
  '-iname': 1,
  '-inum': 1,
  '-ipath': 1,
  '-iregex': 1,
  '-iwholename': 1,
  '-links': 1,
  '-lname': 1,
  '-mmin': 1,
  '-mtime': 1,
  '-name': 1,
  '-newer': 1,
  '-nogroup': 0,
  '-nouser': 0,
  '-path': 1,
  '-perm': 1,
  '-readable': 0,
  '-regex': 1,
  '-samefile': 1,
  '-size': 1,
  '-true': 0,
  '-type': 1,
  '-uid': 1,
  '-used': 1,
  '-user': 1,
  '-wholename': 1,
  '-writable': 0,
  '-xtype': 1,
  '-context': 1,
  '-ls': 0,
  '-print': 0,
  '-print0': 0,
  '-printf': 1,
  '-prune': 0,
  '-quit': 0,
  '(': 0,
  ')': 0,
  '!': 0,
  '-not': 0,
  '-a': 0,
  '-and': 0,
  '-o': 0,
  '-or': 0,
  ',': 0,
};
/** Operators after which an entry may be printed without passing every test. */
const ALTERNATIVES = new Set(['-o', '-or', ',', '!', '-not', '(', ')']);
/** Primaries whose argument names a file find reads (its times or inode). */
const PATH_ARGUMENT = new Set(['-anewer', '-cnewer', '-newer', '-samefile', '-files0-from']);
const NEWER_XY = /^-newer[aBcm][aBcmt]$/;

/** GNU find reads a word as the start of the expression if it starts with `-` (not `-` alone), or is `(` or `!`. */
const startsExpression = (t: string) => (t.startsWith('-') && t.length > 1) || t === '(' || t === '!';

export const findModel: Model = (args, ctx) => {
  const paths: PathUse[] = [];
  const starts: PathUse[] = [];
  const names: { glob: string; ignoreCase: boolean }[] = [];
  let depth = Infinity;
  let alternatives = false;
  let follows = false;
  let unknownReads: string | undefined;
  let i = 0;
  for (; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === '-H' || t === '-P') continue;
    if (t === '-L') {
      if (ctx.strict) return { problem: `-L ${STRICT['-L']}; without a sandbox shell_read keeps to the workspace` };
      follows = true;
      continue;
    }
    if (t === '-D') {
      i++;
      continue;
    }
    if (/^-O[0-9]*$/.test(t)) continue;
    if (t === '--') {
      i++;
    }
    break;
  }
  for (; i < args.length && !startsExpression(args[i]!.text); i++) starts.push({ word: args[i]! });
  for (; i < args.length; i++) {
    const word = args[i]!;
    const t = word.text;
    const refused = REFUSED[t];
    if (refused) return { problem: `${t} ${refused}` };
    const count = NEWER_XY.test(t) ? 1 : PRIMARIES[t];
    if (count === undefined)
      return {
        problem: `${t} is not a find primary shell_read knows${t.startsWith('-') ? '' : ' (paths must come before the expression)'}`,
      };
    if (ctx.strict && STRICT[t])
      return { problem: `${t} ${STRICT[t]}; without a sandbox shell_read keeps to the workspace` };
    const operands: Word[] = args.slice(i + 1, i + 1 + count);
    if (operands.length < count) return { problem: `${t} needs an argument` };
    for (const operand of operands) {
      if (operand.dynamic)
        return { problem: `the argument of ${t} is expanded at run time (${operand.raw}); quote it` };
    }
    if (PATH_ARGUMENT.has(t) || (NEWER_XY.test(t) && !t.endsWith('t'))) paths.push({ word: operands[0]! });
    if (t === '-follow') follows = true;
    if (t === '-maxdepth') depth = levels(operands[0]!.text);
    if (ALTERNATIVES.has(t)) alternatives = true;
    if (t === '-name' || t === '-iname') names.push({ glob: operands[0]!.text, ignoreCase: t === '-iname' });
    if (t === '-files0-from') unknownReads = '-files0-from reads the folders find walks from a list file';
    i += count;
  }
  // find walks every starting point (`.` when none is given), dot files included, and prints names:
  // with tests joined only by -and, only those whose name matches every -name and -iname.
  const folder = {
    reads: 'names',
    depth,
    dotfiles: true,
    follows,
    ...(names.length > 0 && !alternatives ? { names } : {}),
  } as const;
  if (starts.length === 0 && unknownReads === undefined)
    starts.push({ word: { text: '.', dynamic: false, raw: '.' }, implicit: true });
  for (const start of starts) paths.push({ ...start, folder });
  return { paths, ...(unknownReads ? { unknownReads } : {}) };
};
