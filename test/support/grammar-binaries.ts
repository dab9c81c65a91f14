// Holds shell_read's getopt-style option grammars against the installed binaries: for each word
// (a short option, a long option, a prefix of one), whether the binary's own parser reads it as an
// unknown option, an option without a value, or one that takes the next word.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PROGRAMS } from '../../src/runtime/shell/read-only/classify.js';
import { parseOptions, resolveLong, type Grammar } from '../../src/runtime/shell/read-only/options.js';
import { scaled } from './time.js';

type Reading = 'unknown' | 'flag' | 'value';
export interface GrammarCase {
  program: string;
  word: string;
  expected: Reading;
}

/** Programs whose grammar is not the binary's getopt table (a deliberate subset, or another parser). */
const SKIP = new Set(['awk', 'gawk', 'mawk', 'nawk', 'egrep', 'fgrep', 'git', 'jq']);
/** Words the binary accepts that the model refuses on purpose (each one's reason is beside its grammar). */
const DELIBERATE = new Set([
  'printenv -i',
  'printenv -u',
  'sort -y',
  'sed -V',
  ...'0123456789'.split('').map((d) => `seq -${d}`),
]);

/** The PATH the binaries are looked up in: the host's, and the ripgrep the toolkit ships. */
const PATH = [
  path.resolve('node_modules/@vscode/ripgrep-linux-x64/bin'),
  ...(process.env.PATH ?? '').split(path.delimiter),
].join(path.delimiter);

function installed(name: string): boolean {
  return PATH.split(path.delimiter).some((dir) => existsSync(path.join(dir, name)));
}

function modelReading(grammar: Grammar, word: string, program: string): Reading {
  const parsed = parseOptions(
    grammar,
    [
      { text: word, dynamic: false, raw: word },
      { text: '--version', dynamic: false, raw: '--version' },
    ],
    program,
  );
  if (!parsed.ok) return 'unknown';
  return parsed.options.some((o) => o.spelled === '--version' && o.value === undefined) ? 'flag' : 'value';
}

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Every word (or a sample: `values` of the words that take a value, `others` of the rest). */
export function grammarCases(sample?: { seed: number; values: number; others: number }): GrammarCase[] {
  const cases: GrammarCase[] = [];
  for (const [program, model] of Object.entries(PROGRAMS)) {
    const grammar = model.grammar;
    if (!grammar || SKIP.has(program) || !installed(program)) continue;
    const help = (id: string) => grammar.long.some((o) => o.name === 'help' && o.id === id) || id === 'help';
    const words = new Set<string>();
    for (const letter of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') {
      // head and tail read a leading -NUM as the obsolete count form.
      if (/[0-9]/.test(letter) && (program === 'head' || program === 'tail')) continue;
      if (!help(letter)) words.add(`-${letter}`);
    }
    for (const option of grammar.long) {
      if (help(option.id) || option.name.startsWith('-')) continue;
      words.add(`--${option.name}`);
      for (const length of [2, 3, option.name.length - 1]) {
        if (length < 2 || length >= option.name.length) continue;
        const resolved = resolveLong(grammar, option.name.slice(0, length));
        if (typeof resolved !== 'object' || !help(resolved.id)) words.add(`--${option.name.slice(0, length)}`);
      }
    }
    for (const word of words) cases.push({ program, word, expected: modelReading(grammar, word, program) });
  }
  if (!sample) return cases;
  const rand = random(sample.seed);
  const pick = (from: GrammarCase[], count: number) => {
    const picked = new Set<GrammarCase>();
    while (picked.size < Math.min(count, from.length)) picked.add(from[Math.floor(rand() * from.length)]!);
    return [...picked];
  };
  return [
    ...pick(
      cases.filter((c) => c.expected === 'value'),
      sample.values,
    ),
    ...pick(
      cases.filter((c) => c.expected !== 'value'),
      sample.others,
    ),
  ];
}

function run(program: string, args: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      program,
      args,
      { cwd, timeout: scaled(5_000), env: { PATH, LC_ALL: 'C', RIPGREP_CONFIG_PATH: '' } },
      (error, stdout, stderr) => {
        resolve({
          code: error
            ? typeof (error as { code?: unknown }).code === 'number'
              ? (error as { code: number }).code
              : -1
            : 0,
          out: stdout,
          err: stderr,
        });
      },
    );
    child.stdin?.end();
  });
}

const REJECTED =
  /invalid option|unrecognized (option|flag)|option '[^']*' is ambiguous|unknown option|doesn't allow an argument/;

/**
 * How the binary reads WORD: its option parser complains (unknown); `WORD --version` prints the
 * version (no value); or it does not, and `WORD` alone says it requires an argument (a value).
 * Some options fail their own check (id -Z off SELinux); alone they do not ask for an argument.
 */
async function binaryReading(program: string, word: string, cwd: string): Promise<Reading | 'help'> {
  const withVersion = await run(program, [word, '--version'], cwd);
  if (REJECTED.test(withVersion.err)) return 'unknown';
  if (/^usage:/im.test(withVersion.out)) return 'help';
  if (withVersion.code === 0 && /[0-9]+\.[0-9]/.test(withVersion.out.split('\n')[0] ?? '')) return 'flag';
  const alone = await run(program, [word], cwd);
  return /requires an argument|missing value/.test(alone.err) ? 'value' : 'flag';
}

/** The words where model and binary disagree (none expected). */
export async function compareWithBinaries(cases: GrammarCase[], cwd: string): Promise<string[]> {
  const disagree: string[] = [];
  for (let i = 0; i < cases.length; i += 16) {
    await Promise.all(
      cases.slice(i, i + 16).map(async ({ program, word, expected }) => {
        if (DELIBERATE.has(`${program} ${word}`)) return;
        const actual = await binaryReading(program, word, cwd);
        if (actual !== 'help' && actual !== expected)
          disagree.push(`${program} ${word}: the model reads ${expected}, the binary ${actual}`);
      }),
    );
  }
  return disagree.sort();
}
