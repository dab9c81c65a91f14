// `su` and `runuser` (util-linux): what they run, read the way their getopt_long reads them —
// permuted options, glued values (`-c'…'`), clusters (`-pc`), abbreviations (`--comm=`). Anything
// that runs code the policy cannot see (another shell, extra arguments for the shell, commands
// from standard input, an option not understood) is opaque.
import path from 'node:path';
import type { Unwrapped } from './wrapper-entry.js';
import type { Word } from './words.js';

const SHORT_WITH_VALUE = 'cgGsuw';
const SHORT_FLAGS = 'flmpPhV';
const LONG = [
  'command',
  'session-command',
  'fast',
  'group',
  'supp-group',
  'login',
  'preserve-environment',
  'pty',
  'shell',
  'whitelist-environment',
  'help',
  'version',
  'user',
];
const LONG_WITH_VALUE = new Set([
  'command',
  'session-command',
  'group',
  'supp-group',
  'shell',
  'whitelist-environment',
  'user',
]);
const SHORT_OF: Record<string, string> = {
  command: 'c',
  'session-command': 'c',
  shell: 's',
  user: 'u',
  help: 'h',
  version: 'V',
};
const SH_LIKE = new Set(['bash', 'sh', 'dash', 'ash']);

export function unwrapSu(name: 'su' | 'runuser', words: Word[], rest: Word[]): Unwrapped {
  const opaque = (reason: string): Unwrapped => ({ kind: 'opaque', reason });
  const values: Record<string, string[]> = {};
  const positionals: Word[] = [];
  const set = (letter: string, value: string) => (values[letter] ??= []).push(value);
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i]!;
    if (w.dynamic) return opaque(`${name} argument ${w.raw} is known only at run time`);
    const t = w.text;
    if (t === '--') {
      positionals.push(...rest.slice(i + 1));
      break;
    }
    if (t === '-') {
      set('l', '');
      continue;
    }
    if (t.startsWith('--')) {
      const key = t.slice(2).split('=')[0]!;
      const matches = LONG.filter((k) => k === key || k.startsWith(key));
      const long = matches.includes(key) ? key : matches.length === 1 ? matches[0] : undefined;
      if (!long || (long === 'user' && name === 'su'))
        return opaque(`${name} option ${t.split('=')[0]} is not understood, so what it runs cannot be found`);
      let value = '';
      if (LONG_WITH_VALUE.has(long)) {
        if (t.includes('=')) value = t.slice(t.indexOf('=') + 1);
        else {
          const next = rest[++i];
          if (!next || next.dynamic) return opaque(`${name} --${long} takes a value known only at run time`);
          value = next.text;
        }
      }
      set(SHORT_OF[long] ?? long, value);
      continue;
    }
    if (t.startsWith('-')) {
      for (let j = 1; j < t.length; j++) {
        const letter = t[j]!;
        if (SHORT_WITH_VALUE.includes(letter) && !(letter === 'u' && name === 'su')) {
          let value = t.slice(j + 1);
          if (value === '') {
            const next = rest[++i];
            if (!next || next.dynamic) return opaque(`${name} -${letter} takes a value known only at run time`);
            value = next.text;
          }
          set(letter, value);
          break;
        }
        if (!SHORT_FLAGS.includes(letter))
          return opaque(`${name} option -${letter} is not understood, so what it runs cannot be found`);
        set(letter, '');
      }
      continue;
    }
    positionals.push(w);
  }
  const commands = values.c ?? [];
  const shell = values.s?.at(-1);
  if (values.u) {
    // runuser -u USER [--] COMMAND [ARGS…]: the command runs directly, not through a shell.
    if (commands.length > 0 || shell !== undefined) return opaque('runuser -u with -c or -s is not understood');
    if (positionals.length === 0) return opaque('runuser -u without a command starts a shell that reads its input');
    return { kind: 'inner', wrapper: name, inner: [{ words: positionals, assignments: [] }], alsoOuter: words };
  }
  if (values.h || values.V) return { kind: 'plain' };
  if (shell !== undefined && !SH_LIKE.has(path.basename(shell)))
    return opaque(`${name} -s ${shell} runs a program other than a bash-like shell`);
  // Words after the user are handed to the shell (a script file to run, or $0 $1… of -c).
  if (positionals.length > 1)
    return opaque(`${name} passes ${positionals[1]!.raw} to the shell, which may run it as a script`);
  if (commands.length === 0) return opaque(`${name} without -c starts a shell that reads commands from its input`);
  if (commands.length > 1) return opaque(`${name} is given more than one command`);
  return { kind: 'script', wrapper: `${name} -c`, script: commands[0]!, alsoOuter: words };
}
