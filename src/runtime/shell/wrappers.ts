// Commands that run another command: the inner command is what a rule decides. Privileged
// wrappers (sudo, doas, chroot, su) are decided too, so allowing `ls *` never allows `sudo ls`.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { unwrapShellBuiltin } from './shell-builtins.js';
import type { SimpleCommand } from './simple-command.js';
import { unwrapByEntry, type InnerCommand, type Unwrapped, type WrapperEntry } from './wrapper-entry.js';
import { TOOL_WRAPPERS } from './wrapper-table-tools.js';
import { WRAPPERS } from './wrapper-table.js';
import { wrapperTable } from './wrapper-check.js';
import { unwrapXargs } from './xargs.js';
import type { Word } from './words.js';
import { unwrapSu } from './wrappers-su.js';

export type { InnerCommand, Unwrapped } from './wrapper-entry.js';

/** Shells whose `-c` script is parsed as bash; any other use of a shell reads code we cannot see. */
const BASH_LIKE = new Set(['bash', 'sh', 'dash', 'ash']);
const OTHER_SHELLS = new Set([
  'zsh',
  'ksh',
  'mksh',
  'fish',
  'csh',
  'tcsh',
  'pwsh',
  'rbash',
  'yash',
  'elvish',
  'nu',
  'xonsh',
]);

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
    try {
      names.add(path.basename(realpathSync(path.resolve(workspaceRoot, text))));
    } catch {
      /* resolves to nothing from the root */
    }
    return [...names];
  }
  const lexical = path.normalize(text);
  let real = lexical;
  try {
    real = realpathSync(lexical);
  } catch {
    /* a missing program resolves to nothing anyway */
  }
  const root = workspaceRoot.endsWith(path.sep) ? workspaceRoot : workspaceRoot + path.sep;
  const inside = (p: string) => p === workspaceRoot || p.startsWith(root);
  if (inside(real) || inside(lexical)) return [text];
  const names = [path.basename(lexical)];
  if (path.basename(real) !== names[0]) names.push(path.basename(real));
  return names;
}

// Built (and its examples checked) when the first shell line is analysed, not when toolwright is imported.
let table: ReadonlyMap<string, WrapperEntry> | undefined;
const wrappersByName = (): ReadonlyMap<string, WrapperEntry> =>
  (table ??= wrapperTable([...WRAPPERS, ...TOOL_WRAPPERS]));

export function unwrap(entry: SimpleCommand, workspaceRoot: string): Unwrapped {
  const words = entry.words;
  const name = programName(words[0]!, workspaceRoot);
  const base = path.basename(words[0]!.text);
  if (!words[0]!.dynamic && name !== base) {
    // `../../usr/bin/env rm x`: which program a relative path is depends on the working directory;
    // if the program its name says would run another command, the line cannot be decided.
    const asNamed = unwrap({ ...entry, words: [{ ...words[0]!, text: base }, ...words.slice(1)] }, workspaceRoot);
    if (asNamed.kind !== 'plain')
      return {
        kind: 'opaque',
        reason: `${name} may be ${base}, which runs other commands; name it without a path, or by its absolute path`,
      };
  }
  const shellLevel = unwrapShellBuiltin(name, words);
  if (shellLevel) return shellLevel;
  switch (name) {
    case 'xargs':
      return unwrapXargs(words);
    case 'su':
    case 'runuser':
      return unwrapSu(name, words, words.slice(1));
    case 'find':
      return findExec(words, words.slice(1));
    case 'git': {
      // `git -c core.pager=…`, `-c alias.x=!…`, --config-env and --exec-path make git run any program.
      for (const w of words.slice(1)) {
        if (w.dynamic || !w.text.startsWith('-')) break;
        if (/^(-c|--config-env|--exec-path)/.test(w.text))
          return { kind: 'opaque', reason: `git ${w.text} can make git run any program` };
      }
      return { kind: 'plain' };
    }
  }
  if (BASH_LIKE.has(name)) return shellScript(name, words.slice(1));
  if (OTHER_SHELLS.has(name)) return { kind: 'opaque', reason: `${name} runs code the bash parser cannot check` };
  const wrapper = wrappersByName().get(name);
  return wrapper ? unwrapByEntry(wrapper, name, words) : { kind: 'plain' };
}

/** `bash [-eux] [-o opt] -c SCRIPT [name args…]`: the script is parsed; any other use reads unseen code. */
function shellScript(name: string, rest: Word[]): Unwrapped {
  let script = false;
  let i = 0;
  for (; i < rest.length; i++) {
    const w = rest[i]!;
    if (w.dynamic) return { kind: 'opaque', reason: `${name} option ${w.raw} is known only at run time` };
    const t = w.text;
    if (t === '--' || t === '-') {
      i++;
      break;
    }
    if (/^--(norc|noprofile|posix|noediting|restricted|verbose)$/.test(t)) continue;
    if (/^[-+]o$/.test(t)) {
      i++;
      continue;
    }
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
    return {
      kind: 'opaque',
      reason: rest[i]
        ? `${name} runs the script file ${rest[i]!.raw}, which the policy cannot see`
        : `${name} reads commands from its input, which the policy cannot see`,
    };
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
      if (!w.dynamic && w.text === '+' && cmd.length > 0 && cmd.at(-1)!.text === '{}') {
        plus = true;
        break;
      }
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
