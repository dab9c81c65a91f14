// The lexical mistakes of an HCL file, found where they are: an unterminated string or heredoc,
// an unknown escape or character, an unclosed or stray bracket. The grammar's error recovery
// reports such mistakes where it gave up (often lines later, at the next quote or at the end),
// so this one linear pass runs first and names the place the mistake was made.
import type { Position } from './source.js';

export interface LexicalError {
  position: Position;
  message: string;
}

type Frame =
  | { type: 'bracket'; char: '{' | '[' | '('; at: number }
  | { type: 'string'; at: number }
  /** `${ … }` or `%{ … }` inside a string: code until its closing brace. */
  | { type: 'template'; at: number };

const CLOSER_OF = { '{': '}', '[': ']', '(': ')' } as const;
const OPERATOR = /[=,.:?!<>+\-*/%&|]/;
const IDENTIFIER_START = /[\p{L}_]/u;
const IDENTIFIER_PART = /[\p{L}\p{N}_-]/u;
const HEREDOC = /<<-?([A-Za-z_][A-Za-z0-9_-]*)[ \t]*\r?\n/y;

/** 1-based line and column (UTF-16 units) of an offset. */
function positionOf(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, col: offset - lineStart + 1 };
}

function describe(char: string): string {
  return /[\x21-\x7e]/.test(char)
    ? `"${char}"`
    : `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The first lexical mistake of an HCL text, or undefined when its tokens are sound. */
export function findLexicalError(text: string): LexicalError | undefined {
  const lexer = new Lexer(text);
  while (lexer.i < text.length) {
    const error = lexer.inString() ? lexer.stringStep() : lexer.codeStep();
    if (error) return error;
  }
  return lexer.atEnd();
}

/** One pass over the text: `i` is the offset reached, `stack` what is open there. */
class Lexer {
  i = 0;
  readonly stack: Frame[] = [];

  constructor(private readonly text: string) {}

  fail(offset: number, message: string): LexicalError {
    return { position: positionOf(this.text, offset), message };
  }

  inString(): boolean {
    return this.stack[this.stack.length - 1]?.type === 'string';
  }

  /** One character (or escape, or template start) inside a quoted string. */
  stringStep(): LexicalError | undefined {
    const { text, stack } = this;
    const i = this.i;
    const char = text[i]!;
    if (char === '"') {
      stack.pop();
      this.i++;
    } else if (char === '\n') {
      // A quote inside an open ${ starts a string of its own: the ${ is what was left open.
      let template: Frame | undefined;
      for (let f = stack.length - 1; f >= 0 && !template; f--) if (stack[f]!.type === 'template') template = stack[f];
      if (template) return this.fail(template.at, 'this ${ is not closed on its line (no } follows)');
      return this.fail(
        stack[stack.length - 1]!.at,
        'this string is not closed on its line (a quoted string is one line; write \\n for a line break)',
      );
    } else if (char === '\\') {
      const escape = /^\\(?:[nrt"\\]|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8})/.exec(text.slice(i, i + 10));
      if (!escape)
        return this.fail(
          i,
          `unknown escape ${text.slice(i, i + 2)} in a string (escapes: \\n \\r \\t \\" \\\\ \\uNNNN \\UNNNNNNNN)`,
        );
      this.i += escape[0].length;
    } else if ((char === '$' || char === '%') && text[i + 1] === char && text[i + 2] === '{') {
      this.i += 3; // $${ and %%{ are literal
    } else if ((char === '$' || char === '%') && text[i + 1] === '{') {
      stack.push({ type: 'template', at: i });
      this.i += 2;
    } else {
      this.i++;
    }
    return undefined;
  }

  /** One token (or blank, or comment) outside strings. */
  codeStep(): LexicalError | undefined {
    const { text, stack } = this;
    const i = this.i;
    const char = text[i]!;
    const top = stack[stack.length - 1];
    if (char === ' ' || char === '\t' || char === '\r' || char === '\n') {
      this.i++;
    } else if (char === '#' || (char === '/' && text[i + 1] === '/')) {
      const end = text.indexOf('\n', i);
      this.i = end === -1 ? text.length : end + 1;
    } else if (char === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end === -1) return this.fail(i, 'this /* comment is not closed (no */ follows)');
      this.i = end + 2;
    } else if (char === '"') {
      stack.push({ type: 'string', at: i });
      this.i++;
    } else if (char === '<' && text[i + 1] === '<') {
      return this.heredoc();
    } else if (char === '{' || char === '[' || char === '(') {
      stack.push({ type: 'bracket', char, at: i });
      this.i++;
    } else if (char === '}' || char === ']' || char === ')') {
      return this.closer(char);
    } else if (char === "'") {
      return this.fail(i, 'HCL strings take double quotes ("…"), not single ones');
    } else if (IDENTIFIER_START.test(char) || /[0-9]/.test(char)) {
      this.i++;
      while (this.i < text.length && IDENTIFIER_PART.test(text[this.i]!)) this.i++;
    } else if (OPERATOR.test(char) || (char === '~' && top?.type === 'template')) {
      this.i++;
    } else {
      return this.fail(i, `unexpected character ${describe(char)}`);
    }
    return undefined;
  }

  /** `<<NAME` … a line `NAME`: skipped whole. */
  heredoc(): LexicalError | undefined {
    const { text } = this;
    const i = this.i;
    HEREDOC.lastIndex = i;
    const header = HEREDOC.exec(text);
    if (!header) return this.fail(i, 'a heredoc starts with <<NAME (or <<-NAME) at the end of its line');
    const name = header[1]!;
    let lineStart = i + header[0].length;
    while (lineStart < text.length) {
      const lineEnd = text.indexOf('\n', lineStart);
      const line = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd);
      lineStart = lineEnd === -1 ? text.length : lineEnd + 1;
      if (line.trim() === name) {
        this.i = lineStart;
        return undefined;
      }
    }
    return this.fail(i, `this heredoc <<${name} is not closed: no line ${name} follows`);
  }

  /** A closing bracket: it must close what is open. */
  closer(char: '}' | ']' | ')'): LexicalError | undefined {
    const { stack } = this;
    const top = stack[stack.length - 1];
    if (top?.type === 'template' && char === '}') {
      stack.pop();
    } else if (top?.type === 'bracket' && CLOSER_OF[top.char] === char) {
      stack.pop();
    } else if (top?.type === 'bracket' || top?.type === 'template') {
      const opener = top.type === 'bracket' ? top.char : '${';
      const closer = top.type === 'bracket' ? CLOSER_OF[top.char] : '}';
      const p = positionOf(this.text, this.i);
      return this.fail(
        top.at,
        `this ${opener} is not closed: "${char}" at ${p.line}:${p.col} comes before its "${closer}"`,
      );
    } else {
      return this.fail(this.i, `unexpected "${char}": nothing is open here`);
    }
    this.i++;
    return undefined;
  }

  /** The end of the text: nothing may be left open. */
  atEnd(): LexicalError | undefined {
    const open = this.stack[this.stack.length - 1];
    if (!open) return undefined;
    if (open.type === 'string') return this.fail(open.at, 'this string is not closed (the file ends first)');
    const opener = open.type === 'bracket' ? open.char : '${';
    const closer = open.type === 'bracket' ? CLOSER_OF[open.char] : '}';
    return this.fail(open.at, `this ${opener} is not closed: the file ends before its "${closer}"`);
  }
}
