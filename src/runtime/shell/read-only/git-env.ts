// The environment shell_read runs a line with: configuration from the environment that outranks a
// repository's own .git/config (and, passed on by git, the config of every submodule it enters),
// and the host variables removed that would make git, bash or the allowed programs run code or
// write files the classifier never saw.

/** Settings git reads from GIT_CONFIG_KEY_n/VALUE_n: command-line scope, above every config file. */
const GIT_OVERRIDES: [string, string][] = [
  ['core.fsmonitor', 'false'],
  ['core.pager', 'cat'],
  ['core.hooksPath', '/dev/null'],
  ['core.editor', 'false'],
  ['sequence.editor', 'false'],
  ['credential.helper', ''],
  ['core.askPass', 'false'],
  ['protocol.allow', 'never'],
  ['log.showSignature', 'false'],
  ['core.alternateRefsCommand', ''],
  ['core.sshCommand', 'false'],
  ['uploadpack.packObjectsHook', ''],
  // `git log --format=%G?` (also %GS, %GK…) verifies a commit's signature by running gpg.program.
  ['gpg.program', 'false'],
  ['gpg.openpgp.program', 'false'],
  ['gpg.x509.program', 'false'],
  ['gpg.ssh.program', 'false'],
  // Where git would enter a submodule on its own: summaries in status, submodule diffs, recursion.
  ['status.submoduleSummary', 'false'],
  ['diff.submodule', 'short'],
  ['submodule.recurse', 'false'],
];

/** git variables from the host that stay: the user's own config files and identity. */
const KEEP_GIT = new Set([
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
  'GIT_CONFIG_NOSYSTEM',
  'GIT_AUTHOR_NAME',
  'GIT_AUTHOR_EMAIL',
  'GIT_AUTHOR_DATE',
  'GIT_COMMITTER_NAME',
  'GIT_COMMITTER_EMAIL',
  'GIT_COMMITTER_DATE',
  'GIT_CEILING_DIRECTORIES',
  'GIT_DISCOVERY_ACROSS_FILESYSTEM',
]);

/**
 * Startup files, exported functions and settings that would make bash, rg or grep run or read code
 * the classifier never saw, or change how an option is read (POSIXLY_CORRECT stops GNU option
 * permutation, CDPATH moves cd).
 */
const REMOVED = new Set([
  'BASH_ENV',
  'ENV',
  'SHELLOPTS',
  'BASHOPTS',
  'GLOBIGNORE',
  'CDPATH',
  'POSIXLY_CORRECT',
  'RIPGREP_CONFIG_PATH',
  'GREP_OPTIONS',
]);

/** The fixed part: what every shell_read run sets. */
export const GIT_HARDENING_ENV: Readonly<Record<string, string | undefined>> = (() => {
  const env: Record<string, string | undefined> = {
    GIT_CONFIG_COUNT: String(GIT_OVERRIDES.length),
    GIT_PAGER: 'cat',
    PAGER: 'cat',
    GIT_TERMINAL_PROMPT: '0',
    // Reads that would refresh and write the index (git status) leave it alone.
    GIT_OPTIONAL_LOCKS: '0',
  };
  GIT_OVERRIDES.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  for (const name of REMOVED) env[name] = undefined;
  return Object.freeze(env);
})();

/**
 * The environment changes for a run, given the names the command would otherwise inherit (the
 * host's and the toolkit's exec.env): every other GIT_* variable (GIT_DIR, GIT_CONFIG_PARAMETERS,
 * GIT_EXTERNAL_DIFF, GIT_SSH_COMMAND, GIT_ASKPASS, GIT_TRACE…, GIT_INDEX_FILE…) and every exported
 * bash function is removed, then the fixed settings apply.
 */
export function shellReadEnv(inherited: Iterable<string>): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const name of inherited) {
    if ((name.startsWith('GIT_') && !KEEP_GIT.has(name)) || name.startsWith('BASH_FUNC_') || name === 'SSH_ASKPASS')
      env[name] = undefined;
  }
  return { ...env, ...GIT_HARDENING_ENV };
}
