// Reads options the way a program's own getopt reads them: clusters (`-rv`), glued values
// (`-vNAME`, `-n5`), `--` and, for GNU getopt_long, `--name=value`, a value in the next word and
// unambiguous abbreviations (`--sig=KILL`). Shared by the builtin models and the wrapper table.
import type { Word } from './words.js';

/**
 * `flag` takes no value; `value` takes the rest of the word or the next word; `glued` takes only
 * the rest of the word (optional); `value2` takes the next two words (bwrap's `--bind SRC DEST`).
 */
export type Arity = 'flag' | 'value' | 'glued' | 'value2';

export interface OptionGrammar {
  /** Short options by letter. */
  short: Readonly<Record<string, Arity>>;
  /** Long options (GNU getopt_long), without the dashes; `glued` is an optional `=value`. */
  long?: Readonly<Record<string, Arity>>;
  /** Options may follow operands (GNU permutation); otherwise the first operand ends the options. */
  permute?: boolean;
  /** `+x` is an option too (declare, set). */
  plus?: boolean;
  /** `-5` is an option whose value is the number (nice, head). */
  numeric?: boolean;
  /** A single dash alone is an option (su `-`), not an operand. */
  loneDash?: boolean;
  /** Every `--name` or `--name=value` is an option that takes no further word (valgrind, firejail). */
  anyLong?: boolean;
  /** Long options are matched exactly (no abbreviations). */
  exactLong?: boolean;
}

export interface ParsedOption {
  /** The letter, or the long name as written out in full. */
  name: string;
  /** The value word (glued values become a word of their own). */
  value?: Word;
  /** `+x` rather than `-x`. */
  plus?: boolean;
  /** The second value of a `value2` option. */
  second?: Word;
}

export interface ParsedOptions {
  options: ParsedOption[];
  operands: Word[];
  /** Index (into the words given) of the first operand when options stop at it; words.length otherwise. */
  end: number;
}

export class GetoptError extends Error {}

const glue = (word: Word, text: string): Word => ({ text, dynamic: word.dynamic, raw: word.raw });

/** Parses `words` (the program's arguments); throws GetoptError on a word it cannot read statically. */
export function getopt(words: readonly Word[], grammar: OptionGrammar, program: string): ParsedOptions {
  const options: ParsedOption[] = [];
  const operands: Word[] = [];
  let i = 0;
  const next = (what: string): Word => {
    const value = words[++i];
    if (value === undefined) throw new GetoptError(`${program} ${what} is missing its value`);
    return value;
  };
  for (; i < words.length; i++) {
    const word = words[i]!;
    // What the word is known to start with: all of it, or (expanded at run time) its literal lead.
    const known = word.dynamic ? (word.digits ? '0' : (word.lead ?? '')) : word.text;
    if (word.dynamic && (known === '' || (grammar.permute && word.split))) {
      // It may be an option, or several words: what the program reads cannot be known.
      throw new GetoptError(`${program} argument ${word.raw} is known only at run time, so its options cannot be read`);
    }
    const dash = known.startsWith('-') || (grammar.plus === true && known.startsWith('+'));
    if (!word.dynamic && word.text === '--') {
      operands.push(...words.slice(i + 1));
      return { options, operands, end: grammar.permute ? words.length : i + 1 };
    }
    if (!word.dynamic && word.text === '-' && grammar.loneDash) {
      options.push({ name: '-' });
      continue;
    }
    if (!dash || (!word.dynamic && word.text.length < 2)) {
      if (!grammar.permute) return { options, operands: [...operands, ...words.slice(i)], end: i };
      operands.push(word);
      continue;
    }
    if (word.dynamic && word.split) throw new GetoptError(`${program} option ${word.raw} may expand to several words`);
    if (known.startsWith('--')) {
      options.push(longOption(word, known, grammar, program, next));
      continue;
    }
    shortCluster(word, known, grammar, program, next, options);
  }
  return { options, operands, end: words.length };
}

function longOption(
  word: Word,
  known: string,
  grammar: OptionGrammar,
  program: string,
  next: (what: string) => Word,
): ParsedOption {
  const eq = known.indexOf('=');
  if (word.dynamic && eq < 0) throw new GetoptError(`${program} option ${word.raw} is known only at run time`);
  const key = known.slice(2, eq < 0 ? undefined : eq);
  if (grammar.anyLong) {
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(key)) throw new GetoptError(`${program} option --${key} is not understood`);
    return { name: key, ...(eq < 0 ? {} : { value: glue(word, word.text.slice(word.text.indexOf('=') + 1)) }) };
  }
  const long = grammar.long ?? {};
  const name = grammar.exactLong ? (Object.hasOwn(long, key) ? key : undefined) : longName(key, long);
  if (name === undefined) throw new GetoptError(`${program} option --${key} is not understood`);
  const arity = grammar.long![name]!;
  const glued = eq < 0 ? undefined : glue(word, word.text.slice(word.text.indexOf('=') + 1));
  if (arity === 'flag' && glued !== undefined) throw new GetoptError(`${program} option --${name} takes no value`);
  if (arity === 'value2') {
    if (glued !== undefined) throw new GetoptError(`${program} option --${name} takes two words`);
    const first = next(`--${name}`);
    return { name, value: first, second: next(`--${name}`) };
  }
  const value = glued ?? (arity === 'value' ? next(`--${name}`) : undefined);
  return { name, ...(value ? { value } : {}) };
}

function shortCluster(
  word: Word,
  known: string,
  grammar: OptionGrammar,
  program: string,
  next: (what: string) => Word,
  options: ParsedOption[],
): void {
  const plus = known.startsWith('+');
  if (grammar.numeric && !word.dynamic && /^-[0-9]+$/.test(word.text)) {
    options.push({ name: '#', value: glue(word, word.text.slice(1)) });
    return;
  }
  for (let j = 1; j < known.length; j++) {
    const letter = known[j]!;
    const arity = Object.hasOwn(grammar.short, letter) ? grammar.short[letter] : undefined;
    if (arity === undefined) throw new GetoptError(`${program} option ${plus ? '+' : '-'}${letter} is not understood`);
    if (arity === 'flag') {
      options.push({ name: letter, ...(plus ? { plus } : {}) });
      continue;
    }
    if (arity === 'value2') throw new GetoptError(`${program} option -${letter} is not understood`);
    // The value is the rest of the word; a value that may expand to nothing would take the next word instead.
    if (word.dynamic && j === known.length - 1)
      throw new GetoptError(`${program} option -${letter} takes a value known only at run time (${word.raw})`);
    const gluedText = word.text.slice(j + 1);
    const value = gluedText !== '' ? glue(word, gluedText) : arity === 'value' ? next(`-${letter}`) : undefined;
    options.push({ name: letter, ...(value ? { value } : {}), ...(plus ? { plus } : {}) });
    return;
  }
  // The literal lead ended inside the cluster: the letters after it are known only at run time.
  if (word.dynamic) throw new GetoptError(`${program} option ${word.raw} is known only at run time`);
}

/** An exact long option, or the one option an abbreviation names (getopt_long refuses ambiguous ones). */
export function longName(key: string, long: Readonly<Record<string, Arity>>): string | undefined {
  if (Object.hasOwn(long, key)) return key;
  if (key === '') return undefined;
  const matches = Object.keys(long).filter((k) => k.startsWith(key));
  return matches.length === 1 ? matches[0] : undefined;
}

export function hasOption(parsed: ParsedOptions, ...names: string[]): boolean {
  return parsed.options.some((o) => names.includes(o.name));
}
