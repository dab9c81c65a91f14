// exec.shell_read: a command line the classifier proves read-only, run by the bash runner.
import { ToolError, throwIfAborted } from '../../runtime/errors.js';
import type { Rendered } from '../../runtime/handler.js';
import { loadBashParser } from '../../runtime/policy/shell/parser.js';
import { classifyReadOnly } from '../../runtime/policy/shell/read-only.js';
import { clip } from '../../runtime/policy/shell/words.js';
import { GIT_HARDENING_ENV } from '../../runtime/policy/shell/read-only-git.js';
import type { HandlerContext } from '../../runtime/types.js';
import type { ShellReadParams, ShellReadResult } from '../../generated/types.js';
import { commandEnv } from './env.js';
import { resolveCwd, runCommand } from './runner.js';
import { repositoryDriver } from './shell-read-git.js';
import { probeSandbox } from './sandbox.js';
import { workspaceConfinement } from './workspace-confinement.js';

/** What shell_read answers for a line it will not run, naming the command and why. */
function refused(command: string, reason: string): ToolError {
  return new ToolError(
    'INVALID_INPUT',
    `shell_read refused \`${command}\`: ${reason}. shell_read runs only read-only inspection commands; use bash for this (the policy decides whether it may run).`,
    { command, reason },
  );
}

export async function shellRead(params: ShellReadParams, ctx: HandlerContext): Promise<Rendered<ShellReadResult>> {
  try {
    await loadBashParser();
  } catch (error) {
    throw new ToolError('UNAVAILABLE', `shell_read needs the bash parser (tree-sitter-bash), which could not be loaded: ${(error as Error).message}; reinstall the package's dependencies`);
  }
  throwIfAborted(ctx.signal);
  const verdict = classifyReadOnly(params.command);
  if (!verdict.ok) throw refused(verdict.command, verdict.reason);
  // A second wall for git: configuration that runs helpers is overridden from the environment.
  const exec = { ...ctx.services.exec, env: { ...ctx.services.exec.env, ...GIT_HARDENING_ENV } };
  if (verdict.programs.includes('git')) {
    // The repository git reads is the one at cwd: a `cd` in the same line could reach another.
    if (verdict.programs.includes('cd')) throw refused(clip(params.command), 'git and cd in one line are not accepted (git would read another repository than the one checked); set cwd instead');
    const driver = await repositoryDriver(await resolveCwd(params.cwd, ctx), commandEnv(exec), await workspaceConfinement(ctx));
    if (driver) throw refused(clip(params.command), `the repository config defines ${driver}, a driver git runs as a program on reads like status and diff`);
  }
  const runCtx: HandlerContext = Object.create(ctx, { services: { value: Object.freeze({ ...ctx.services, exec: Object.freeze(exec) }) } });
  // The second wall: where bubblewrap works, the command also runs in an offline sandbox that
  // shows it the workspace only, read-only (whatever the toolkit's own exec.sandbox says); where it
  // does not, the classifier alone decides.
  const sandboxed = (await probeSandbox(exec.bwrapPath)).ok;
  return runCommand(runCtx, {
    command: params.command,
    ...(params.cwd !== undefined ? { cwd: params.cwd } : {}),
    ...(params.timeout_ms !== undefined ? { timeoutMs: params.timeout_ms } : {}),
    sandbox: sandboxed ? { mode: 'read-only', network: false } : 'none',
    workspaceOnly: true,
  });
}
