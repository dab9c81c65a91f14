// Variables and builtins that change how the rest of a line runs.

/**
 * Lower-case names programs read from their environment as settings: npm's configuration (pnpm,
 * yarn and bun read it too; `npm_config_node_options` becomes the scripts' NODE_OPTIONS) and proxies.
 */
const PROGRAM_SETTINGS = /^(npm|pnpm|yarn|bun)_|_proxy$/;

/**
 * Whether assigning a shell variable leaves how later commands run alone: a lower-case name is the
 * script's own unless programs read it as a setting (it may already be exported, and an exported
 * variable stays exported when assigned), an upper-case one only when harmlessInEnvironment.
 */
export function harmlessVariable(name: string): boolean {
  if (/^[a-z_][a-z0-9_]*$/.test(name)) return !PROGRAM_SETTINGS.test(name);
  return harmlessInEnvironment(name);
}

/**
 * Whether a variable put in a program's environment (`NAME=value program`, `export`, `declare -x`,
 * `env NAME=value`) changes nothing that matters: only those named here. Any other may be read as a
 * setting by the program or by what it starts (npm's `npm_config_*`, whatever case).
 */
export function harmlessInEnvironment(name: string): boolean {
  return /^(LANG|LANGUAGE|LC_[A-Z]+|TZ|NO_COLOR|FORCE_COLOR|CLICOLOR|CI|TERM|COLUMNS|LINES|NODE_ENV|DEBUG|RUST_BACKTRACE|RUST_LOG|PYTHONUNBUFFERED|PYTHONDONTWRITEBYTECODE)$/.test(
    name,
  );
}

/** Variables that choose the program that runs, or make programs run other code. */
export function steersExecution(name: string): boolean {
  return /^(PATH|IFS|ENV|BASH_ENV|SHELLOPTS|BASHOPTS|PS4|PROMPT_COMMAND|GLOBIGNORE|EXECIGNORE|BASH_LOADABLES_PATH|CDPATH|LD_[A-Z_]+|DYLD_[A-Z_]+|BASH_FUNC_.*|NODE_OPTIONS|PYTHONSTARTUP|PYTHONPATH|PERL5OPT|PERL5LIB|RUBYOPT|LESSOPEN|LESSCLOSE|GIT_EXTERNAL_DIFF|GIT_SSH|GIT_SSH_COMMAND|GIT_ASKPASS|SSH_ASKPASS|GIT_EXEC_PATH|GIT_CONFIG_.*|GIT_DIR|GIT_WORK_TREE|.*PAGER|.*EDITOR|VISUAL|BROWSER|SHELL)$/.test(
    name,
  );
}

/** Builtins that change what later words mean (aliases, traps, shell options, hashed paths, key bindings, completions). */
export const POISONING_BUILTINS = new Set([
  'alias',
  'shopt',
  'enable',
  'hash',
  'trap',
  'set',
  'unalias',
  'bind',
  'complete',
]);

/** `set` with only these options changes nothing the analysis relies on. */
export function harmlessSet(words: readonly { text: string; dynamic: boolean }[]): boolean {
  return words.every((w) => !w.dynamic && /^[-+][euxo]+$|^(pipefail|errexit|nounset|xtrace)$/.test(w.text));
}
