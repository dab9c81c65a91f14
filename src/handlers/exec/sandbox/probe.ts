// Whether bubblewrap can start here: probed once per binary and cached. Nothing runs unsandboxed
// when a sandbox was asked for: a probe failure is UNAVAILABLE with the reason and the fix.
import { execFile } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { ToolError } from '../../../runtime/errors.js';
import { withoutInheritedFds } from '../process/inherited-fds.js';
import type { SandboxMode } from './settings.js';

export type ProbeResult =
  | { ok: true; bwrap: string }
  /** `transient`: the check did not finish in time (a loaded machine), so it is not cached. */
  | { ok: false; reason: string; fix: string; transient?: boolean };

const INSTALL_FIX =
  'install the bubblewrap package (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap), or set exec.bwrapPath';
const USERNS_FIX =
  'user namespaces are disabled: enable them with sysctl -w kernel.unprivileged_userns_clone=1 (Debian), ' +
  'user.max_user_namespaces=15000, or on Ubuntu 24.04+ kernel.apparmor_restrict_unprivileged_userns=0 (or an AppArmor profile for bwrap); ' +
  'in a container, run it with --security-opt seccomp=unconfined or give it CAP_SYS_ADMIN';

const probes = new Map<string, Promise<ProbeResult>>();
const PROBE_TIMEOUT_MS = 10_000;

/** Whether bwrap starts here with the namespaces we use; run once per binary and cached. */
export function probeSandbox(bwrapPath?: string): Promise<ProbeResult> {
  const key = bwrapPath ?? '';
  let probe = probes.get(key);
  if (!probe) {
    probe = runProbe(bwrapPath);
    probes.set(key, probe);
    // A check cut short by its timeout says nothing about bwrap: the next command checks again.
    void probe.then((result) => {
      if (!result.ok && result.transient && probes.get(key) === probe) probes.delete(key);
    });
  }
  return probe;
}

async function runProbe(bwrapPath: string | undefined): Promise<ProbeResult> {
  if (process.platform !== 'linux') {
    return {
      ok: false,
      reason: `the sandbox uses Linux bubblewrap and this is ${process.platform}`,
      fix: "run on Linux, or use sandbox 'none'",
    };
  }
  const bwrap = bwrapPath ?? findOnPath('bwrap');
  if (!bwrap || !isExecutable(bwrap)) {
    return {
      ok: false,
      reason: bwrapPath
        ? `${bwrapPath} is not an executable file`
        : 'bwrap (bubblewrap) is not installed or not on PATH',
      fix: INSTALL_FIX,
    };
  }
  const args = [
    '--die-with-parent',
    '--unshare-all',
    '--cap-drop',
    'ALL',
    '--ro-bind',
    '/',
    '/',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    'true',
  ];
  const outcome = await new Promise<{ code: number | string | null; stderr: string; killed: boolean }>((resolve) => {
    const [file, argv] = withoutInheritedFds(bwrap, args);
    execFile(file, argv, { timeout: PROBE_TIMEOUT_MS, windowsHide: true }, (error, _stdout, stderr) => {
      resolve({
        code: error ? ((error as NodeJS.ErrnoException).code ?? 'failed') : 0,
        stderr: String(stderr).trim(),
        killed: error?.killed === true,
      });
    });
  });
  if (outcome.code === 0) return { ok: true, bwrap };
  if (outcome.killed)
    return {
      ok: false,
      reason: `bwrap did not finish its start-up check within ${PROBE_TIMEOUT_MS / 1000} s (the machine may be overloaded)`,
      fix: 'retry; if it persists, check that bubblewrap works here: bwrap --ro-bind / / --unshare-all true',
      transient: true,
    };
  if (outcome.code === 'ENOENT' || outcome.code === 'EACCES')
    return { ok: false, reason: `${bwrap} cannot be run (${outcome.code})`, fix: INSTALL_FIX };
  const said = outcome.stderr || `exit ${outcome.code}`;
  if (/namespace|uid map|setting up uid|Operation not permitted|Permission denied/i.test(said)) {
    return { ok: false, reason: `bwrap could not create its namespaces: ${said}`, fix: USERNS_FIX };
  }
  return {
    ok: false,
    reason: `bwrap failed its start-up check: ${said}`,
    fix: 'check that bubblewrap works here: bwrap --ro-bind / / --unshare-all true',
  };
}

/** The UNAVAILABLE error for a sandbox that was asked for and cannot start. */
export function sandboxUnavailable(mode: SandboxMode, probe: Extract<ProbeResult, { ok: false }>): ToolError {
  return new ToolError(
    'UNAVAILABLE',
    `the ${mode} sandbox cannot start, so the command was not run: ${probe.reason}. Fix: ${probe.fix}`,
    {
      reason: probe.reason,
      fix: probe.fix,
    },
  );
}

function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
