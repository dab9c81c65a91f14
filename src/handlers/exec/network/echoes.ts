// What an answer of a host the proxy wrote a credential for is scrubbed of: the real value in any
// of the text forms servers put a value in (itself, percent-encoded in either case, in part or
// twice, JSON's and JavaScript's escapes, HTML's character references, a form's `+` for a space;
// its letters in either case), and the forms the proxy itself made of it for a request (a `Basic`
// pair's base64), in those same text forms. All are matched by one expression over the answer's bytes (read as Latin-1: a byte per
// character), whose every alternative is a fixed sequence per character of the value: the work is
// linear in the answer, whatever it holds.
import { Transform, type TransformCallback } from 'node:stream';

/** A form the proxy made of a value, and what the command sees in its place. */
export interface Echo {
  real: string;
  shown: string;
}

/** Leading zeros a numeric escape may carry (`&#0114;`, `\u{000072}`): bounded, so a match's span is too. */
const MAX_ZEROS = 6;

/**
 * The forms a single character of a value takes in an answer (regular-expression source): itself
 * (UTF-8 bytes), percent-encoded once or twice, JSON's and JavaScript's escapes (`\u0072`,
 * `\u{72}`, `\x72`), HTML's character references (decimal or hex, leading zeros allowed, named
 * ones), a backslash before `/`, `"` and `\`, `+` for a space and a space for `+` (a form's
 * encoding undone). `longest`: the most characters one of them takes.
 */
function characterForms(char: string): { source: string; longest: number } {
  const point = char.codePointAt(0)!;
  const bytes = [...Buffer.from(char, 'utf8')];
  const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
  const units = char.length === 2 ? [char.charCodeAt(0), char.charCodeAt(1)] : [point];
  const literal = new Set<string>([
    bytes.map((b) => String.fromCharCode(b)).join(''),
    bytes.map((b) => `%${hex(b, 2)}`).join(''),
    bytes.map((b) => `%25${hex(b, 2)}`).join(''),
    units.map((u) => `\\u${hex(u, 4)}`).join(''),
  ]);
  if (point < 0x100) literal.add(`\\x${hex(point, 2)}`);
  const named: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
  if (named[char]) literal.add(named[char]);
  if (char === '/' || char === '"' || char === '\\') literal.add(`\\${char}`);
  if (char === ' ') literal.add('+');
  if (char === '+') literal.add(' ').add('%20');
  const zeros = `0{0,${MAX_ZEROS}}`;
  const numeric = [
    { source: `&#${zeros}${point};`, longest: `&#${point};`.length + MAX_ZEROS },
    { source: `&#x${zeros}${hex(point, 1)};`, longest: `&#x${hex(point, 1)};`.length + MAX_ZEROS },
    { source: `\\\\u\\{${zeros}${hex(point, 1)}\\}`, longest: `\\u{${hex(point, 1)}}`.length + MAX_ZEROS },
  ];
  const sources = [...[...literal].map(escapeSource), ...numeric.map((form) => form.source)];
  const longest = Math.max(...[...literal].map((form) => form.length), ...numeric.map((form) => form.longest));
  return { source: sources.join('|'), longest };
}

/** A text as a sequence of each of its characters' forms, and the most characters a match takes. */
function textForms(text: string): { source: string; span: number } {
  let source = '';
  let span = 0;
  for (const char of text) {
    const forms = characterForms(char);
    source += `(?:${forms.source})`;
    span += forms.longest;
  }
  return { source, span };
}

function escapeSource(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/** Every form of the values and the made forms, compiled once for a request's answer. */
export class Echoes {
  readonly #pattern: RegExp | undefined;
  readonly #shown: string[];
  /** The most bytes one match spans: a match may begin that far before a chunk's end. */
  readonly longest: number;

  constructor(values: readonly Echo[], made: readonly Echo[]) {
    // `span`: the most bytes a match of it takes.
    const alternatives: { source: string; shown: string; length: number; span: number }[] = [];
    // The forms the proxy made (a Basic pair's base64) are echoed in the same forms as a value:
    // a server's JSON may escape its `=`, a redirect percent-encode it.
    for (const { real, shown } of [...values, ...made]) {
      const { source, span } = textForms(real);
      alternatives.push({ source, shown, length: real.length, span });
    }
    // Longest first: where one value begins another, the first alternative that matches wins, and
    // the shorter one would leave the rest of the longer in the answer.
    alternatives.sort((a, b) => b.length - a.length);
    this.#shown = alternatives.map((alternative) => alternative.shown);
    this.#pattern = alternatives.length
      ? new RegExp(alternatives.map((alternative) => `(${alternative.source})`).join('|'), 'gi')
      : undefined;
    this.longest = Math.max(0, ...alternatives.map((alternative) => alternative.span));
  }

  /** `text` (Latin-1, a byte per character) with every match replaced; where the last one ends. */
  replace(text: string): { text: string; end: number } {
    const pattern = this.#pattern;
    if (!pattern) return { text, end: 0 };
    let end = 0;
    let out = '';
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const group = match.findIndex((part, i) => i > 0 && part !== undefined);
      out += text.slice(end, match.index) + this.#shown[group - 1]!;
      end = match.index + match[0].length;
    }
    return { text: out + text.slice(end), end: out.length };
  }
}

/** Replaces every echo in a text (a header's name or value, a status message: Latin-1 as Node gives them). */
export function scrubText(text: string, echoes: Echoes): string {
  return echoes.replace(text).text;
}

/** A line of the proxy's own (any text, not Latin-1) with every echo replaced. */
export function scrubLine(line: string, echoes: Echoes): string {
  return Buffer.from(scrubText(Buffer.from(line, 'utf8').toString('latin1'), echoes), 'latin1').toString('utf8');
}

/** Response headers, names and values, with every echo replaced. */
export function scrubHeaders(headers: [string, string][], echoes: Echoes): [string, string][] {
  return headers.map(([name, value]): [string, string] => [scrubText(name, echoes), scrubText(value, echoes)]);
}

/** Replaces every echo in a byte stream, also across chunk boundaries. */
export class CredentialScrubber extends Transform {
  readonly #echoes: Echoes;
  #carry = '';

  constructor(echoes: Echoes) {
    super();
    this.#echoes = echoes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const { text, end } = this.#echoes.replace(this.#carry + chunk.toString('latin1'));
    // The last bytes may begin a value the next chunk completes: held back until then.
    const held = Math.min(Math.max(0, this.#echoes.longest - 1), text.length - end);
    this.#carry = text.slice(text.length - held);
    done(null, Buffer.from(text.slice(0, text.length - held), 'latin1'));
  }

  override _flush(done: TransformCallback): void {
    done(null, Buffer.from(this.#carry, 'latin1'));
  }
}
