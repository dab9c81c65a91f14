// The edit-recovery corpus: failed old_str attempts built deterministically (a seeded generator)
// from real files of this checkout, its node_modules and the system's Python library, the way
// models get them wrong: whitespace, indentation, line endings, typographic quotes, escapes, and
// old_strs copied from a read the file has changed since.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type Kind = 'whitespace' | 'indentation' | 'line_endings' | 'quotes' | 'escapes' | 'stale';

export interface EditCase {
  id: string;
  kind: Kind;
  /** File name (its extension) and the content the file holds when the edit is sent. */
  name: string;
  content: string;
  /** The file as the session read it before it changed (stale cases only). */
  readContent?: string;
  /** Where the intended region is in `content`. */
  start: number;
  end: number;
  oldStr: string;
  newStr: string;
  /** The file once the intended region holds the intended new text (for match: "loose"). */
  expected: string;
  /** Within what match: "loose" tolerates (runs of spaces inside a line, escapes and stale text are not). */
  loose: boolean;
}

const root = path.resolve(import.meta.dirname, '..');

/** Source files: TypeScript, JavaScript, YAML, Markdown, Python (where installed), a tab-indented copy. */
function sources(): { name: string; text: string }[] {
  const files = [
    'src/handlers/filesystem/edit/diff.ts',
    'src/runtime/fs/locks.ts',
    'node_modules/commander/lib/command.js',
    'catalog.yaml',
    'node_modules/fast-uri/.github/workflows/ci.yml',
    'README.md',
    'docs/operations.md',
  ]
    .map((rel) => path.join(root, rel))
    .filter((file) => existsSync(file))
    .map((file) => ({ name: path.basename(file), text: readFileSync(file, 'utf8') }));
  const python = readdirSync('/usr/lib', { withFileTypes: true }).find((d) => /^python3\.\d+$/.test(d.name));
  for (const name of ['textwrap.py', 'shlex.py']) {
    const file = python && path.join('/usr/lib', python.name, name);
    if (file && existsSync(file)) files.push({ name, text: readFileSync(file, 'utf8') });
  }
  const ts = files[0]!;
  files.push({ name: 'tabs.ts', text: ts.text.replace(/^((?: {2})+)/gm, (m) => '\t'.repeat(m.length / 2)) });
  return files.map((f) => ({ ...f, text: f.text.replace(/\r\n/g, '\n') }));
}

/** mulberry32: the same corpus on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const indentOf = (line: string) => /^[ \t]*/.exec(line)![0];
const count = (text: string, needle: string) => text.split(needle).length - 1;

interface Region {
  lines: string[];
  first: number;
}

/** A line as the diagnosis compares it once normalised: no indentation or trailing blanks, runs of blanks as one. */
const looseKey = (line: string) => line.trim().replace(/[ \t]+/g, ' ');

/** Whether the region's lines, normalised, occur elsewhere in the file too (a near-identical block). */
function hasTwin(lines: string[], region: Region): boolean {
  const keys = region.lines.map(looseKey);
  for (let i = 0; i + keys.length <= lines.length; i++) {
    if (i === region.first) continue;
    if (keys.every((key, j) => looseKey(lines[i + j]!) === key)) return true;
  }
  return false;
}

/** A region of 1–4 whole lines, unique in the file, that `fits` accepts; up to 400 tries. */
function pickRegion(lines: string[], rand: () => number, fits: (r: Region) => boolean): Region | undefined {
  const text = lines.join('\n');
  for (let attempt = 0; attempt < 400; attempt++) {
    const first = Math.floor(rand() * lines.length);
    const span = 1 + Math.floor(rand() * 4);
    const region = { lines: lines.slice(first, first + span), first };
    if (region.lines.length < span || region.lines[0]!.trim().length < 8) continue;
    if (region.lines.some((l) => l.length > 160 || /[\u201c\u201d\u2018\u2019]/.test(l))) continue;
    if (count(text, region.lines.join('\n')) !== 1 || !fits(region)) continue;
    return region;
  }
  return undefined;
}

/** The intended change: a line added after the region's first, indented like it, and a word changed. */
function intended(region: string[], id: number): string[] {
  const [head, ...rest] = region;
  return [head!.replace(/\b(\w{3,})\b/, '$1_v2'), `${indentOf(head!)}// edit ${id}`, ...rest];
}

type Mangle = (lines: string[], rand: () => number) => string[] | undefined;

/** Ways to get indentation wrong: tabs ↔ spaces, one level deeper, the common indent dropped. */
const indentations: Mangle[] = [
  (ls) =>
    ls.some((l) => l.startsWith('\t'))
      ? ls.map((l) => l.replace(/^\t+/, (m) => '    '.repeat(m.length)))
      : ls.some((l) => /^ {2}/.test(l))
        ? ls.map((l) => l.replace(/^ +/, (m) => '\t'.repeat(Math.max(1, Math.floor(m.length / 2)))))
        : undefined,
  (ls) => ls.map((l) => (l.trim() === '' ? l : `    ${l}`)),
  (ls) => {
    const base = Math.min(...ls.filter((l) => l.trim()).map((l) => indentOf(l).length));
    return base > 0 ? ls.map((l) => l.slice(Math.min(base, indentOf(l).length))) : undefined;
  },
];

const whitespaces: Mangle[] = [
  (ls) => ls.map((l) => (l.trim() === '' ? l : `${l}  `)),
  (ls, rand) => {
    const i = Math.floor(rand() * ls.length);
    const line = ls[i]!;
    const at = line.indexOf(' ', indentOf(line).length + 1);
    if (at === -1) return undefined;
    return ls.map((l, j) => (j === i ? `${line.slice(0, at)}   ${line.slice(at + 1)}` : l));
  },
];

function quotes(ls: string[]): string[] | undefined {
  const text = ls.join('\n');
  if (!/["']/.test(text)) return undefined;
  let open = true;
  return text
    .replace(/"/g, () => {
      open = !open;
      return open ? '\u201d' : '\u201c';
    })
    .replace(/'/g, '\u2019')
    .split('\n');
}

/** The old_str as one string: `\n` escaped for a line break, or `\"` for a quote. */
function escapes(ls: string[]): string | undefined {
  if (ls.length > 1) return ls.join('\\n');
  return ls[0]!.includes('"') ? ls[0]!.replace(/"/g, '\\"') : undefined;
}

/** What another program changed in the region's first line since the read: its last word renamed. */
const reformat = (line: string) => line.replace(/(\w{3,})(?!.*\w{3,})/, '$1Renamed');

/** Builds the corpus: every kind over every source, plain and as a CRLF copy. */
export function buildCorpus(seed = 20_261_202, perKindAndFile = 3): EditCase[] {
  return corpusOf(
    seed,
    perKindAndFile,
    ['whitespace', 'indentation', 'quotes', 'escapes', 'stale', 'line_endings'],
    '',
  );
}

/**
 * Attempts at regions that have near-identical twins elsewhere in the file (the same lines once
 * indentation and blanks are ignored): the old_str, normalised, fits several blocks. Drawn from
 * their own seeded stream, so the main corpus stays as it is.
 */
export function buildTwinCorpus(seed = 20_261_203, perKindAndFile = 2): EditCase[] {
  return corpusOf(seed, perKindAndFile, ['whitespace', 'indentation', 'quotes', 'escapes'], 'twin-');
}

/** `kinds` over every source, plain and as a CRLF copy; with a `twin-` prefix only regions that have twins. */
function corpusOf(seed: number, perKindAndFile: number, kinds: Kind[], prefix: '' | 'twin-'): EditCase[] {
  const cases: EditCase[] = [];
  const rand = random(seed);
  let id = 0;
  for (const source of sources()) {
    const lines = source.text.split('\n');
    for (const crlf of [false, true]) {
      const name = crlf ? `crlf-${source.name}` : source.name;
      for (let n = 0; n < perKindAndFile; n++) {
        for (const kind of kinds) {
          const made = makeCase(kind, lines, crlf ? '\r\n' : '\n', rand, id, prefix === 'twin-');
          if (made) cases.push({ ...made, id: `${prefix}${kind}-${id}`, name });
          id++;
        }
      }
    }
  }
  return cases;
}

function makeCase(kind: Kind, lines: string[], eol: string, rand: () => number, id: number, twin = false) {
  const mangles = kind === 'indentation' ? indentations : kind === 'whitespace' ? whitespaces : [];
  const mangle = mangles[Math.floor(rand() * Math.max(1, mangles.length))];
  let mangledLines: string[] | undefined;
  const fits = (r: Region): boolean => {
    if (twin && !hasTwin(lines, r)) return false;
    if (kind === 'quotes') return quotes(r.lines) !== undefined;
    if (kind === 'escapes') return escapes(r.lines) !== undefined;
    if (kind === 'line_endings') return r.lines.length > 1;
    if (mangle) return (mangledLines = mangle(r.lines, rand)) !== undefined;
    return true;
  };
  const region = pickRegion(lines, rand, fits);
  if (!region) return undefined;
  const wanted = intended(region.lines, id);
  // The file's lines: line_endings makes the region's first line end in LF inside a CRLF file.
  const fileLines = [...lines];
  if (kind === 'stale') fileLines[region.first] = reformat(fileLines[region.first]!);
  const join = (ls: string[], mixedAt?: number) =>
    ls
      .map((l, i) => (i === ls.length - 1 ? l : l + (i === mixedAt ? '\n' : kind === 'line_endings' ? '\r\n' : eol)))
      .join('');
  const content = join(fileLines, kind === 'line_endings' ? region.first : undefined);
  const before = join(fileLines.slice(0, region.first), kind === 'line_endings' ? region.first : undefined);
  const start = before.length + (region.first > 0 ? (kind === 'line_endings' ? 2 : eol.length) : 0);
  const nowRegion = kind === 'stale' ? [reformat(region.lines[0]!), ...region.lines.slice(1)] : region.lines;
  const regionText = join(nowRegion, kind === 'line_endings' ? 0 : undefined);
  const end = start + regionText.length;
  if (content.slice(start, end) !== regionText) throw new Error(`corpus: region misplaced (${kind} ${id})`);
  const mangled =
    kind === 'quotes'
      ? quotes(region.lines)!.join('\n')
      : kind === 'escapes'
        ? escapes(region.lines)!
        : mangledLines
          ? mangledLines.join('\n')
          : region.lines.join('\n');
  const newStr = kind === 'indentation' ? mangle!(wanted, () => 0.5)!.join('\n') : wanted.join('\n');
  const newEol = kind === 'line_endings' ? '\r\n' : eol;
  const expected = content.slice(0, start) + wanted.join(newEol) + content.slice(end);
  const readContent = kind === 'stale' ? join(lines) : undefined;
  // An attempt that matches exactly after all is no failed attempt.
  if (content.includes(mangled) || content.includes(mangled.replace(/\n/g, '\r\n'))) return undefined;
  const loose =
    ['indentation', 'line_endings', 'quotes'].includes(kind) || (kind === 'whitespace' && mangle === whitespaces[0]);
  return {
    kind,
    content,
    start,
    end,
    oldStr: mangled,
    newStr,
    expected,
    loose,
    ...(readContent ? { readContent } : {}),
  };
}
