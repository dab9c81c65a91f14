// Variables and builtins that change how the rest of a line runs.
import { clip, type Word } from './words.js';

/** Variables whose assignment changes how later commands are found or behave. */
export function harmlessVariable(name: string): boolean {
  if (/^[a-z_][a-z0-9_]*$/.test(name)) return true;
  return /^(LANG|LANGUAGE|LC_[A-Z]+|TZ|NO_COLOR|FORCE_COLOR|CLICOLOR|CI|TERM|COLUMNS|LINES|NODE_ENV|DEBUG|RUST_BACKTRACE|RUST_LOG|PYTHONUNBUFFERED|PYTHONDONTWRITEBYTECODE)$/.test(name);
}

/** Variables that choose the program that runs, or make programs run other code. */
export function steersExecution(name: string): boolean {
  return /^(PATH|IFS|ENV|BASH_ENV|SHELLOPTS|BASHOPTS|PS4|PROMPT_COMMAND|GLOBIGNORE|EXECIGNORE|BASH_LOADABLES_PATH|CDPATH|LD_[A-Z_]+|DYLD_[A-Z_]+|BASH_FUNC_.*|NODE_OPTIONS|PYTHONSTARTUP|PYTHONPATH|PERL5OPT|PERL5LIB|RUBYOPT|LESSOPEN|LESSCLOSE|GIT_EXTERNAL_DIFF|GIT_SSH|GIT_SSH_COMMAND|GIT_ASKPASS|SSH_ASKPASS|GIT_EXEC_PATH|GIT_CONFIG_.*|GIT_DIR|GIT_WORK_TREE|.*PAGER|.*EDITOR|VISUAL|BROWSER)$/.test(name);
}

/** Builtins that change what later words mean (aliases, traps, shell options, hashed paths). */
export const POISONING_BUILTINS = new Set(['alias', 'shopt', 'enable', 'hash', 'trap', 'set', 'unalias', 'bind', 'complete']);
/** Builtins that assign the variables named in their arguments. */
export const ASSIGNING_BUILTINS = new Set(['read', 'mapfile', 'readarray', 'getopts', 'printf', 'export', 'declare', 'typeset', 'local', 'readonly', 'unset', 'let']);


export function checkAssigningBuiltin(words: Word[], poison: (reason: string) => void): void {
  const name = words[0]!.text;
  if ((name === 'test' || name === '[') && words.some((w) => w.text === '-v' || w.text === '-R' || w.text.includes('['))) {
    poison(`\`${name} -v\` evaluates an array subscript, which can run code`);
  }
  if (!ASSIGNING_BUILTINS.has(name)) return;
  for (const w of words.slice(1)) {
    if (w.dynamic && name !== 'printf') { poison(`\`${name} ${w.raw}\` may assign any variable`); return; }
    if (w.text.includes('[') && (name !== 'printf' || words.some((x) => x.text === '-v'))) {
      poison(`\`${name} ${clip(w.text, 30)}\` evaluates an array subscript, which can run code`);
    }
    if (/^-[a-zA-Z]*i/.test(w.text) && ['declare', 'typeset', 'local', 'readonly', 'export'].includes(name)) {
      poison(`\`${name} -i\` makes later assignments arithmetic, which can run code`);
    }
    if (/^-[a-zA-Z]*n/.test(w.text) && (name === 'declare' || name === 'typeset' || name === 'local')) {
      poison(`\`${name} -n\` makes a name reference to another variable`);
    }
    const target = /^([A-Za-z_][A-Za-z0-9_]*)(\[|\+?=|$)/.exec(w.text);
    if (target && !harmlessVariable(target[1]!) && (name !== 'printf' || words.some((x) => x.text === '-v'))) {
      poison(`\`${name}\` assigns ${target[1]}, which changes how later commands run`);
    }
  }
}
