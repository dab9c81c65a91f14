// Static quote removal: what bash would pass as a word, or why it cannot be known before running.
import type { ShellNode } from './tree.js';

export interface Word {
  /** The word after quote removal (for a dynamic word: its literal parts, for messages only). */
  text: string;
  /** Expanded at run time (variable, glob, brace): its value, even its word count, is unknown. */
  dynamic: boolean;
  /** The source text. */
  raw: string;
  /** Dynamic only because of unquoted glob characters (`src/*.ts`): expands to file names. */
  glob?: boolean;
  /** For a dynamic word: the literal text it starts with, before anything expanded (`./$f` → `./`). */
  lead?: string;
  /** For a dynamic word: it may expand to zero or several words (unquoted expansion, glob, brace, `"$@"`). */
  split?: boolean;
  /** `$!`, `$$`, `$?`, `$#`: digits or nothing, never an option. */
  digits?: boolean;
  /** An assignment word (`name=(…)`) whose value the parser read as an array. */
  array?: boolean;
}

/** Thrown inside the walker: the construct cannot be decided statically. */
export class Opaque extends Error {}

/** `${name}` / `${#name}` are plain expansions; anything else inside `${…}` may run code or assign. */
const PLAIN_EXPANSION = /^\$\{#?(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])\}$/;

/** @internal (its node type is the plain tree's, kept out of the published declarations) */
export function decodeWord(node: ShellNode): Word {
  const raw = node.text;
  switch (node.type) {
    case 'word':
    case 'command_name':
      if (node.type === 'command_name') {
        const inner = node.namedChildren;
        if (inner.length === 1 && inner[0]) return decodeWord(inner[0]);
      }
      return unquoted(raw);
    case 'number':
      return { text: raw, dynamic: false, raw };
    case 'raw_string':
      return { text: raw.slice(1, -1), dynamic: false, raw };
    case 'ansi_c_string':
      return { text: decodeAnsiC(raw.slice(2, -1)), dynamic: false, raw };
    case 'string':
      return doubleQuoted(node);
    case 'translated_string': {
      // `$"…"` is looked up in the locale's message catalog: its text is known only at run time.
      const w = doubleQuoted(node);
      return { ...w, dynamic: true, lead: '', ...(w.split ? { split: true } : {}) };
    }
    case 'concatenation': {
      let text = '';
      let dynamic = false;
      let lead = '';
      let split = false;
      for (const part of node.namedChildren) {
        if (!part) continue;
        const w = decodeWord(part);
        if (!dynamic) lead += w.dynamic ? (w.lead ?? '') : w.text;
        text += w.text;
        dynamic ||= w.dynamic;
        split ||= w.split === true;
      }
      // `{a,b}` or `{1..3}` split over several word nodes: brace expansion makes more words.
      // Brace expansion may put any of its alternatives first: nothing of the word is known to lead.
      if (BRACE.test(unquotedText(node))) {
        dynamic = split = true;
        lead = '';
      }
      return dynamic ? { text, dynamic, raw, lead, split } : { text, dynamic, raw };
    }
    case 'simple_expansion':
      return {
        text: raw,
        dynamic: true,
        raw,
        lead: '',
        split: true,
        ...(/^\$[#?$!]$/.test(raw) ? { digits: true } : {}),
      };
    case 'expansion':
      if (!PLAIN_EXPANSION.test(raw)) throw new Opaque(`parameter expansion ${raw} may run code or assign variables`);
      return { text: raw, dynamic: true, raw, lead: '', split: true };
    case 'brace_expression':
      return { text: raw, dynamic: true, raw, lead: '', split: true };
    case 'command_substitution':
      throw new Opaque(`command substitution ${clip(raw)}`);
    case 'process_substitution':
      throw new Opaque(`process substitution ${clip(raw)}`);
    case 'arithmetic_expansion':
      throw new Opaque(`arithmetic expansion ${clip(raw)} (it can run commands through array subscripts)`);
    default:
      throw new Opaque(`${node.type} ${clip(raw)} cannot be decided before it runs`);
  }
}

const BRACE = /\{[^{}]*(,|\.\.)[^{}]*\}/;

/** The text of a concatenation's unquoted word parts (where brace expansion happens). */
function unquotedText(node: ShellNode): string {
  return node.namedChildren
    .map((c) => (c?.type === 'word' ? c.text : c?.type === 'concatenation' ? unquotedText(c) : 'Q'))
    .join('');
}

/** An unquoted word: backslash escapes removed; unescaped glob or brace characters make it dynamic. */
function unquoted(raw: string): Word {
  let text = '';
  let glob = false;
  let expands = false;
  let lead: string | undefined;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\') {
      const next = raw[i + 1];
      if (next === undefined) break;
      i++;
      if (next !== '\n') text += next;
      continue;
    }
    if (c === '*' || c === '?' || c === '[') glob = true;
    if (c === '$' || c === '`') expands = true;
    if ((glob || expands) && lead === undefined) lead = text;
    text += c;
  }
  // `{}` alone (find -exec) stays literal; `{a,b}` and `{1..3}` expand to several words.
  if (BRACE.test(raw) || text.startsWith('~')) {
    expands = true;
    lead = '';
  }
  if (!glob && !expands) return { text, dynamic: false, raw };
  return { text, dynamic: true, raw, lead: lead ?? '', split: true, ...(glob && !expands ? { glob: true } : {}) };
}

function doubleQuoted(node: ShellNode): Word {
  // Text between the named children (newlines tree-sitter leaves out of string_content) is content too.
  const source = node.text;
  const base = node.startIndex;
  const opening = node.type === 'translated_string' ? 2 : 1;
  const unescape = (t: string) => t.replace(/\\([$`"\\\n])/g, (_, ch: string) => (ch === '\n' ? '' : ch));
  let text = '';
  let literal = '';
  let dynamic = false;
  let lead = '';
  let split = false;
  let at = opening;
  for (const part of node.namedChildren) {
    if (!part) continue;
    const start = part.startIndex - base;
    if (start > at) literal += source.slice(at, start);
    if (part.type === 'string_content') {
      literal += part.text;
    } else {
      const w = decodeWord(part);
      if (!dynamic) lead = text + unescape(literal);
      text += unescape(literal) + w.text;
      literal = '';
      dynamic = true;
      // "$@" (and "${@}") are as many words as there are positional parameters.
      if (/^\$\{?@\}?$/.test(part.text)) split = true;
    }
    at = part.endIndex - base;
  }
  if (source.length - 1 > at) literal += source.slice(at, source.length - 1);
  text += unescape(literal);
  if (!dynamic) return { text, dynamic, raw: source };
  return { text, dynamic, raw: source, lead, ...(split ? { split } : {}) };
}

const SIMPLE_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** `$'…'` escapes as bash decodes them; an escape we do not model makes the word opaque. */
export function decodeAnsiC(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = body[++i];
    if (n === undefined) {
      out += '\\';
      break;
    }
    if (n in SIMPLE_ESCAPES) {
      out += SIMPLE_ESCAPES[n];
      continue;
    }
    let m: RegExpExecArray | null;
    const rest = body.slice(i);
    if ((m = /^[0-7]{1,3}/.exec(rest))) {
      out += String.fromCharCode(parseInt(m[0], 8) & 0xff);
      i += m[0].length - 1;
      continue;
    }
    if ((m = /^x([0-9a-fA-F]{1,2})/.exec(rest))) {
      out += String.fromCharCode(parseInt(m[1]!, 16));
      i += m[0].length - 1;
      continue;
    }
    if ((m = /^u([0-9a-fA-F]{1,4})/.exec(rest)) || (m = /^U([0-9a-fA-F]{1,8})/.exec(rest))) {
      const cp = parseInt(m[1]!, 16);
      if (cp > 0x10ffff) throw new Opaque(`ANSI-C escape \\${m[0]} is out of range`);
      out += String.fromCodePoint(cp);
      i += m[0].length - 1;
      continue;
    }
    throw new Opaque(`ANSI-C escape \\${n} is not decoded statically`);
  }
  if (out.includes('\0')) throw new Opaque('ANSI-C string with a NUL byte');
  return out;
}

export function clip(text: string, max = 60): string {
  const one = text.replace(/\s+/g, ' ');
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}
