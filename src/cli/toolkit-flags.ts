// The flags every verb shares, and the checks of them a server makes before its tools load: light
// (no runtime module), so `toolwright mcp` can answer `initialize` before the rest is loaded.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { storeSpec } from './store.js';
import { UsageError } from './usage.js';

export interface ToolkitFlags {
  workspace?: string;
  allowPrivateNetwork?: boolean;
  policy?: string;
  profile?: string[];
  tasksFile?: string;
  /** --store URL (default: TOOLWRIGHT_STORE_URL). */
  store?: string;
  listAllTools?: boolean;
  sandbox?: 'none' | 'workspace-write' | 'read-only';
  /** --max-jobs: background jobs one principal runs at once. */
  maxJobs?: number;
  /** --network MODE: none or all (the host's network) for sandboxed bash. */
  network?: 'none' | 'all';
  /** --network-allow HOST (repeatable, or comma-separated): the proxy's allow list. */
  networkAllow?: string[];
  /** --network-methods read|all. */
  networkMethods?: 'read' | 'all';
  /** --network-allow-private. */
  networkAllowPrivate?: boolean;
  /** --network-credential ENV=HOST[,HOST…] (repeatable). */
  networkCredential?: string[];
  /** --no-checkpoints: false; file changes are recorded for undo otherwise. */
  checkpoints?: boolean;
  /** --checkpoint-bash: bash calls bracketed by workspace snapshots. */
  checkpointBash?: boolean;
  /** --provider modules (repeatable), served beside the reference providers. */
  provider?: string[];
}

/** The --workspace folder (default: the current one), absolute; a usage error unless it is a folder. */
export function workspaceFolder(flags: ToolkitFlags): string {
  const workspace = resolve(flags.workspace ?? process.cwd());
  let isDir = false;
  try {
    isDir = statSync(workspace).isDirectory();
  } catch {
    /* reported below */
  }
  if (!isDir) throw new UsageError(`--workspace ${workspace}: not an existing folder`);
  return workspace;
}

/**
 * Whether toolkitOptions can report a usage error beyond a bad --workspace (a policy file, a profile
 * or a provider module to check): if not, a server may build the options after it is up.
 */
export function needsCheckedOptions(flags: ToolkitFlags): boolean {
  return (
    flags.policy !== undefined ||
    flags.profile !== undefined ||
    (flags.provider?.length ?? 0) > 0 ||
    storeSpec(flags.store) !== undefined ||
    flags.network !== undefined ||
    flags.networkAllow !== undefined ||
    flags.networkMethods !== undefined ||
    flags.networkAllowPrivate === true ||
    flags.networkCredential !== undefined
  );
}
