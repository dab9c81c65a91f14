// Where toolwright keeps what it stores for a workspace: outside it, in the user's state folder
// (`$XDG_STATE_HOME/toolwright/<sha-256 of the workspace's real path>`, else
// `~/.local/state/toolwright/…`), so nothing an agent can reach through the workspace (its files,
// a command in the sandbox, a cloned repository) is ever the toolkit's own state.
import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { lazyRequire, nodeCrypto } from '../startup/lazy-require.js';
import { ensureOwnFolder } from './own-files.js';

const nodeOs = lazyRequire<typeof import('node:os')>('node:os');

/** The folder every workspace's state folder is in: `$XDG_STATE_HOME/toolwright`, else `~/.local/state/toolwright`. */
export function stateRoot(env: NodeJS.ProcessEnv = process.env): string {
  // The XDG spec: a relative value is invalid and ignored.
  const xdg = env.XDG_STATE_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(path.resolve(xdg), 'toolwright');
  const home = env.HOME && path.isAbsolute(env.HOME) ? env.HOME : nodeOs().homedir();
  if (!home || !path.isAbsolute(home))
    throw new TypeError('no state folder: neither XDG_STATE_HOME nor a home folder is set; give the store a folder');
  return path.join(path.resolve(home), '.local', 'state', 'toolwright');
}

/**
 * The state folder of a workspace: `$XDG_STATE_HOME/toolwright/<sha-256 of its real path, hex>`
 * (else under `~/.local/state`). The embedded store's default folder; features that keep state of
 * their own for a workspace keep it here too. Only computes the path; `ensureStateFolder` creates it.
 */
export function stateFolderFor(workspace: string, env: NodeJS.ProcessEnv = process.env): string {
  const real = realPathOf(path.resolve(workspace));
  return path.join(stateRoot(env), nodeCrypto().createHash('sha256').update(real).digest('hex'));
}

/**
 * Creates (mode 0700) and checks the state folder of a workspace and returns its path: a folder of
 * this user that nobody else can write, outside the workspace (UNAVAILABLE or TypeError otherwise).
 */
export async function ensureStateFolder(workspace: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const folder = stateFolderFor(workspace, env);
  const conflict = folderConflict(folder, workspace);
  if (conflict) throw new TypeError(`the state folder ${folder} ${conflict}`);
  await ensureOwnFolder(path.dirname(folder), 'the state folder', { parents: true });
  await ensureOwnFolder(folder, 'the state folder');
  return folder;
}

/** The real path of `absolute`, or of its deepest existing folder with the rest appended. */
export function realPathOf(absolute: string): string {
  let existing = absolute;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(realpathSync(existing), ...rest);
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return absolute;
      rest.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

/** realPathOf without blocking the event loop. */
export async function realPathOfAsync(absolute: string): Promise<string> {
  let existing = absolute;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(await realpath(existing), ...rest);
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return absolute;
      rest.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

function inside(parent: string, child: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);
}

/**
 * Why a folder the toolkit would keep state in cannot be used with this workspace (it is inside
 * it, or holds it), as written or once links are resolved; undefined when it can.
 */
export function folderConflict(folder: string, workspace: string): string | undefined {
  const lexical = path.resolve(folder);
  const real = realPathOf(lexical);
  const roots = [...new Set([path.resolve(workspace), realPathOf(path.resolve(workspace))])];
  for (const root of roots) {
    if (inside(root, lexical) || inside(root, real))
      return `is inside the workspace ${root}, where the agent could read and change it; choose a folder outside the workspace`;
  }
  for (const root of roots) {
    if (inside(lexical, root) || inside(real, root))
      return `holds the workspace ${root}, so the agent could reach it; choose a folder outside the workspace`;
  }
  return undefined;
}
