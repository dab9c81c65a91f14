// One JSON file the embedded store keeps (a key's jobs, MCP tasks, the replica list): read whole,
// changed under the cross-process lock file beside it, and replaced by write-to-temp + fsync +
// rename, so a reader never sees a torn file and a crash leaves the old or the new content. Files
// and folders are the toolkit's own: never followed through a link, checked once open.
import { basename, dirname } from 'node:path';
import { atomicWriteFile } from '../fs/atomic-write.js';
import { ToolError } from '../contract/errors.js';
import { acquireFileLock, KeyedMutex } from '../fs/locks.js';
import { ensureOwnFolder, readOwnFile, type OwnFileOptions } from '../fs/own-files.js';
import { plainDir } from '../fs/verified-fs.js';
import { beginBoundWork, checkBoundWork } from './errors.js';

/** Writers of one file inside this process (several stores may share a folder) queue up here first. */
const documentMutex = new KeyedMutex();

export interface DocumentOptions<T> {
  path: string;
  empty: () => T;
  /** Throws when the parsed value is not this document's shape (the message says what is wrong). */
  check: (value: unknown) => T;
  lockTimeoutMs: number;
  staleLockMs?: number;
  /** What messages call the file. */
  display: string;
}

/**
 * A JSON file's parsed value; undefined when it is missing or blank. The file is the toolkit's own
 * (see readOwnFile: a link, a FIFO, another user's file or one with other names is refused). Text
 * that is not JSON is UNAVAILABLE, the message naming the file as `display` (at `shown`, default
 * `path`) and saying to fix or remove it, never quoting what it holds.
 */
export async function readJsonFile(
  path: string,
  display: string,
  shown = path,
  options: OwnFileOptions = {},
): Promise<unknown> {
  const text = await readOwnFile(path, display, options).catch((error: unknown) => {
    throw shown === path ? error : renamed(error, path, shown);
  });
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // The parser's message quotes the text around the mistake: only where it is, is said.
    const at = /position (\d+)/.exec((error as Error).message)?.[1];
    throw new ToolError(
      'UNAVAILABLE',
      `${display} ${shown} is not valid JSON${at === undefined ? '' : ` (at character ${at})`}; fix or remove it`,
    );
  }
}

/** The same refusal naming the file by the path the caller shows (not a descriptor path). */
function renamed(error: unknown, path: string, shown: string): unknown {
  if (!(error instanceof ToolError)) return error;
  const details = error.details && { ...error.details, path: shown };
  return new ToolError(error.code, error.message.split(path).join(shown), details);
}

export class JsonDocument<T> {
  constructor(private readonly options: DocumentOptions<T>) {}

  get path(): string {
    return this.options.path;
  }

  /** The document as it is now; a missing file is the empty document. No lock: files are only replaced whole. */
  async read(): Promise<T> {
    const parsed = await readJsonFile(this.options.path, this.options.display);
    if (parsed === undefined) return this.options.empty();
    try {
      return this.options.check(parsed);
    } catch (error) {
      throw new ToolError(
        'UNAVAILABLE',
        `${this.options.display} ${this.options.path}: ${(error as Error).message}; fix or remove it`,
      );
    }
  }

  /** Reads, changes and (when `dirty`) writes the document back, all under the lock. */
  async mutate<R>(
    change: (state: T) => { result: R; dirty: boolean } | Promise<{ result: R; dirty: boolean }>,
  ): Promise<R> {
    const { path } = this.options;
    return documentMutex.run(path, async () => {
      checkBoundWork(path);
      await ensureOwnFolder(dirname(path), 'the store folder', { parents: true });
      const release = await acquireFileLock(plainDir(dirname(path)), `${basename(path)}.lock`, {
        timeoutMs: this.options.lockTimeoutMs,
        staleMs: this.options.staleLockMs ?? 30_000,
        display: `${this.options.display} ${path}`,
      });
      try {
        beginBoundWork(path);
        const state = await this.read();
        const { result, dirty } = await change(state);
        if (dirty) await atomicWriteFile(path, `${JSON.stringify(state)}\n`, { mode: 0o600 });
        return result;
      } finally {
        await release();
      }
    });
  }
}

/** A check for `{ version: 1, <listName>: [...] }` whose entries are objects with a string `id`. */
export function listDocumentCheck<T extends { version: 1 }>(listName: string): (value: unknown) => T {
  return (value) => {
    const doc = value as Record<string, unknown> | null;
    if (!doc || typeof doc !== 'object' || Array.isArray(doc) || !Array.isArray(doc[listName])) {
      throw new Error(`does not hold {"version":1,"${listName}":[…]}`);
    }
    const bad = (doc[listName] as unknown[]).findIndex(
      (entry) => !entry || typeof entry !== 'object' || typeof (entry as { id?: unknown }).id !== 'string',
    );
    if (bad >= 0) throw new Error(`${listName}[${bad}] is not a record with a string id`);
    return doc as unknown as T;
  };
}
