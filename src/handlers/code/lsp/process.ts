// Starting a language server: in the workspace's confinement sandbox where bubblewrap works (the
// workspace read-only, no network, a PID namespace that dies with it), else directly for a server
// installed outside the workspace. Either way in a process group of its own, killed whole, and
// killed when this process exits.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ToolError } from '../../../runtime/errors.js';
import { confinedArgs } from '../../exec/confinement/view.js';
import { signalGroup, trackGroup, untrackGroup } from '../../exec/process/process-group.js';
import { withoutInheritedFds } from '../../exec/process/inherited-fds.js';
import { probeSandbox } from '../../exec/sandbox/probe.js';
import type { ServerSpec } from '../discovery.js';

export interface ServerProcess {
  readonly child: ChildProcess;
  /** True when it runs in the sandbox (then `initialize` sends no process id: its namespace has other pids). */
  readonly confined: boolean;
  /** Kills the whole group (idempotent). */
  kill(): void;
}

/** What a server may read from the host's environment: nothing that could hold a credential. */
function serverEnv(pathVar: string, confined: boolean): Record<string, string> {
  const env: Record<string, string> = { PATH: pathVar, LANG: process.env.LANG ?? 'C.UTF-8' };
  // Confined, /tmp is the sandbox's own; unconfined, the server's caches stay where the user's are.
  env.HOME = confined ? '/tmp' : (process.env.HOME ?? '/tmp');
  if (!confined && process.env.TMPDIR) env.TMPDIR = process.env.TMPDIR;
  return env;
}

export async function startServer(
  spec: ServerSpec,
  workspace: string,
  options: { bwrapPath?: string; pathVar: string },
): Promise<ServerProcess> {
  const probe = await probeSandbox(options.bwrapPath);
  if (!probe.ok && spec.fromWorkspace) {
    throw new ToolError(
      'UNAVAILABLE',
      `${spec.name} is installed inside the workspace and no sandbox can start here (${probe.reason}), so it is not run: ${probe.fix}; or install it beside toolwright or on PATH`,
    );
  }
  const confined = probe.ok;
  const env = serverEnv(options.pathVar, confined);
  let file: string;
  let argv: string[];
  if (probe.ok) {
    const args = confinedArgs({
      workspace,
      readOnly: [path.dirname(process.execPath), ...spec.readOnly],
      pathVar: options.pathVar,
      env,
    });
    args.push('--clearenv');
    for (const [name, value] of Object.entries(env)) args.push('--setenv', name, value);
    args.push('--chdir', workspace, '--', ...spec.argv);
    [file, argv] = withoutInheritedFds(probe.bwrap, args);
  } else {
    [file, argv] = withoutInheritedFds(spec.argv[0]!, spec.argv.slice(1));
  }
  const child = spawn(file, argv, {
    cwd: workspace,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
    // Its own process group (and session): killed whole, and a Ctrl-C in the host's terminal is the host's.
    detached: true,
    windowsHide: true,
  });
  const pid = child.pid;
  if (pid === undefined) {
    const error = await new Promise<Error>((resolve) => child.once('error', resolve));
    throw new ToolError('UNAVAILABLE', `${spec.name} could not be started: ${error.message}`);
  }
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    signalGroup(pid, 'SIGKILL');
    untrackGroup(pid);
  };
  trackGroup(pid, () => signalGroup(pid, 'SIGKILL'));
  child.once('exit', () => {
    // The leader's end: what it started in its group goes with it (bwrap's namespace does that itself).
    signalGroup(pid, 'SIGKILL');
    untrackGroup(pid);
  });
  child.unref();
  return { child, confined, kill };
}
