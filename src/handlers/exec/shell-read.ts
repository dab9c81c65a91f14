// exec.shell_read: a command line the classifier proves read-only, run by the bash runner.
import { ToolError, throwIfAborted } from '../../runtime/errors.js';
import type { Rendered } from '../../runtime/handler.js';
import { loadBashParser } from '../../runtime/policy/shell/parser.js';
import { classifyReadOnly } from '../../runtime/policy/shell/read-only.js';
import { shellReadEnv } from '../../runtime/policy/shell/read-only-git.js';
import { clip } from '../../runtime/policy/shell/words.js';
import { isInside } from '../../runtime/workspace.js';
import type { HandlerContext } from '../../runtime/types.js';
import { limits } from '../../generated/registry.js';
import type { ShellReadParams, ShellReadResult } from '../../generated/types.js';
import { commandEnv } from './run/env.js';
import { resolveCwd, runCommand } from './run/runner.js';
import { checkRepositories, gitScanner } from './shell-read/git-repositories.js';
import { checkReach } from './shell-read/path-rules.js';
import { pathsOutside } from './shell-read/workspace-paths.js';
import { probeSandbox } from './sandbox/probe.js';
import { workspaceConfinement } from './confinement/workspace.js';

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
    throw new ToolError(
      'UNAVAILABLE',
      `shell_read needs the bash parser (tree-sitter-bash), which could not be loaded: ${(error as Error).message}; reinstall the package's dependencies`,
    );
  }
  throwIfAborted(ctx.signal);
  const base = ctx.services.exec;
  // Where bubblewrap works, the command also runs in an offline sandbox that shows it the workspace
  // only, read-only (whatever the toolkit's own exec.sandbox says); where it does not, only the
  // strict subset is accepted.
  const sandboxed = (await probeSandbox(base.bwrapPath)).ok;
  const cwd = await resolveCwd(params.cwd, ctx);
  const root = ctx.workspace.root;
  const verdict = classifyReadOnly(params.command, { strict: !sandboxed, root, cwd });
  if (!verdict.ok) throw refused(verdict.command, verdict.reason);
  if (!sandboxed) {
    const outside = await pathsOutside(verdict.paths, root);
    if (outside) throw refused(clip(params.command), outside);
  }
  // A second wall for git, bash and rg: configuration that runs helpers is overridden or removed.
  const exec = {
    ...base,
    env: { ...base.env, ...shellReadEnv([...Object.keys(process.env), ...Object.keys(base.env ?? {})]) },
  };
  let top: string | undefined;
  if (verdict.programs.includes('git')) {
    // The repository git reads is the one at cwd: a `cd` in the same line could reach another.
    if (verdict.programs.includes('cd'))
      throw refused(
        clip(params.command),
        'git and cd in one line are not accepted (git would read another repository than the one checked); set cwd instead',
      );
    const check = await checkRepositories(cwd, commandEnv(exec), root, ctx.signal, await workspaceConfinement(ctx));
    top = check.top;
    if (check.problem) throw refused(clip(params.command), check.problem);
    if (!sandboxed && check.top !== undefined && !isInside(root, check.top)) {
      throw refused(
        clip(params.command),
        `git would read the repository at ${check.top}, outside the workspace; without a sandbox shell_read reads only inside the workspace`,
      );
    }
  }
  // Path rules: the policy decided every path the line names; what its programs walk and what its
  // git may print of the repository are checked here, against the workspace and the repository.
  if (ctx.hiddenPaths) {
    const confine = await workspaceConfinement(ctx);
    await checkReach(
      {
        command: clip(params.command),
        reads: verdict.reads,
        git: verdict.git,
        root,
        top,
        scanner: () => gitScanner(commandEnv(exec), root, ctx.signal, confine),
        lister: (program) => gitScanner(commandEnv(exec), root, ctx.signal, confine, undefined, program),
      },
      ctx.hiddenPaths,
      ctx.signal,
    );
  }
  const runCtx = Object.create(ctx, {
    services: { value: Object.freeze({ ...ctx.services, exec: Object.freeze(exec) }) },
  }) as HandlerContext;
  return runCommand(runCtx, {
    command: params.command,
    ...(params.cwd !== undefined ? { cwd: params.cwd } : {}),
    timeoutMs: params.timeout_ms,
    maxTimeoutMs: limits.shell_read.timeout_ms.maximum,
    sandbox: sandboxed ? { mode: 'read-only', network: false } : 'none',
    workspaceOnly: true,
  });
}
