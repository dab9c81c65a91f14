// exec.bash: a command line in bash, in the foreground (its output when it ends) or as a background
// job (bash_output reads it, bash_write types into it, bash_kill ends it); in a pseudo-terminal with
// pty: true (a foreground one returns early when it waits for input); in the configured sandbox, if any.
import { limits } from '../../generated/registry.js';
import type { BashParams, BashResult } from '../../generated/types.js';
import { ToolError, throwIfAborted } from '../../runtime/contract/errors.js';
import { withText, type Rendered } from '../../runtime/contract/handler.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import { startJob } from './jobs/job-table.js';
import { startStoreJob } from './jobs/store-jobs.js';
import { runInTerminal } from './run/interactive.js';
import { commandSandbox, prepareCommand, runCommand } from './run/runner.js';

/** What a command that changed files says of its checkpoint (foreground text, a job's notes). */
function filesChanged(checkpoint: string | number): string {
  return `files changed: checkpoint ${checkpoint}; checkpoint_restore undoes it`;
}

/** The snapshots around a command with checkpoints.bash (read in the commands' sandbox, if any). */
async function bracketOf(ctx: HandlerContext, command: string) {
  if (!ctx.services.checkpoints?.bash) return undefined;
  return ctx.checkpoint?.command(command, await commandSandbox(ctx));
}

export async function bash(params: BashParams, ctx: HandlerContext): Promise<Rendered<BashResult>> {
  // A terminal belongs to the process that opened it: its job could not be read or written through
  // another replica, so with a shared store a pty is refused rather than half shared.
  if (params.pty && ctx.services.jobs)
    throw new ToolError(
      'UNAVAILABLE',
      'pty: true is not available when background jobs are shared through a store (a terminal lives in one process); run the command without pty',
    );
  if (!params.run_in_background) {
    // With checkpoints.bash, snapshots of the workspace before and after the command make it undoable.
    const bracket = await bracketOf(ctx, params.command);
    let rendered: Rendered<BashResult> | undefined;
    try {
      rendered = params.pty
        ? await runInTerminal(ctx, {
            command: params.command,
            cwd: params.cwd,
            timeoutMs: params.timeout_ms,
            maxTimeoutMs: limits.bash.timeout_ms.maximum,
            timeoutGiven: !ctx.defaulted.has('timeout_ms'),
          })
        : await runCommand(ctx, {
            command: params.command,
            cwd: params.cwd,
            timeoutMs: params.timeout_ms,
            maxTimeoutMs: limits.bash.timeout_ms.maximum,
          });
    } finally {
      const id = await bracket?.finish();
      if (id !== undefined && rendered) rendered = withText(rendered.output, `${rendered.text}\n(${filesChanged(id)})`);
    }
    return rendered;
  }
  throwIfAborted(ctx.signal);
  // A background job is bracketed the same way: its checkpoint is recorded once it has ended.
  const bracket = await bracketOf(ctx, params.command);
  const prepared = await prepareCommand(ctx, { command: params.command, cwd: params.cwd });
  if (bracket)
    prepared.afterJob = async () => {
      const id = await bracket.finish();
      return id === undefined ? [] : [`[${filesChanged(id)}]`];
    };
  // A background job has no timeout unless the caller gave one (the catalog's default is the foreground's).
  const timeoutMs = ctx.defaulted.has('timeout_ms') ? undefined : params.timeout_ms;
  const jobs = ctx.services.jobs;
  let job;
  try {
    job = jobs
      ? await startStoreJob(ctx, jobs, prepared, timeoutMs)
      : await startJob(ctx, prepared, timeoutMs, { terminal: params.pty === true });
  } catch (error) {
    await prepared.release();
    throw error;
  }
  const result: BashResult = {
    exit_code: null,
    signal: null,
    stdout: '',
    stderr: '',
    timed_out: false,
    truncated: false,
    duration_ms: 0,
    job_id: job.id,
  };
  const sandboxed = prepared.settings.mode === 'none' ? '' : ` in the ${prepared.settings.mode} sandbox`;
  return withText(
    result,
    `started in the background as ${job.id}${params.pty ? ' in a terminal' : ''}${sandboxed}` +
      (timeoutMs === undefined ? ' (no timeout)' : ` (killed after ${timeoutMs} ms)`) +
      `. Read its output with bash_output {"job_id": "${job.id}"} (add wait_ms to wait for more); type into its input with bash_write; stop it with bash_kill {"job_id": "${job.id}"}.`,
  );
}
