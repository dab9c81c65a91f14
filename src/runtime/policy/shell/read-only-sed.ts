// sed: its options (GNU sed's getopt table) and its script, read the way GNU sed's compiler reads
// it — addresses, bracket expressions inside regexes (`s/[/]/#/` is one s command, and what
// follows is a command, not a comment), text to the end of the line for a/i/c, file names to the
// end of the line for r/R/w/W, labels ending at a blank, `;`, `}` or `#`. Commands that write (w, W,
// s///w) or run programs (e, s///e) are refused wherever they appear; without a sandbox so are
// r and R, which read a file the script names.
import { getopt, parseOptions } from './read-only-options.js';
import type { Word } from './words.js';
import { refusal, type Model, type PathUse } from './read-only-model.js';

const SED = getopt(
  'bsnrzuEe:f:l:i::',
  'binary/b regexp-extended/r debug expression=/e file=/f in-place=?/i line-length=/l null-data/z zero-terminated/z ' +
    'quiet/n posix silent/n sandbox separate/s unbuffered/u version help follow-symlinks',
);
const REFUSED: Record<string, string> = { i: 'edits files in place', f: 'reads a script the classifier cannot see' };

class Bad extends Error {}

const isBlank = (c: string | undefined) => c === ' ' || c === '\t';
const isSpace = (c: string | undefined) => c !== undefined && /[ \t\n\v\f\r]/.test(c);

/** One pass over a script, command by command; throws Bad with the reason a command is refused. */
class SedScript {
  private i = 0;
  /** The files r and R read, as the script names them. */
  readonly files: string[] = [];
  constructor(
    private readonly s: string,
    private readonly strict: boolean,
  ) {}

  private next(): string | undefined {
    return this.s[this.i++];
  }
  private peek(): string | undefined {
    return this.s[this.i];
  }
  private nonBlank(): string | undefined {
    let c = this.next();
    while (isBlank(c)) c = this.next();
    return c;
  }

  run(): void {
    for (;;) {
      let c = this.next();
      while (c === ';' || isSpace(c)) c = this.next();
      if (c === undefined) return;
      if (this.address(c)) {
        c = this.nonBlank();
        if (c === ',') {
          if (!this.address(this.nonBlank())) throw new Bad('sed address after "," is malformed');
          c = this.nonBlank();
        }
      }
      if (c === '!') c = this.nonBlank();
      this.command(c);
    }
  }

  /** An address starting at c (already read); false (and nothing consumed) if c starts none. */
  private address(c: string | undefined): boolean {
    if (c === '/' || c === '\\') {
      const delim = c === '\\' ? this.next() : '/';
      this.slashed(delim, true);
      while (/[IM \t]/.test(this.peek() ?? '')) this.i++;
      return true;
    }
    if (c !== undefined && /[0-9]/.test(c)) {
      while (/[0-9]/.test(this.peek() ?? '')) this.i++;
      const save = this.i;
      if (this.nonBlank() === '~') this.integer();
      else this.i = save;
      return true;
    }
    if (c === '+' || c === '~') {
      this.integer();
      return true;
    }
    return c === '$';
  }

  private integer(): void {
    const c = this.nonBlank();
    if (c === undefined || !/[0-9]/.test(c)) throw new Bad('sed address step is malformed');
    while (/[0-9]/.test(this.peek() ?? '')) this.i++;
  }

  /** Up to the unescaped delimiter; in a regex, a bracket expression may hold the delimiter. */
  private slashed(delim: string | undefined, regex: boolean): void {
    if (delim === undefined || delim === '\n') throw new Bad('sed s, y or address delimiter is missing');
    // sed reads bytes: a delimiter of several bytes splits differently in another locale.
    if (delim > '\x7f') throw new Bad('a sed delimiter outside ASCII is not accepted');
    for (;;) {
      const c = this.next();
      if (c === undefined || c === '\n') throw new Bad('sed s, y or address is unterminated');
      if (c === delim) return;
      if (c === '\\') {
        if (this.next() === undefined) throw new Bad('sed s, y or address is unterminated');
      } else if (c === '[' && regex) {
        this.bracket();
      }
    }
  }

  /** A bracket expression after `[`, as GNU sed's snarf_char_class reads it. */
  private bracket(): void {
    if (this.peek() === '^') this.i++;
    if (this.peek() === ']') this.i++;
    let state = 0;
    let delim = '';
    for (;;) {
      const c = this.next();
      if (c === undefined || c === '\n') throw new Bad('sed bracket expression is unterminated');
      if (c === '.' || c === ':' || c === '=') {
        if (state === 1) {
          delim = c;
          state = 2;
          continue;
        }
        if (state === 2 && c === delim) {
          state = 3;
          continue;
        }
      } else if (c === '[') {
        if (state === 0) state = 1;
        continue;
      } else if (c === ']') {
        if (state === 0 || state === 1) return;
        if (state === 3) state = 0;
      }
      state &= ~1;
    }
  }

  private toEndOfLine(escapes: boolean): string {
    const start = this.i;
    for (;;) {
      const c = this.next();
      if (c === undefined) return this.s.slice(start);
      if (c === '\n') return this.s.slice(start, this.i - 1);
      if (c === '\\' && escapes) this.i++;
    }
  }

  private label(): void {
    let c = this.nonBlank();
    while (c !== undefined && !isBlank(c) && !'\n;}#'.includes(c)) c = this.next();
    if (c !== undefined) this.i--;
  }

  private endOfCommand(what: string): void {
    const c = this.nonBlank();
    if (c === undefined || c === '\n' || c === ';') return;
    if (c === '}' || c === '#') {
      this.i--;
      return;
    }
    throw new Bad(`extra characters after the sed ${what} command`);
  }

  private command(c: string | undefined): void {
    if (c === undefined) throw new Bad('sed address without a command');
    if (c === 'w' || c === 'W') throw new Bad(`sed ${c} writes a file`);
    if (c === 'e') throw new Bad('sed e runs a command');
    if (c === '#') {
      this.toEndOfLine(false);
      return;
    }
    if (c === '{') return;
    if ('}=dDFgGhHnNpPzx'.includes(c)) {
      this.endOfCommand(c);
      return;
    }
    if ('aic'.includes(c)) {
      if (this.nonBlank() === undefined) throw new Bad(`sed ${c} needs text`);
      this.i--;
      this.toEndOfLine(true);
      return;
    }
    if (':btTv'.includes(c)) {
      this.label();
      return;
    }
    if ('qQlL'.includes(c)) {
      const d = this.nonBlank();
      if (d !== undefined && /[0-9]/.test(d)) while (/[0-9]/.test(this.peek() ?? '')) this.i++;
      else if (d !== undefined) this.i--;
      this.endOfCommand(c);
      return;
    }
    if (c === 'r' || c === 'R') {
      if (this.strict)
        throw new Bad(`sed ${c} reads a file the script names; without a sandbox shell_read keeps to the workspace`);
      // GNU sed's read_filename: blanks skipped, then the name up to the end of the line.
      this.files.push(this.toEndOfLine(false).replace(/^[ \t]+/, ''));
      return;
    }
    if (c === 's') {
      this.substitute();
      return;
    }
    if (c === 'y') {
      const delim = this.next();
      this.slashed(delim, false);
      this.slashed(delim, false);
      this.endOfCommand('y');
      return;
    }
    throw new Bad(`sed command "${c}" is not one shell_read knows`);
  }

  private substitute(): void {
    const delim = this.next();
    this.slashed(delim, true);
    this.slashed(delim, false);
    for (;;) {
      const f = this.nonBlank();
      if (f === undefined || f === '\n' || f === ';') return;
      if (f === '}' || f === '#') {
        this.i--;
        return;
      }
      if (f === 'w') throw new Bad('sed s///w writes a file');
      if (f === 'e') throw new Bad('sed s///e runs the pattern space as a command');
      if (!/[gpiImM0-9]/.test(f)) throw new Bad(`sed s flag "${f}" is not one shell_read knows`);
    }
  }
}

/** Why a sed script is refused, or undefined when every command in it only reads and prints. */
export function sedScriptProblem(script: string, strict = false): string | undefined {
  const read = readSedScript(script, strict);
  return typeof read === 'string' ? read : undefined;
}

/** The files a script's r and R commands read, or the reason it is refused. */
function readSedScript(script: string, strict: boolean): string | { files: string[] } {
  const sed = new SedScript(script, strict);
  try {
    sed.run();
    return { files: sed.files };
  } catch (error) {
    if (error instanceof Bad) return error.message;
    throw error;
  }
}

export const sedModel: Model = Object.assign(
  (args: Word[], ctx: Parameters<Model>[1], program: string): ReturnType<Model> => {
    const parsed = parseSed(args, program);
    if ('problem' in parsed) return parsed;
    const { scripts, files } = parsed;
    if (scripts.length === 0) return { problem: 'sed without a script' };
    const read: Word[] = [];
    for (const script of scripts) {
      const verdict = readSedScript(script, ctx.strict);
      if (typeof verdict === 'string') return { problem: verdict };
      for (const name of verdict.files) read.push({ text: name, dynamic: false, raw: name });
    }
    return { paths: [...files, ...read].map((word): PathUse => ({ word })) };
  },
  { grammar: SED },
);

function parseSed(args: Word[], program: string): { problem: string } | { scripts: string[]; files: Word[] } {
  const parsed = parseOptions(SED, args, program);
  if (!parsed.ok) return { problem: parsed.reason };
  const scripts: string[] = [];
  for (const option of parsed.options) {
    const why = REFUSED[option.id];
    if (why) return { problem: refusal(option, why) };
    if (option.valueWord?.dynamic)
      return { problem: `the value of ${option.spelled} is expanded at run time (${option.valueWord.raw})` };
    if (option.id === 'e') scripts.push(option.value ?? '');
  }
  const files = [...parsed.operands];
  // Without -e the first operand is the script.
  if (scripts.length === 0 && files.length > 0) {
    const script = files.shift()!;
    if (script.dynamic) return { problem: `the sed script ${script.raw} is expanded at run time` };
    scripts.push(script.text);
  }
  return { scripts, files };
}
