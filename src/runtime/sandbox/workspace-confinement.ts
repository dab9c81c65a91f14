import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { HandlerContext } from '../contract/types.js';
import { locateRipgrep } from './ripgrep-path.js';
import type { HelperSpec } from './confined-helper.js';
import { probeSandbox } from './probe.js';

/**
 * Whether the programs toolwright runs on the workspace (rg for grep, git for shell_read's checks)
 * run confined, and in which sandbox: wherever bubblewrap works here (probed once per process),
 * whatever `exec.sandbox` says. Undefined means no sandbox can start here, and they run directly.
 * One spec per workspace, so rg and git share one helper.
 */
export async function workspaceConfinement(ctx: HandlerContext): Promise<HelperSpec | undefined> {
  const probe = await probeSandbox(ctx.services.exec.bwrapPath);
  if (!probe.ok) return undefined;
  // The PATH commands get (exec.env may set it); git is looked up in it.
  const set = ctx.services.exec.env;
  const pathVar = (set && 'PATH' in set ? set.PATH : process.env.PATH) || '/usr/local/bin:/usr/bin:/bin';
  const rgDir = await locateRipgrep().then(
    (rg) => path.dirname(realRg(rg)),
    () => undefined,
  );
  return {
    bwrap: probe.bwrap,
    pathVar,
    view: { workspace: ctx.workspace.root, readOnly: rgDir ? [rgDir] : [], pathVar },
  };
}

const realPaths = new Map<string, string>();

/** The rg binary's real path (its folder is what the sandbox shows; a symlink to it would dangle). */
export function realRg(rgPath: string): string {
  let real = realPaths.get(rgPath);
  if (real === undefined) {
    try {
      real = realpathSync(rgPath);
    } catch {
      real = rgPath;
    }
    realPaths.set(rgPath, real);
  }
  return real;
}
