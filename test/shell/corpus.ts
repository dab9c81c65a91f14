// Shell lines for the differential check, by class: each hostile line tries to run `touch pwned`
// (or a program from the workspace) past the analyzer. The generator builds random lines from the
// same pieces with a fixed seed.

/** Hostile lines by class; every one of them must be opaque or list what it runs. */
export const HOSTILE: Record<string, string[]> = {
  'here-document bodies and expansions': [
    'echo hi <<EOF\n`touch pwned`\nEOF',
    'echo hi <<-EOF\n\t`touch pwned`\n\tEOF',
    'echo hi <<EOF\n$(touch pwned)\nEOF',
    'echo hi <<EOF\n$((a[$(touch pwned)]))\nEOF',
    'echo hi <<EOF\n${x:-`touch pwned`}\nEOF',
    'echo hi <<EOF\n${x:-$(touch pwned)}\nEOF',
    'echo hi <<EOF\n$[a[`touch pwned`]]\nEOF',
    'cat <<EOF | cat\n`touch pwned`\nEOF',
    'echo hi <<EOF; echo ok\n`touch pwned`\nEOF',
    'echo hi <<E\nx `touch pwned` y\nE',
    'echo hi <<EOF\nx\\\\`touch pwned`\nEOF',
    'echo <<EOF\n a\n  EOF\n`touch pwned`\nEOF',
    'ls <<EOF\nx\nEOF \ntouch pwned\nEOF',
    'ls <<-EOF\n    EOF\ntouch pwned\nEOF',
    'ls <<EOF\nEOFX\ntouch pwned\nEOF',
    'cat <<EOF >/dev/null\n${y:=`touch pwned`}\nEOF',
    'echo ${x:-`touch pwned`}',
    'echo "${x:-$(touch pwned)}"',
    'echo ${x:=`touch pwned`}',
    'echo ${x/a/`touch pwned`}',
    'echo ${x:+`touch pwned`}',
    'echo ${#x[`touch pwned`]}',
    'echo ${a[`touch pwned`]}',
    'echo $((1+`touch pwned`))',
    'echo $[`touch pwned`]',
    "x='a[$(touch pwned)]'; echo $((x))",
    "x='a[$(touch pwned)]'; echo ${y:x}",
    "x='a[$(touch pwned)]'; echo ${!x}",
    "x='a[$(touch pwned)]'; echo $[x]",
    '[[ x =~ `touch pwned` ]]',
    '[[ x =~ a${y:-`touch pwned`} ]]',
    '[[ $x == `touch pwned` ]]',
    'case x in `touch pwned`) ;; esac',
    'case x in $(touch pwned)) ;; esac',
    'for x in `touch pwned`; do :; done',
    'echo hi > `touch pwned`',
    'echo hi > ${x:-`touch pwned`}',
    'cat < $(touch pwned)',
    'cat <<< `touch pwned`',
    'echo hi >&$(touch pwned)',
    'echo "`touch pwned`"',
    'echo a`touch pwned`b',
  ],
  'builtins that take a variable name': [
    "printf '-va[$(touch pwned)]' y",
    "printf -v 'a[$(touch pwned)]' y",
    "printf -v'a[$(touch pwned)]' y",
    'printf "-va[\\$(touch pwned)]" y',
    'printf -va\\[\\$\\(touch\\ pwned\\)\\] y',
    'printf -v"a[\\$(touch pwned)]" y',
    'printf -v \'a\'"[\\$(touch pwned)]" y',
    'x=\'-va[$(touch pwned)]\'; printf "$x" y',
    "read -a 'a[$(touch pwned)]' <<< x",
    "read -ra'a[$(touch pwned)]' <<< x",
    "read 'a[$(touch pwned)]' <<< x",
    "read -r x 'a[$(touch pwned)]' <<< 'x y'",
    "read -d '' 'a[$(touch pwned)]' <<< x",
    "read -p p -t 1 'a[$(touch pwned)]' <<< x",
    "mapfile -C 'touch pwned' -c 1 a <<< x",
    "mapfile -tC'touch pwned' -c1 a <<< x",
    'readarray -C "touch pwned" -c 1 a <<< x',
    "declare 'a[$(touch pwned)]=1'",
    "typeset 'a[$(touch pwned)]=1'",
    "declare -a 'q=([$(touch pwned)]=1)'",
    "declare -a q='([$(touch pwned)]=1)'",
    'declare -a q="(\\$(touch pwned))"',
    'y=\'($(touch pwned))\'; declare -a q="$y"',
    "y='($(touch pwned))'; q=(); declare q=$y",
    "export -a q='($(touch pwned))'",
    "declare -i x='a[$(touch pwned)]'",
    "y='a[$(touch pwned)]'; declare -i z=y",
    "declare -n r='a[$(touch pwned)]'; echo $r",
    "let 'a[$(touch pwned)]'",
    "let x='a[$(touch pwned)]'",
    "a=(1); unset 'a[$(touch pwned)]'",
    "a=(1); unset -v 'a[$(touch pwned)]'",
    "a=(1); unset -v x 'a[$(touch pwned)]'",
    'k=\'$(touch pwned)\'; declare -A A; unset "A[$k]"',
    "test -v 'a[$(touch pwned)]'",
    "[ -v 'a[$(touch pwned)]' ]",
    "y='a[$(touch pwned)]'; [[ -v $y ]]",
    'x=-v; y=\'a[$(touch pwned)]\'; test "$x" "$y"',
    "x='-v a[$(touch pwned)]'; test $x",
    "y='a[$(touch pwned)]'; [[ y -eq 1 ]]",
    "y='a[$(touch pwned)]'; [[ 1 -lt y ]]",
    "y='a[$(touch pwned)]'; (( y ))",
    "y='a[$(touch pwned)]'; for ((i=y;0;)); do :; done",
    "true & wait -n -p 'a[$(touch pwned)]'",
    "true & wait -np'a[$(touch pwned)]'",
    "set -- -a; getopts a 'a[$(touch pwned)]'",
    'exec {a[$(touch pwned)]}>/dev/null',
    ': {a[$(touch pwned)]}>/dev/null',
    'echo {a[$(touch pwned)]}>/dev/null',
    "compgen -W '$(touch pwned)' x",
    "compgen -C 'touch pwned' x",
    "complete -C 'touch pwned' x",
    "trap 'touch pwned' EXIT",
    'jobs -x touch pwned',
    'bind -x \'"a": touch pwned\' 2>/dev/null; ls',
    'hash -p ./ls cat; cat',
    // steering variables through builtins and keywords: `ls` would run ./ls from the folder
    'for PATH in .; do ls; done',
    'read PATH <<< .; ls',
    'printf -v PATH .; ls',
    'printf -vPATH .; ls',
    'mapfile -t PATH <<< .; ls',
    'exec {PATH}>/dev/null; cd 10 2>/dev/null; ls',
    'coproc PATH { :; }; ls',
    'declare PATH=.; ls',
    'export PATH=.; ls',
    'local PATH=. 2>/dev/null; ls',
    'read -a PATH <<< .; ls',
    'getopts a PATH -a; PATH=.; ls',
  ],
  'coproc and time with a compound body': [
    'coproc foo { touch pwned; }',
    'coproc { touch pwned; }',
    'coproc ( touch pwned )',
    'coproc foo ( touch pwned )',
    'coproc if true; then touch pwned; fi',
    'coproc while true; do touch pwned; break; done',
    'coproc until false; do touch pwned; break; done',
    'coproc for i in 1; do touch pwned; done',
    'coproc case x in x) touch pwned;; esac',
    'coproc foo while true; do touch pwned; break; done',
    'coproc foo { touch pwned; }; wait',
    'coproc foo touch pwned',
    'time { touch pwned; }',
    'time -p { touch pwned; }',
    'time ( touch pwned )',
    'time if true; then touch pwned; fi',
    'time for i in 1; do touch pwned; done',
    '! time { touch pwned; }',
    'ls | time { touch pwned; }',
    'time while true; do touch pwned; break; done',
    'time case x in x) touch pwned;; esac',
    'time X=1 touch pwned',
    'time -p PATH=. ls',
    'coproc X=1 touch pwned',
    'coproc PATH=. ls',
    '! time X=1 touch pwned',
    'time -- X=1 touch pwned',
    'ls | time cat victim',
    'FOO=1 time touch pwned',
    'env =-i touch pwned',
    'env a.b=1 =x touch pwned',
  ],
  'programs that run their arguments': [
    'chrt 1 touch pwned',
    'chrt -o 0 touch pwned',
    'chrt -r 1 touch pwned',
    'taskset 1 touch pwned',
    'taskset -c 0 touch pwned',
    'ionice -c3 touch pwned',
    'ionice -c 2 -n 7 touch pwned',
    'nice -5 touch pwned',
    'nice -n5 touch pwned',
    'stdbuf -oL touch pwned',
    'stdbuf -o 0 touch pwned',
    'flock lk touch pwned',
    "flock -n lk -c 'touch pwned'",
    "flock lk --command 'touch pwned'",
    'unshare touch pwned',
    'setpriv --nnp touch pwned',
    'setpriv touch pwned',
    "script -qc 'touch pwned' /dev/null",
    "script /dev/null -qc 'touch pwned'",
    "script --command='touch pwned' -q /dev/null",
    'timeout 5 touch pwned',
    'timeout -s KILL 5 touch pwned',
    'timeout -k1 5 touch pwned',
    'timeout --signal=TERM 5 touch pwned',
    'xargs touch <<< pwned',
    'xargs -I{} touch {} <<< pwned',
    'find . -name victim -exec touch pwned \\;',
    'find . -name victim -execdir touch pwned \\;',
    "env -S 'touch pwned'",
    "env --split-string='touch pwned'",
    "env -iS'touch pwned'",
    'env -u X touch pwned',
    'env -- touch pwned',
    'env - touch pwned',
    'setsid touch pwned',
    'setsid -w touch pwned',
    'nohup touch pwned',
    'nohup -- touch pwned',
    'prlimit --nofile=100 touch pwned',
    'prlimit -n touch pwned',
    'time touch pwned',
    'time -p touch pwned',
    'command touch pwned',
    'command -p touch pwned',
    'builtin exec touch pwned',
    'exec touch pwned',
    'exec -a x touch pwned',
    'exec -c touch pwned',
    "sg root -c 'touch pwned'",
    "sg root 'touch pwned'",
    "su -c 'touch pwned'",
    "su root -c 'touch pwned'",
    'runuser -u root touch pwned',
    'runuser -u root -- touch pwned',
    'chroot / touch pwned',
    "bash -c 'touch pwned'",
    "sh -c 'touch pwned'",
    "dash -c 'touch pwned'",
    "bash -xc 'touch pwned'",
    '/usr/bin/timeout 5 touch pwned',
    '/usr/bin/env touch pwned',
    '/usr/bin/chrt 1 touch pwned',
    "/usr/bin/flock lk -c 'touch pwned'",
    'nice timeout 5 env touch pwned',
    'timeout 5 chrt 1 taskset 1 touch pwned',
    'watch -x touch pwned',
    "watch 'touch pwned'",
    'strace -o /dev/null touch pwned',
    'valgrind -q touch pwned',
    'nsenter -t 1 touch pwned',
    'ssh host touch pwned',
  ],
  'constructs bash reads differently': [
    '[ x > pwned ]',
    '[ x \\> pwned ] || ls',
    '[ x ] > pwned',
    '[ a = b -o x > pwned ]',
    '((x)); touch pwned',
    'for ((;;)); do break; done; touch pwned',
    '{ touch pwned; }',
    'if true; then touch pwned; fi',
    '! touch pwned',
    'ls && { touch pwned; }',
    'echo x |& touch pwned',
    'x=1 touch pwned',
  ],
};

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
