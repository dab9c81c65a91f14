// Where toolwright keeps what it stores for a workspace: outside it, in the user's state folder
// (`$XDG_STATE_HOME/toolwright/<sha-256 of the workspace's real path>`, else
// `~/.local/state/toolwright/…`), so nothing an agent can reach through the workspace (its files,
// a command in the sandbox, a cloned repository) is ever the toolkit's own state.
import { lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { lstat, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';
import { ToolError } from '../contract/errors.js';
import { lazyRequire, nodeCrypto } from '../startup/lazy-require.js';
import { insideByMounts } from './mount-places.js';
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
  const chosen = realPathOf(folder);
  await checkStillWhereChosen(folder, 'the state folder', chosen);
  await ensureOwnFolder(path.dirname(folder), 'the state folder', { parents: true });
  await ensureOwnFolder(folder, 'the state folder');
  await checkStillWhereChosen(folder, 'the state folder', chosen);
  return folder;
}

/**
 * Before `folder` is made and once it is: throws UNAVAILABLE unless it is where it was resolved to
 * be when it was chosen (`chosen`, by default `folder` itself: its links resolved then), so a link put on its
 * path since (a missing part made a link into the workspace) moves nothing there.
 */
export async function checkStillWhereChosen(folder: string, display: string, chosen = folder): Promise<void> {
  const now = await realPathOfAsync(folder);
  if (now !== chosen)
    throw new ToolError(
      'UNAVAILABLE',
      `${display} ${folder} is now reached through a link (it resolves to ${now}): refused, nothing was read or written there; remove the link`,
      { path: folder },
    );
}

/** A question the link walk asks of the file system: is this entry a link, and if so, where to. */
type LinkQuestion = { path: string };
/** The link's text, null for an entry that is not a link, undefined for one that does not exist. */
type LinkAnswer = string | null | undefined;

/** More links than this on one path is a loop (the kernel's own bound). */
const MAX_LINKS = 40;

/**
 * Resolves `absolute` as the kernel would once its missing parts were made: every link followed,
 * a dangling one too (`mkdir -p` through it creates its target), the part from the first missing
 * entry on appended as written.
 */
function* linkWalk(absolute: string): Generator<LinkQuestion, string, LinkAnswer> {
  const root = path.parse(absolute).root;
  let resolved = root;
  const pending = absolute.slice(root.length).split(path.sep).filter(Boolean);
  let links = 0;
  while (pending.length > 0) {
    const name = pending.shift()!;
    if (name === '.') continue;
    if (name === '..') {
      resolved = path.dirname(resolved);
      continue;
    }
    const next = path.join(resolved, name);
    const target = yield { path: next };
    if (target === undefined) return path.join(next, ...pending);
    if (target === null) {
      resolved = next;
      continue;
    }
    if (++links > MAX_LINKS) return path.join(next, ...pending);
    if (path.isAbsolute(target)) resolved = path.parse(target).root;
    pending.unshift(
      ...target
        .slice(path.isAbsolute(target) ? path.parse(target).root.length : 0)
        .split(path.sep)
        .filter(Boolean),
    );
  }
  return resolved;
}

function linkAnswerSync(entry: string): LinkAnswer {
  try {
    return lstatSync(entry).isSymbolicLink() ? readlinkSync(entry) : null;
  } catch {
    return undefined;
  }
}

async function linkAnswer(entry: string): Promise<LinkAnswer> {
  try {
    return (await lstat(entry)).isSymbolicLink() ? await readlink(entry) : null;
  } catch {
    return undefined;
  }
}

/**
 * The real path of `absolute`; where part of it does not exist yet, the path its creation would
 * make: links followed, a dangling one to where it points, the rest appended.
 */
export function realPathOf(absolute: string): string {
  try {
    return realpathSync(absolute);
  } catch {
    const walk = linkWalk(absolute);
    for (let step = walk.next(); ; step = walk.next(linkAnswerSync(step.value.path))) if (step.done) return step.value;
  }
}

/** realPathOf without blocking the event loop. */
export async function realPathOfAsync(absolute: string): Promise<string> {
  try {
    return await realpath(absolute);
  } catch {
    const walk = linkWalk(absolute);
    for (let step = walk.next(); ; step = walk.next(await linkAnswer(step.value.path)))
      if (step.done) return step.value;
  }
}

function inside(parent: string, child: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);
}

/** The device and inode of an existing folder (links followed), or undefined. */
function identity(folder: string): string | undefined {
  try {
    const stats = statSync(folder, { bigint: true });
    return stats.ino === 0n ? undefined : `${stats.dev}:${stats.ino}`;
  } catch {
    return undefined;
  }
}

/** Whether `folder` or a folder above it is the folder `id` names, by another path (a bind mount, a second mount). */
function underFolder(folder: string, id: string): boolean {
  for (let at = folder; ; at = path.dirname(at)) {
    if (identity(at) === id) return true;
    if (path.dirname(at) === at) return false;
  }
}

/** The workspace's root paths: as given and resolved. */
function rootsOf(workspace: string): string[] {
  return [...new Set([path.resolve(workspace), realPathOf(path.resolve(workspace))])];
}

/**
 * The workspace root (as given or resolved) `folder` is inside, as written, once links are resolved
 * (a dangling one to where it points), or as the same folder reached by another path (a bind
 * mount of the workspace or of a folder inside it); undefined when it is not.
 */
export function workspaceHolding(folder: string, workspace: string): string | undefined {
  const lexical = path.resolve(folder);
  const real = realPathOf(lexical);
  const roots = rootsOf(workspace);
  const rootId = identity(roots[roots.length - 1]!);
  const held = roots.find(
    (root) => inside(root, lexical) || inside(root, real) || (rootId !== undefined && underFolder(real, rootId)),
  );
  if (held !== undefined) return held;
  // A bind mount of a folder inside the workspace is the same folder by another path.
  const realRoot = roots[roots.length - 1]!;
  return insideByMounts(realRoot, real) ? realRoot : undefined;
}

/**
 * Why a folder the toolkit would keep state in cannot be used with this workspace (it is inside
 * it, or holds it: see workspaceHolding); undefined when it can.
 */
export function folderConflict(folder: string, workspace: string): string | undefined {
  const root = workspaceHolding(folder, workspace);
  if (root !== undefined)
    return `is inside the workspace ${root}, where the agent could read and change it; choose a folder outside the workspace`;
  const lexical = path.resolve(folder);
  const real = realPathOf(lexical);
  const folderId = identity(real);
  for (const root of rootsOf(workspace)) {
    if (inside(lexical, root) || inside(real, root) || (folderId !== undefined && underFolder(root, folderId)))
      return `holds the workspace ${root}, so the agent could reach it; choose a folder outside the workspace`;
  }
  return undefined;
}
