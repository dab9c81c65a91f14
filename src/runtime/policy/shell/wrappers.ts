// Commands that run another command: the inner command is what a rule decides. Privileged
// wrappers (sudo, doas, chroot, su) are decided too, so allowing `ls *` never allows `sudo ls`.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { SimpleCommand } from './split.js';
import type { Word } from './words.js';
import { unwrapSu } from './wrappers-su.js';

export interface InnerCommand {
  words: Word[];
  assignments: string[];
  trailingUnknown?: boolean;
}

export type Unwrapped =
  | { kind: 'plain' }
  | { kind: 'opaque'; reason: string }
  | { kind: 'inner'; wrapper: string; inner: InnerCommand[]; alsoOuter?: Word[] }
  | { kind: 'script'; wrapper: string; script: string; alsoOuter?: Word[] };

/** Shells whose `-c` script is parsed as bash; any other use of a shell reads code we cannot see. */
const BASH_LIKE = new Set(['bash', 'sh', 'dash', 'ash']);
const OTHER_SHELLS = new Set(['zsh', 'ksh', 'mksh', 'fish', 'csh', 'tcsh', 'busybox', 'pwsh', 'rbash', 'yash', 'elvish', 'nu', 'xonsh']);

/**
 * The program a word names: a bare name as is; an absolute path outside the workspace by its base
 * name (`/bin/rm` is `rm`); any other path (`./ls`, `bin/ls`, a path into the workspace) is only
 * itself, never the program it is named after.
 */
export function programName(word: Word, workspaceRoot: string): string {
  return programNames(word, workspaceRoot)[0]!;
}

/**
 * Every name the program word may stand for: for an absolute path, its base name and the base name
 * of its real target (`/tmp/x/ls` → /bin/rm is `ls` and `rm`). An allow rule must match all of them.
 * `possible` (ask and deny rules) adds, for a relative path, its base name and its target's from the
 * workspace root: `../../usr/bin/rm` or `cd / && usr/bin/rm` may well be rm.
 */
export function programNames(word: Word, workspaceRoot: string, mode: 'certain' | 'possible' = 'certain'): string[] {
  const text = word.text;
  if (!text.includes('/')) return [text];
  if (!path.isAbsolute(text)) {
    if (mode === 'certain') return [text];
    const names = new Set([text, path.basename(text)]);
    try { names.add(path.basename(realpathSync(path.resolve(workspaceRoot, text)))); } catch { /* resolves to nothing from the root */ }
    return [...names];
  }
  const lexical = path.normalize(text);
  let real = lexical;
  try { real = realpathSync(lexical); } catch { /* a missing program resolves to nothing anyway */ }
  const root = workspaceRoot.endsWith(path.sep) ? workspaceRoot : workspaceRoot + path.sep;
  const inside = (p: string) => p === workspaceRoot || p.startsWith(root);
  if (inside(real) || inside(lexical)) return [text];
  const names = [path.basename(lexical)];
  if (path.basename(real) !== names[0]) names.push(path.basename(real));
  return names;
}

const flag = (w: Word | undefined) => w !== undefined && !w.dynamic && w.text.startsWith('-') && w.text !== '-';

export function unwrap(entry: SimpleCommand, workspaceRoot: string): Unwrapped {
  const words = entry.words;
  const name = programName(words[0]!, workspaceRoot);
  const base = path.basename(words[0]!.text);
  if (!words[0]!.dynamic && name !== base) {
    // `../../usr/bin/env rm x`: which program a relative path is depends on the working directory;
    // if the program its name says would run another command, the line cannot be decided.
    const asNamed = unwrap({ ...entry, words: [{ ...words[0]!, text: base }, ...words.slice(1)] }, workspaceRoot);
    if (asNamed.kind !== 'plain') return { kind: 'opaque', reason: `${name} may be ${base}, which runs other commands; name it without a path, or by its absolute path` };
  }
  const rest = words.slice(1);
  const dynamicAt = rest.findIndex((w) => w.dynamic);
  const opaque = (reason: string): Unwrapped => ({ kind: 'opaque', reason });
  const inner = (start: number, opts: { assignments?: string[]; trailingUnknown?: boolean; alsoOuter?: boolean } = {}): Unwrapped => {
    const innerWords = rest.slice(start);
    if (innerWords.length === 0) return { kind: 'plain' };
    if (innerWords[0]!.dynamic) return opaque(`${name} runs a program named only at run time (${innerWords[0]!.raw})`);
    return {
      kind: 'inner',
      wrapper: name,
      inner: [{ words: innerWords, assignments: opts.assignments ?? [], ...(opts.trailingUnknown ? { trailingUnknown: true } : {}) }],
      ...(opts.alsoOuter ? { alsoOuter: words } : {}),
    };
  };
  // Skips options; `withValue` take the next word unless glued (`-n5`, `--signal=KILL`).
  const skipOptions = (withValue: string, longWithValue: string[], known: RegExp): number | Unwrapped => {
    let i = 0;
    while (i < rest.length && flag(rest[i])) {
      const t = rest[i]!.text;
      if (t === '--') return i + 1;
      if (t.startsWith('--')) {
        const key = t.split('=')[0]!;
        if (!known.test(key)) return opaque(`${name} option ${t} is not understood, so its command cannot be found`);
        i += longWithValue.includes(key) && !t.includes('=') ? 2 : 1;
        continue;
      }
      const letters = t.slice(1);
      if (!/^[A-Za-z0-9]+$/.test(letters)) return opaque(`${name} option ${t} is not understood`);
      let takesNext = false;
      for (let j = 0; j < letters.length; j++) {
        const l = letters[j]!;
        if (/[0-9]/.test(l) && name === 'nice') break;
        if (!known.test(`-${l}`)) return opaque(`${name} option -${l} is not understood, so its command cannot be found`);
        if (withValue.includes(l)) { takesNext = j === letters.length - 1; break; }
      }
      i += takesNext ? 2 : 1;
    }
    return i;
  };
  if (rest.length > 0 && dynamicAt === 0 && !['xargs', 'find'].includes(name) && isWrapper(name)) {
    return opaque(`${name} is followed by a word known only at run time (${rest[0]!.raw})`);
  }

  switch (name) {
    case 'eval':
      return opaque('eval runs a string as code');
    case 'mapfile':
    case 'readarray':
      if (rest.some((w) => w.dynamic || /^-[a-zA-Z]*C/.test(w.text))) return opaque(`${name} -C runs a callback string as code`);
      return { kind: 'plain' };
    case 'let':
      return opaque('let evaluates arithmetic, where array subscripts run code');
    case 'source':
    case '.':
      return opaque(`${name} runs a script file the policy cannot see`);
    case 'command': {
      const at = skipOptions('', [], /^-[pvV]$/);
      if (typeof at !== 'number') return at;
      if (rest.slice(0, at).some((w) => /[vV]/.test(w.text))) return { kind: 'plain' };
      return inner(at);
    }
    case 'builtin':
    case 'nohup':
      return inner(rest[0]?.text === '--' ? 1 : 0);
    case 'time': {
      const at = skipOptions('', [], /^-p$/);
      return typeof at === 'number' ? inner(at) : at;
    }
    case 'exec': {
      const at = skipOptions('a', [], /^-[cla]$/);
      return typeof at === 'number' ? inner(at) : at;
    }
    case 'nice': {
      const at = skipOptions('n', ['--adjustment'], /^(-n|-[0-9]+|--adjustment)$/);
      return typeof at === 'number' ? inner(at) : at;
    }
    case 'timeout': {
      const at = skipOptions('sk', ['--signal', '--kill-after'], /^(-[vsk]|--(foreground|preserve-status|verbose|signal|kill-after))$/);
      if (typeof at !== 'number') return at;
      return rest[at] === undefined ? { kind: 'plain' } : inner(at + 1);
    }
    case 'stdbuf': {
      const at = skipOptions('ioe', ['--input', '--output', '--error'], /^(-[ioeL0-9KMGB]|--(input|output|error))$/);
      return typeof at === 'number' ? inner(at) : at;
    }
    case 'ionice': {
      const at = skipOptions('cn', ['--class', '--classdata'], /^(-[cnt]|--(class|classdata|ignore))$/);
      return typeof at === 'number' ? inner(at) : at;
    }
    case 'setsid': {
      const at = skipOptions('', [], /^(-[cfw]|--(ctty|fork|wait))$/);
      return typeof at === 'number' ? inner(at) : at;
    }
    case 'env': {
      let i = 0;
      const assignments: string[] = [];
      for (; i < rest.length; i++) {
        const t = rest[i]!.text;
        if (rest[i]!.dynamic) return opaque(`env argument ${rest[i]!.raw} is known only at run time`);
        if (t === '--') { i++; break; }
        if (t === '-S' || t.startsWith('--split-string') || /^-[a-zA-Z]*S/.test(t)) return opaque('env -S splits a string into a command line');
        if (t === '-u' || t === '-C' || t === '--unset' || t === '--chdir') { i++; continue; }
        if (/^(-i|-0|-v|-|--ignore-environment|--null|--debug|--unset=.*|--chdir=.*|-u.+|-C.+|-[i0v]+)$/.test(t)) continue;
        if (t.startsWith('-')) return opaque(`env option ${t} is not understood`);
        break;
      }
      for (; i < rest.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[i]!.text) && !rest[i]!.dynamic; i++) {
        assignments.push(rest[i]!.text.split('=')[0]!);
      }
      return inner(i, { assignments });
    }
    case 'xargs': {
      // -e, -i and -l take their value only glued (-eEOF, -i{}, -l1); -E, -I, -L take the next word.
      const at = skipOptions('adEILnPs', ['--arg-file', '--delimiter', '--eof', '--replace', '--max-lines', '--max-args', '--max-procs', '--max-chars', '--process-slot-var'],
        /^(-[0adEeIiLlnPsprtxo]|--(null|arg-file|delimiter|eof|replace|max-lines|max-args|max-procs|max-chars|process-slot-var|interactive|no-run-if-empty|verbose|exit|open-tty|show-limits))$/);
      if (typeof at !== 'number') return at;
      // -I R / -i / --replace: R in the command is replaced by input lines.
      const replace = xargsReplace(rest.slice(0, at));
      if (replace !== undefined) {
        const replaced = rest.slice(at).map((w) => (w.text.includes(replace) ? { ...w, dynamic: true } : w));
        if (replaced[0]?.dynamic) return opaque('xargs runs a program named by its input');
        rest.splice(at, rest.length - at, ...replaced);
      }
      if (rest[at] === undefined) return { kind: 'inner', wrapper: 'xargs', inner: [{ words: [{ text: 'echo', dynamic: false, raw: 'echo' }], assignments: [], trailingUnknown: true }] };
      return inner(at, { trailingUnknown: true });
    }
    case 'sudo': {
      const at = skipOptions('ugCDhprtUTR', ['--user', '--group', '--close-from', '--chdir', '--host', '--prompt', '--role', '--type', '--other-user', '--command-timeout', '--chroot'],
        /^(-[AbEHkKnPSugCDhprtUTRl]|--(user|group|close-from|chdir|host|prompt|role|type|other-user|command-timeout|chroot|askpass|background|preserve-env|set-home|non-interactive|preserve-groups|stdin|reset-timestamp|remove-timestamp|list))$/);
      if (typeof at !== 'number') return at;
      let i = at;
      const assignments: string[] = [];
      for (; i < rest.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[i]!.text) && !rest[i]!.dynamic; i++) assignments.push(rest[i]!.text.split('=')[0]!);
      if (rest[i] === undefined) return { kind: 'plain' };
      return inner(i, { assignments, alsoOuter: true });
    }
    case 'doas': {
      const at = skipOptions('u', [], /^-[nu]$/);
      if (typeof at !== 'number') return at;
      return rest[at] === undefined ? { kind: 'plain' } : inner(at, { alsoOuter: true });
    }
    case 'chroot': {
      const at = skipOptions('', ['--userspec', '--groups'], /^--(userspec|groups|skip-chdir)$/);
      if (typeof at !== 'number') return at;
      if (rest[at] === undefined) return { kind: 'plain' };
      if (rest[at + 1] === undefined) return opaque('chroot without a command starts a shell');
      return inner(at + 1, { alsoOuter: true });
    }
    case 'su':
    case 'runuser':
      return unwrapSu(name, words, rest);
    case 'find':
      return findExec(words, rest);
    case 'coproc':
      return inner(0);
    case 'git': {
      // `git -c core.pager=…`, `-c alias.x=!…`, --config-env and --exec-path make git run any program.
      for (const w of rest) {
        if (w.dynamic || !w.text.startsWith('-')) break;
        if (/^(-c|--config-env|--exec-path)/.test(w.text)) return opaque(`git ${w.text} can make git run any program`);
      }
      return { kind: 'plain' };
    }
  }
  if (BASH_LIKE.has(name)) return shellScript(name, rest);
  if (OTHER_SHELLS.has(name)) return opaque(`${name} runs code the bash parser cannot check`);
  return { kind: 'plain' };
}

function isWrapper(name: string): boolean {
  return ['command', 'builtin', 'nohup', 'time', 'exec', 'nice', 'timeout', 'stdbuf', 'ionice', 'setsid', 'env', 'sudo', 'doas', 'chroot'].includes(name);
}

/** `bash [-eux] [-o opt] -c SCRIPT [name args…]`: the script is parsed; any other use reads unseen code. */
function shellScript(name: string, rest: Word[]): Unwrapped {
  let script = false;
  let i = 0;
  for (; i < rest.length; i++) {
    const w = rest[i]!;
    if (w.dynamic) return { kind: 'opaque', reason: `${name} option ${w.raw} is known only at run time` };
    const t = w.text;
    if (t === '--' || t === '-') { i++; break; }
    if (/^--(norc|noprofile|posix|noediting|restricted|verbose)$/.test(t)) continue;
    if (/^[-+]o$/.test(t)) { i++; continue; }
    if (/^[-+][abefhkmnptuvxBCEHPTc]+$/.test(t)) {
      if (t.startsWith('-') && t.includes('c')) script = true;
      continue;
    }
    if (t.startsWith('-') || t.startsWith('+')) {
      return { kind: 'opaque', reason: `${name} ${t} reads startup files or options the policy cannot see` };
    }
    break;
  }
  if (!script) {
    return { kind: 'opaque', reason: rest[i] ? `${name} runs the script file ${rest[i]!.raw}, which the policy cannot see` : `${name} reads commands from its input, which the policy cannot see` };
  }
  const body = rest[i];
  if (!body) return { kind: 'opaque', reason: `${name} -c without a script` };
  if (body.dynamic) return { kind: 'opaque', reason: `${name} -c runs a script known only at run time (${body.raw})` };
  return { kind: 'script', wrapper: `${name} -c`, script: body.text };
}

/** `find … -exec CMD {} ;`: find itself and every command it would run. */
function findExec(words: Word[], rest: Word[]): Unwrapped {
  const inner: InnerCommand[] = [];
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i]!.text;
    if (!/^-(exec|execdir|ok|okdir)$/.test(t) || rest[i]!.dynamic) continue;
    const cmd: Word[] = [];
    let j = i + 1;
    let plus = false;
    for (; j < rest.length; j++) {
      const w = rest[j]!;
      if (!w.dynamic && w.text === ';') break;
      if (!w.dynamic && w.text === '+' && cmd.length > 0 && cmd.at(-1)!.text === '{}') { plus = true; break; }
      cmd.push(w.text.includes('{}') ? { ...w, dynamic: true } : w);
    }
    if (cmd.length === 0) return { kind: 'opaque', reason: `find ${t} without a command` };
    if (cmd[0]!.dynamic) return { kind: 'opaque', reason: `find ${t} runs a program named only at run time` };
    inner.push({ words: cmd, assignments: [], ...(plus ? { trailingUnknown: true } : {}) });
    i = j;
  }
  if (inner.length === 0) return { kind: 'plain' };
  return { kind: 'inner', wrapper: 'find -exec', inner, alsoOuter: words };
}

function xargsReplace(options: Word[]): string | undefined {
  for (let i = 0; i < options.length; i++) {
    const t = options[i]!.text;
    if (t === '-I') return options[i + 1]?.text ?? '{}';
    if (t.startsWith('-I')) return t.slice(2);
    if (t === '-i' || t === '--replace') return '{}';
    if (t.startsWith('-i')) return t.slice(2);
    if (t.startsWith('--replace=')) return t.slice(10);
  }
  return undefined;
}
