// Option grammars as data, and one parser that reads a command's words the way getopt_long (or a
// program's own parser, through the grammar's settings) reads them: clusters (`-ne`), values glued
// (`-k2`, `-O'cmd'`) or in the next word, long options with `=VALUE` or a separate value,
// abbreviations resolved as glibc resolves them, `--`, and options after operands (permutation).
// A word the grammar does not know is refused, never guessed at.
import type { Word } from './words.js';

/** `lastDefault`: takes the next word unless it is the last argument (git's PARSE_OPT_LASTARG_DEFAULT). */
export type Arity = 'none' | 'required' | 'optional' | 'lastDefault';

export interface LongOption {
  name: string;
  arity: Arity;
  /** What the option is: its short letter, or the long name it is an alias of. */
  id: string;
}

export interface Grammar {
  short: ReadonlyMap<string, Arity>;
  long: readonly LongOption[];
  /** Options may follow operands (GNU getopt); false: the first operand ends the options (`+`). */
  permute: boolean;
  /** An unambiguous prefix names a long option (getopt_long); false: names match exactly. */
  abbreviations: boolean;
  /** A short option's value is always the next word, and the cluster goes on (tree). */
  valueInNextWord?: boolean;
  /** Words that start with `-` but are operands (`seq -5 5`). */
  operandLike?: RegExp;
  /** An obsolete first-argument form read as one option word (`head -5c`, `tail +3`). */
  obsoleteFirst?: RegExp;
}

export interface ParsedOption {
  id: string;
  /** As written: `-k`, `--key`, `--ke`. */
  spelled: string;
  /** The long option's full name, for a long spelling. */
  name?: string;
  value?: string;
  /** The value came from a word of its own (which may itself be a glob or a variable). */
  valueWord?: Word;
}

export type Parsed =
  | {
      ok: true;
      options: ParsedOption[];
      operands: Word[];
      /** How many operands came before a `--` that ended the options (absent: there was none). */
      dashdash?: number;
    }
  | { ok: false; reason: string };

/**
 * A grammar from a getopt optstring (`ab:c::`, a leading `+` stops at the first operand, a leading
 * `-` returns operands in order, which permutes too) and a list of long options: `name` (no value),
 * `name=` (required), `name=?` (optional, only as `--name=VALUE`), `name=!` (lastDefault), each optionally `/ID` (the short
 * letter or long name it is an alias of, so `--quiet`/`--silent` are one option as glibc sees it).
 */
export function getopt(
  optstring: string,
  longSpec = '',
  settings: Partial<Omit<Grammar, 'short' | 'long'>> = {},
): Grammar {
  const short = new Map<string, Arity>();
  let permute = true;
  let i = 0;
  if (optstring[0] === '+') {
    permute = false;
    i = 1;
  } else if (optstring[0] === '-') i = 1;
  for (; i < optstring.length; i++) {
    const letter = optstring[i]!;
    if (optstring[i + 1] === ':' && optstring[i + 2] === ':') {
      short.set(letter, 'optional');
      i += 2;
    } else if (optstring[i + 1] === ':') {
      short.set(letter, 'required');
      i++;
    } else short.set(letter, 'none');
  }
  return { short, long: parseLongSpec(longSpec), permute, abbreviations: true, ...settings };
}

export function parseLongSpec(spec: string): LongOption[] {
  return spec
    .split(/\s+/)
    .filter(Boolean)
    .map((entry) => {
      const [head, alias] = entry.split('/') as [string, string | undefined];
      const arity: Arity = head.endsWith('=?')
        ? 'optional'
        : head.endsWith('=!')
          ? 'lastDefault'
          : head.endsWith('=')
            ? 'required'
            : 'none';
      const name = head.replace(/=[?!]?$/, '');
      return { name, arity, id: alias ?? name };
    });
}

/**
 * The long option a spelling names, as getopt_long resolves it: an exact name wins; otherwise every
 * option the prefix matches must be the same option (same id and arity), or it is ambiguous.
 */
export function resolveLong(grammar: Grammar, name: string): LongOption | 'unknown' | 'ambiguous' {
  const exact = grammar.long.find((o) => o.name === name);
  if (exact) return exact;
  if (!grammar.abbreviations || name === '') return 'unknown';
  const matches = grammar.long.filter((o) => o.name.startsWith(name));
  if (matches.length === 0) return 'unknown';
  const first = matches[0]!;
  return matches.every((o) => o.id === first.id && o.arity === first.arity) ? first : 'ambiguous';
}

/**
 * Reads the arguments (without the program name) with the grammar. One loop on purpose: long and
 * short options alike take their values from the next words through the one shared index.
 */
export function parseOptions(grammar: Grammar, args: readonly Word[], program: string): Parsed {
  const options: ParsedOption[] = [];
  const operands: Word[] = [];
  let ended = false;
  let dashdash: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    const t = word.text;
    if (ended) {
      operands.push(word);
      continue;
    }
    if (t === '--') {
      ended = true;
      dashdash = operands.length;
      continue;
    }
    if (i === 0 && grammar.obsoleteFirst?.test(t)) {
      options.push({ id: 'obsolete', spelled: t });
      continue;
    }
    if (t === '-' || !t.startsWith('-') || grammar.operandLike?.test(t)) {
      operands.push(word);
      if (!grammar.permute) ended = true;
      continue;
    }
    if (t.startsWith('--')) {
      const eq = t.indexOf('=');
      const name = t.slice(2, eq < 0 ? undefined : eq);
      const option = resolveLong(grammar, name);
      if (option === 'unknown')
        return { ok: false, reason: `--${name} is not an option shell_read knows for ${program}` };
      if (option === 'ambiguous')
        return {
          ok: false,
          reason: `--${name} is ambiguous for ${program} (it abbreviates several options); spell the option out`,
        };
      const spelled = `--${name}`;
      if (eq >= 0) {
        if (option.arity === 'none') return { ok: false, reason: `${spelled} takes no value` };
        options.push({ id: option.id, spelled, name: option.name, value: t.slice(eq + 1) });
      } else if (option.arity === 'lastDefault' && i + 1 < args.length) {
        const next = args[++i]!;
        options.push({ id: option.id, spelled, name: option.name, value: next.text, valueWord: next });
      } else if (option.arity === 'required') {
        const next = args[++i];
        if (!next) return { ok: false, reason: `${spelled} needs a value` };
        options.push({ id: option.id, spelled, name: option.name, value: next.text, valueWord: next });
      } else {
        options.push({ id: option.id, spelled, name: option.name });
      }
      continue;
    }
    for (let j = 1; j < t.length; j++) {
      const letter = t[j]!;
      const arity = grammar.short.get(letter);
      if (arity === undefined)
        return {
          ok: false,
          reason: `-${letter}${t.length > 2 ? ` (in ${t})` : ''} is not an option shell_read knows for ${program}`,
        };
      const spelled = `-${letter}`;
      if (arity === 'none') {
        options.push({ id: letter, spelled });
        continue;
      }
      const rest = t.slice(j + 1);
      if (grammar.valueInNextWord && arity === 'required') {
        const next = args[++i];
        if (!next) return { ok: false, reason: `${spelled} needs a value` };
        options.push({ id: letter, spelled, value: next.text, valueWord: next });
        continue;
      }
      if (rest !== '') options.push({ id: letter, spelled, value: rest });
      else if (arity === 'required') {
        const next = args[++i];
        if (!next) return { ok: false, reason: `${spelled} needs a value` };
        options.push({ id: letter, spelled, value: next.text, valueWord: next });
      } else options.push({ id: letter, spelled });
      break;
    }
  }
  return { ok: true, options, operands, ...(dashdash !== undefined ? { dashdash } : {}) };
}
