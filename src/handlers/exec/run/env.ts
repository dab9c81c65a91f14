import { ToolError } from '../../../runtime/contract/errors.js';
import { secretClass } from './secrets.js';

/**
 * The environment a command sees: the host's, without variables that hold credentials (by name or
 * by value, see secrets.ts), plus non-interactive settings, plus what the toolkit's `exec` options
 * set, remove or let through.
 */

/** Settings that keep tools from waiting on a terminal nobody watches. */
export const NON_INTERACTIVE_ENV = { PAGER: 'cat', GIT_PAGER: 'cat', TERM: 'dumb' } as const;

/** Set on every command so its processes can be found at kill time even after they left its session. */
export const EXEC_MARKER_VAR = 'TOOLWRIGHT_EXEC_MARKER';

export interface EnvOptions {
  /** Variables to set (string) or remove (undefined). Set values always reach the command. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Host variables let through although their names look secret: exact names or `*` globs (`['*']`: all). */
  inheritEnv?: readonly string[];
}

/** True when a host variable like this is held back unless inheritEnv lets it through. */
export function looksSecret(name: string, value = ''): boolean {
  return secretClass(name, value) !== undefined;
}

/** Compiles `inheritEnv` entries (`GITHUB_TOKEN`, `AWS_*`, `*`) into one case-sensitive matcher. */
function compileInherit(patterns: readonly string[] | undefined): (name: string) => boolean {
  if (!patterns || patterns.length === 0) return () => false;
  const exact = new Set<string>();
  const globs: RegExp[] = [];
  for (const pattern of patterns) {
    if (typeof pattern !== 'string' || pattern === '') {
      throw new ToolError(
        'INVALID_INPUT',
        `exec.inheritEnv entries must be variable names or * globs, got ${JSON.stringify(pattern)}`,
      );
    }
    if (!pattern.includes('*')) exact.add(pattern);
    else globs.push(new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`));
  }
  return (name) => exact.has(name) || globs.some((glob) => glob.test(name));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The command's environment: host variables minus credentials (unless inherited by name),
 * the non-interactive settings, then `env` (undefined removes, a string sets; set wins over the filter).
 */
export function commandEnv(options: EnvOptions, host: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const inherit = compileInherit(options.inheritEnv);
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(host)) {
    if (value === undefined) continue;
    if (looksSecret(name, value) && !inherit(name)) continue;
    env[name] = value;
  }
  Object.assign(env, NON_INTERACTIVE_ENV);
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (name === '' || name.includes('=') || name.includes('\0') || (value !== undefined && value.includes('\0'))) {
      throw new ToolError(
        'INVALID_INPUT',
        `exec.env has an invalid variable ${JSON.stringify(name)}: names cannot be empty or hold "=", and neither names nor values a NUL byte`,
      );
    }
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  // The marker is ours: a host or option value of that name would let a command pose as another call.
  delete env[EXEC_MARKER_VAR];
  return env;
}
