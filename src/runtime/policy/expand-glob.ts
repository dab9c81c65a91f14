// A glob word as bash expands it for shell_read, to decide the names it stands for: the unquoted
// word is split at `/`, each part with `*`, `?` or `[…]` is matched against the folder's entries
// (a leading dot only by a leading dot, as bash does without dotglob; `.` and `..` too, as bash
// before 5.2 does), literal parts are taken as they are, and the names that exist are the
// expansion. No match: bash passes the word on unchanged. Bounded in entries read and matches.
import { lstat, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

const MAX_ENTRIES = 50_000;
const MAX_MATCHES = 10_000;

export type Expansion = { paths: string[] } | { tooMany: string };

interface Part {
  /** The name with escapes removed, when the part has no wildcard. */
  literal?: string;
  match?: RegExp;
  /** The part starts with a literal dot: it may match names that start with one. */
  dot: boolean;
}

/** The absolute paths an unquoted glob word (as written, escapes kept) expands to in `cwd`. */
export async function expandGlob(raw: string, cwd: string): Promise<Expansion> {
  const absolute = raw.startsWith('/');
  const parts = splitParts(raw);
  let current = [absolute ? '/' : cwd];
  let entries = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const last = i === parts.length - 1;
    const next: string[] = [];
    for (const dir of current) {
      if (part.literal !== undefined) {
        const joined = path.join(dir, part.literal);
        // A folder on the way must exist; the last name only where some part was a wildcard.
        if (
          last ||
          (await stat(joined).then(
            (s) => s.isDirectory(),
            () => false,
          ))
        )
          next.push(joined);
        continue;
      }
      const names = await readdir(dir).catch(() => [] as string[]);
      entries += names.length;
      if (entries > MAX_ENTRIES) return { tooMany: `${raw} expands in folders of more than ${MAX_ENTRIES} entries` };
      const candidates = part.dot ? ['.', '..', ...names] : names.filter((n) => !n.startsWith('.'));
      for (const name of candidates) {
        if (!part.match!.test(name)) continue;
        const joined = path.join(dir, name);
        if (
          !last &&
          !(await stat(joined).then(
            (s) => s.isDirectory(),
            () => false,
          ))
        )
          continue;
        next.push(joined);
        if (next.length > MAX_MATCHES) return { tooMany: `${raw} matches more than ${MAX_MATCHES} names` };
      }
    }
    current = next;
  }
  const found: string[] = [];
  for (const candidate of current)
    if (
      await lstat(candidate).then(
        () => true,
        () => false,
      )
    )
      found.push(candidate);
  return { paths: found };
}

/** The word's parts between unescaped slashes, each as a literal name or a pattern. */
function splitParts(raw: string): Part[] {
  const parts: Part[] = [];
  let source = '';
  let literal = '';
  let wild = false;
  let first = true;
  let dot = false;
  const flush = () => {
    if (source !== '' || wild) {
      parts.push(wild ? { match: new RegExp(`^${source}$`, 's'), dot } : { literal, dot });
    }
    source = '';
    literal = '';
    wild = false;
    first = true;
    dot = false;
  };
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '/') {
      flush();
      continue;
    }
    if (c === '\\' && i + 1 < raw.length) {
      const next = raw[++i]!;
      if (first && next === '.') dot = true;
      first = false;
      literal += next;
      source += escape(next);
      continue;
    }
    if (first && c === '.') dot = true;
    first = false;
    if (c === '*') {
      wild = true;
      source += '[^/]*';
    } else if (c === '?') {
      wild = true;
      source += '[^/]';
    } else if (c === '[') {
      const close = bracketEnd(raw, i);
      if (close < 0) {
        literal += c;
        source += '\\[';
        continue;
      }
      // Any one character: what the bracket admits exactly matters less than never missing a name.
      wild = true;
      source += '[^/]';
      i = close;
    } else {
      literal += c;
      source += escape(c);
    }
  }
  flush();
  return parts;
}

/** Where a bracket expression opened at `open` closes (`]` right after `[`, `[!` or `[^` is literal), or -1. */
function bracketEnd(raw: string, open: number): number {
  let i = open + 1;
  if (raw[i] === '!' || raw[i] === '^') i++;
  if (raw[i] === ']') i++;
  for (; i < raw.length; i++) {
    if (raw[i] === '/') return -1;
    if (raw[i] === '[' && raw[i + 1] === ':') {
      const end = raw.indexOf(':]', i + 2);
      if (end > 0) i = end + 1;
      continue;
    }
    if (raw[i] === ']') return i;
  }
  return -1;
}

const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
