// What a store URL names: PostgreSQL (`postgres://…`) or an embedded store in a folder (`file:` URL,
// a path, or `embedded` for the workspace's state folder, outside it). Also how a URL is shown:
// never with its password, whatever form it takes (userinfo or `?password=`).
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { folderConflict, stateFolderFor } from '../fs/state-folder.js';

export type StoreTarget =
  | { engine: 'postgres'; url: string; location: string; secrets: string[] }
  | {
      engine: 'embedded';
      folder: string;
      location: string;
      /** The workspace's old in-workspace store, moved into `folder` on first open (`embedded` only). */
      legacy?: string;
    };

/** Where earlier versions kept the embedded store, inside the workspace; moved out on first open. */
export const LEGACY_STORE_FOLDER = join('.toolwright', 'store');

const POSTGRES_SCHEMES = ['postgres:', 'postgresql:'];
const HINT =
  'postgres://user:password@host:5432/database, a folder path outside the workspace, file:///folder, or "embedded"';

/** A store spec that cannot be used: the message names the problem, never a password. */
export class StoreUrlError extends TypeError {}

/** An embedded store's folder inside the workspace it serves (or holding it): refused. */
export class StoreFolderError extends StoreUrlError {
  readonly code = 'STORE_INSIDE_WORKSPACE';
}

/**
 * What `spec` names. A relative folder is relative to `workspaceRoot`, and `embedded` is that
 * workspace's state folder. With `confineTo` (a workspace), a folder inside it or holding it is a
 * StoreFolderError.
 */
export function parseStoreUrl(spec: string, workspaceRoot: string, confineTo?: string): StoreTarget {
  const target = parseSpec(spec, workspaceRoot);
  if (target.engine === 'embedded' && confineTo !== undefined) checkStoreFolder(target.folder, confineTo);
  return target;
}

/** Throws StoreFolderError when an embedded store's folder is inside the workspace or holds it. */
export function checkStoreFolder(folder: string, workspace: string): void {
  const conflict = folderConflict(folder, workspace);
  if (!conflict) return;
  const old = resolve(folder) === join(resolve(workspace), LEGACY_STORE_FOLDER);
  throw new StoreFolderError(
    `the store folder ${folder} ${conflict}${old ? ' (use "embedded": the store kept there by earlier versions is then moved to the workspace\'s state folder)' : ''}`,
  );
}

function parseSpec(spec: string, workspaceRoot: string): StoreTarget {
  if (typeof spec !== 'string' || spec.trim() === '') throw new StoreUrlError(`the store URL is empty; give ${HINT}`);
  if (spec.includes('\0')) throw new StoreUrlError('the store URL contains a NUL character');
  if (spec === 'embedded') {
    let folder: string;
    try {
      folder = stateFolderFor(workspaceRoot);
    } catch (error) {
      throw new StoreUrlError((error as Error).message);
    }
    return { engine: 'embedded', folder, location: folder, legacy: join(resolve(workspaceRoot), LEGACY_STORE_FOLDER) };
  }
  const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(spec)?.[1]?.toLowerCase();
  if (scheme !== undefined && POSTGRES_SCHEMES.includes(scheme)) return postgresTarget(spec);
  if (scheme === 'file:') {
    let folder: string;
    try {
      folder = fileURLToPath(spec);
    } catch (error) {
      throw new StoreUrlError(
        `the store URL ${JSON.stringify(spec)} is not a usable file: URL (${(error as Error).message})`,
      );
    }
    return { engine: 'embedded', folder, location: folder };
  }
  // A scheme of two letters or more is a URL of a kind we do not serve (a drive letter is one).
  if (scheme !== undefined && scheme.length > 2 && /^[a-z][a-z0-9+.-]*:\/\//i.test(spec)) {
    throw new StoreUrlError(`the store URL scheme ${scheme.slice(0, -1)} is not supported; give ${HINT}`);
  }
  const folder = isAbsolute(spec) ? resolve(spec) : resolve(workspaceRoot, spec);
  return { engine: 'embedded', folder, location: folder };
}

function postgresTarget(spec: string): StoreTarget {
  let url: URL;
  try {
    url = new URL(spec);
  } catch {
    // The spec itself may hold a password: it is not repeated.
    throw new StoreUrlError(`the store URL is not a valid URL; give ${HINT}`);
  }
  const secrets = [url.password, safeDecode(url.password), url.searchParams.get('password') ?? ''].filter(
    (secret) => secret.length > 0,
  );
  return { engine: 'postgres', url: spec, location: redactUrl(url), secrets: [...new Set(secrets)] };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The URL as it may be shown: user, host, port, database; no password, no query (it may hold one). */
export function redactUrl(url: URL): string {
  const user = url.username ? `${url.username}@` : '';
  // A unix socket folder given as ?host=/path is where the server is: it is shown.
  const socket = url.searchParams.get('host');
  const where = url.host || (socket ? `[${socket}]` : 'localhost');
  return `${url.protocol}//${user}${where}${url.pathname === '/' ? '' : url.pathname}`;
}

/** Removes every secret from a message (a driver's error may quote the connection string). */
export function scrubSecrets(message: string, secrets: readonly string[], replacement = '***'): string {
  let out = message;
  for (const secret of secrets) {
    // Very short secrets would mangle ordinary words; the URL itself is never put in messages.
    if (secret.length >= 3) out = out.split(secret).join(replacement);
  }
  return out;
}
