// Text a model reads or an operator's terminal prints, made inert: every character that would make
// a terminal act or would hide, move or reorder text is written as a visible escape instead
// (`\u001b[2J`, `\u202e`). That covers C0 controls (but newline and tab), DEL, C1 controls (the
// one-byte CSI and OSC among them), a carriage return not ending a line, format characters (bidi
// embeddings, overrides and isolates, zero-width spaces and joiners, the BOM, tags) and the line and
// paragraph separators. An ANSI CSI or OSC sequence is inert once its ESC is escaped. Approvals use
// the same escapes over a wider set (visible-text.ts).

/** What `inertText` escapes. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /(?:[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\p{Cf}\u2028\u2029]|\r(?!\n))+/gu;
/** What `inertLine` escapes: the above, and newline, tab and every carriage return. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS_AND_LINES = /[\u0000-\u001f\u007f-\u009f\p{Cf}\u2028\u2029]+/gu;
const QUICK_TEST = new RegExp(CONTROL_CHARS.source, 'u');

const SHORT_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Each UTF-16 unit of `chars` as an escape: `\n`, `\r`, `\t`, else `\uXXXX`. */
export function escapeCodeUnits(chars: string): string {
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    out += SHORT_ESCAPES[chars[i]!] ?? `\\u${chars.charCodeAt(i).toString(16).padStart(4, '0')}`;
  }
  return out;
}

/** The text with control sequences and invisible format characters escaped; newlines, tabs and CRLF kept. */
export function inertText(text: string): string {
  if (!QUICK_TEST.test(text)) return text;
  return text.replace(CONTROL_CHARS, escapeCodeUnits);
}

/** Whether `inertText` would change the text. */
export function hasControlChars(text: string): boolean {
  return QUICK_TEST.test(text);
}

/** One line of a table or a log: inertText with newlines, tabs and carriage returns escaped too. */
export function inertLine(text: string): string {
  return text.replace(CONTROL_CHARS_AND_LINES, escapeCodeUnits);
}

/** Characters JSON.stringify leaves raw inside strings that a terminal would act on or hide. */
const RAW_IN_JSON = /[\u007f-\u009f\p{Cf}\u2028\u2029]+/gu;

/** JSON text (from JSON.stringify) with those characters written as `\uXXXX` escapes: the same JSON value, inert. */
export function inertJson(json: string): string {
  return json.replace(RAW_IN_JSON, escapeCodeUnits);
}

const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether `text` holds half of a surrogate pair standing alone: it has no UTF-8 form (written, or
 * hashed, as U+FFFD), so two such texts can become one (in a `u` expression a whole pair is one
 * code point, never Cs).
 */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}
