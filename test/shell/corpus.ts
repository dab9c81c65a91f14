// Shell lines for the differential check: the hostile table by class (corpus-hostile.ts, exported
// again here), and random lines built from the same pieces with a fixed seed (generated, mutated
// and assigning lines).
import { HOSTILE } from './corpus-hostile.js';

export { HOSTILE };

export function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Pick = <T>(xs: readonly T[]) => T;

/** Rewrites a program word the way bypass attempts do (bash reads every form as the same word). */
function disguise(word: string, pick: Pick): string {
  return pick([
    word,
    word,
    word,
    word.length > 1 ? `'${word.slice(0, 1)}''${word.slice(1)}'` : word,
    `\\${word}`,
    `"${word}"`,
    `$'${[...word].map((c) => `\\x${c.charCodeAt(0).toString(16)}`).join('')}'`,
    word.length > 1 ? `${word.slice(0, 1)}\\${word.slice(1)}` : word,
    `/usr/bin/${word}`,
  ]);
}

const PROGRAMS = [
  'ls',
  'ls',
  'cat',
  'echo',
  'wc',
  'git',
  'printf',
  'rm',
  'touch',
  'true',
  'read',
  'test',
  'mkdir',
  'cp',
  'tee',
  'date',
  'head',
  'sort',
];
const ARGS = [
  '',
  '',
  ' -la',
  ' victim',
  ' "a; touch pwned"',
  " 'x && touch pwned'",
  ' $HOME',
  ' *',
  ' -- -rf',
  ' $(touch pwned)',
  ' `touch pwned`',
  ' \\\n -la',
  '\t-l',
  " $'a\\nb'",
  ' "a\nb"',
  ' <<EOF\ntouch pwned\nEOF',
  ' <<EOF\n`touch pwned`\nEOF',
  " <<'EOF'\n`touch pwned`\nEOF",
  ' <<< "touch pwned"',
  ' ${x:-a}',
  ' ${x:-`touch pwned`}',
  ' "$x"',
  ' {a,b}',
  ' ~',
  " -v 'a[$(touch pwned)]'",
  ' -va[1] x',
  ' -v x y',
  ' -r x',
  ' -a',
  ' -- x',
  " '-v' x",
  ' x > out',
  ' 2>&1',
  ' >/dev/null',
  ' >> out',
  ' < victim',
  ' # ; touch pwned',
  ' &',
  ' | cat',
  ' {fd}>/dev/null',
];
const WRAPPERS = [
  '',
  '',
  '',
  '',
  'timeout 5 ',
  'nice ',
  'nice -n5 ',
  'env ',
  'env -i ',
  'env -u X ',
  'command ',
  'xargs ',
  'PATH=. ',
  'LANG=C ',
  'exec ',
  'bash -c ',
  'chrt 1 ',
  'taskset 1 ',
  'ionice -c3 ',
  'stdbuf -oL ',
  'setsid ',
  'nohup ',
  'time ',
  'time -p ',
  'flock lk ',
  'setpriv ',
  'prlimit ',
  'coproc ',
  'builtin ',
  'sh -c ',
  'timeout -k 1 5 ',
  'env -S ',
  'script -qc ',
  'x=1 ',
];

/** A random line: one to three simple commands joined by separators, maybe inside a compound. */
export function generatedLine(rand: () => number): string {
  const pick: Pick = (xs) => xs[Math.floor(rand() * xs.length)]!;
  const segment = (): string => {
    const program = pick(PROGRAMS);
    let text = disguise(program, pick);
    if (program === 'git')
      text += pick([' status', ' status', ' status --short', ' -c core.pager=touch status', ' log']);
    else text += pick(ARGS);
    const wrapper = pick(WRAPPERS);
    if (wrapper === 'bash -c ' || wrapper === 'sh -c ' || wrapper === 'script -qc ' || wrapper === 'env -S ')
      text = `${wrapper}${JSON.stringify(text)}${wrapper === 'script -qc ' ? ' /dev/null' : ''}`;
    else text = wrapper + text;
    return text + pick(['', '', '', ' > out.txt', ' 2>&1', ' >/dev/null', ' >> out.txt', ' < victim', ' &']);
  };
  const parts = [segment()];
  const count = Math.floor(rand() * 3);
  for (let i = 0; i < count; i++)
    parts.push(pick([' ; ', ' && ', ' | ', '\n', ' || ', ' |& ', ';', ' &&\n']), segment());
  const body = parts.join('');
  return pick([
    body,
    body,
    body,
    `{ ${body}; }`,
    `( ${body} )`,
    `if true; then ${body}; fi`,
    `for i in 1; do ${body}; done`,
    `coproc { ${body}; }`,
    `time { ${body}; }`,
    `while true; do ${body}; break; done`,
    `case x in x) ${body};; esac`,
    `[[ -n x ]] && ${body}`,
    `[ -f victim ] && ${body}`,
    `f() { ${body}; }; f`,
  ]);
}

const MUTATIONS = [
  '\\',
  "'",
  '"',
  '\n',
  ';',
  '$',
  '{',
  '}',
  '(',
  ')',
  '\t',
  ' ',
  '`',
  '<',
  '>',
  '&',
  '|',
  '#',
  '*',
  '=',
  '-',
  '[',
  ']',
  '!',
  '~',
];

/** `base` with one to three random characters inserted or removed (most such lines do not parse; the rest are odd). */
export function mutatedLine(rand: () => number, base: string): string {
  let line = base;
  const edits = 1 + Math.floor(rand() * 3);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(rand() * (line.length + 1));
    line =
      rand() < 0.3
        ? line.slice(0, at) + line.slice(at + 1)
        : line.slice(0, at) + MUTATIONS[Math.floor(rand() * MUTATIONS.length)]! + line.slice(at);
  }
  return line;
}

const NAMES = [
  'PATH',
  'x',
  "'a[$(touch pwned)]'",
  'a\\[\\$\\(touch\\ pwned\\)\\]',
  '"PATH"',
  'P"ATH"',
  'IFS',
  '$v',
  'q',
];
const ASSIGNING: ((name: string, pick: Pick) => string)[] = [
  (n, pick) => `printf ${pick(['-v ', '-v', "'-v'", '-v""'])}${n} .`,
  (n, pick) => `read ${pick(['', '-r ', '-a ', '-ra ', '-d x ', '-p p '])}${n} <<< .`,
  (n, pick) => `${pick(['mapfile', 'readarray'])} ${pick(['', '-t ', "-C 'touch pwned' -c 1 "])}${n} <<< .`,
  (n, pick) =>
    `${pick(['declare', 'typeset', 'export', 'readonly', 'local'])} ${pick(['', '-x ', '-a ', '-p ', '-g ', '-i ', '-n ', '+x ', '-ax '])}${n}${pick(['', '=.', '=(.)', "='(.)'", '="$y"'])}`,
  (n, pick) => `getopts ${pick(['a', 'ab:'])} ${n}${pick(['', ' -a'])}`,
  (n, pick) => `true & wait ${pick(['-p ', '-n -p ', '-np', '-p'])}${n}`,
  (n, pick) => `unset ${pick(['', '-v ', '-f '])}${n}`,
  (n) => `for ${n} in .; do :; done`,
  (n) => `exec {${n}}>/dev/null`,
  (n) => `coproc ${n} { :; }`,
  (n, pick) => `${pick(['test', '['])} ${pick(['-v ', '-n ', '"$y" '])}${n}${pick([' ]', ''])}`,
];

/** A builtin assigning (or testing) a name in one of its spellings, then `ls` (which a changed PATH would make the folder's ./ls). */
export function assigningLine(rand: () => number): string {
  const pick: Pick = (xs) => xs[Math.floor(rand() * xs.length)]!;
  const prefix = pick(['', '', "y='(.)'; ", 'v=PATH; ', "y='a[$(touch pwned)]'; ", 'x=(1); ', 'read -a q <<< x; ']);
  return `${prefix}${pick(ASSIGNING)(pick(NAMES), pick)}; ls`;
}

/** A mutation of a hostile, a generated or an assigning line. */
export function mutatedAny(rand: () => number): string {
  const hostile = Object.values(HOSTILE).flat();
  const r = rand();
  const base =
    r < 0.4 ? hostile[Math.floor(rand() * hostile.length)]! : r < 0.8 ? generatedLine(rand) : assigningLine(rand);
  return mutatedLine(rand, base);
}
