// list_directory: a folder's entries (type, size), depth-limited, gitignore-aware like glob, folders
// first, capped (DESIGN.md §11). Walked breadth-first so the top levels are complete before deeper
// ones when the cap cuts; every folder is opened through its verified parent without following
// links, so a folder swapped for a symlink is never entered.
import type { Dirent } from 'node:fs';
import { lstat, readdir, readlink } from 'node:fs/promises';
import path from 'node:path';
import type { FilesystemHandlers, ListDirectoryResult } from '../../generated/types.js';
import { throwIfAborted, ToolError } from '../../runtime/errors.js';
import { withText } from '../../runtime/handler.js';
import { swappedError, VerifiedDir } from '../../runtime/verified-fs.js';
import { notFound, plural, rethrowFs } from './common.js';
import { confinedPath } from '../../runtime/confine.js';

type Entry = ListDirectoryResult['entries'][number];
type EntryType = Entry['type'];

interface Node {
  entry: Entry;
  name: string;
  children?: Node[];
}

interface Folder {
  /** Real path the folder had when its parent was read. */
  absolute: string;
  rel: string;
  children: Node[];
}

const DEFAULT_LIMIT = 1000;
/** Characters of entries (JSON) and lines (text) one answer holds at most. */
const MAX_LISTING_CHARS = 384 * 1024;
const STAT_POOL = 32;

function typeOf(entry: Dirent): EntryType {
  if (entry.isDirectory()) return 'dir';
  if (entry.isFile()) return 'file';
  if (entry.isSymbolicLink()) return 'symlink';
  return 'other';
}

const join = (rel: string, name: string) => (rel === '.' ? name : `${rel}/${name}`);

export const listDirectory: FilesystemHandlers['list_directory'] = async (params, ctx) => {
  const resolved = confinedPath(ctx, 'path');
  if (!resolved.exists) throw await notFound(resolved);
  const depth = params.depth ?? 1;
  const limit = params.limit ?? DEFAULT_LIMIT;
  const includeIgnored = params.include_ignored ?? false;
  // Loaded on first use: `call read_file` must not load glob's dependencies (fast-glob, ignore).
  const rules = includeIgnored ? undefined : new (await import('../search/glob/walk.js')).GitignoreRules(ctx.workspace.root);
  let first: VerifiedDir;
  try {
    first = await VerifiedDir.open(ctx.workspace.root, resolved.absolute, resolved.relative);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') throw new ToolError('NOT_DIRECTORY', `${resolved.relative} is a file, not a folder; use read_file to read it`);
    if (code === 'ELOOP') throw swappedError(resolved.relative);
    rethrowFs(error, resolved.relative);
  }
  const top: Node[] = [];
  let shown = 0;
  let ignored = 0;
  let truncated = false;
  let unreadable = 0;
  let level: Folder[] = [{ absolute: resolved.absolute, rel: resolved.relative, children: top }];
  for (let d = 1; d <= depth && level.length > 0 && !truncated; d++) {
    const next: Folder[] = [];
    for (const folder of level) {
      if (d > 1) throwIfAborted(ctx.signal);
      if (shown >= limit) {
        truncated = true;
        break;
      }
      // One folder open at a time, checked on its descriptor: it must still be the folder we saw.
      let dir: VerifiedDir;
      if (d === 1) {
        dir = first;
      } else {
        try {
          dir = await VerifiedDir.open(ctx.workspace.root, folder.absolute, folder.rel);
        } catch {
          unreadable++; // swapped for a link, removed, or not readable: listed, not entered
          continue;
        }
        if (dir.absolute !== folder.absolute) {
          await dir.close();
          unreadable++;
          continue;
        }
      }
      try {
        let entries: Dirent[];
        try {
          entries = await readdir(dir.self(), { withFileTypes: true });
        } catch {
          unreadable++;
          continue;
        }
        const all = entries.length;
        if (rules) {
          const base = toRootRel(ctx.workspace.root, folder.absolute);
          entries = await rules.filter(folder.absolute, entries);
          entries = entries.filter((e) => e.isDirectory() || !rules.ignoresLoaded(base ? `${base}/${e.name}` : e.name));
        }
        ignored += all - entries.length;
        entries.sort((a, b) => Number(b.isDirectory()) - Number(a.isDirectory()) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        if (entries.length > limit - shown) {
          entries = entries.slice(0, limit - shown);
          truncated = true;
        }
        let nodes = entries.map((dirent): Node => ({ name: dirent.name, entry: { path: join(folder.rel, dirent.name), type: typeOf(dirent) } }));
        // A path rule that hides a file from read_file hides its name here too (as from glob and grep).
        if (ctx.visiblePaths && nodes.length > 0) {
          const visible = new Set(await ctx.visiblePaths(nodes.map((node) => node.entry.path)));
          nodes = nodes.filter((node) => visible.has(node.entry.path));
        }
        shown += nodes.length;
        folder.children.push(...nodes);
        await describeAll(dir, nodes);
        for (const node of nodes) {
          if (node.entry.type !== 'dir' || d >= depth) continue;
          node.children = [];
          next.push({ absolute: path.join(folder.absolute, node.name), rel: node.entry.path, children: node.children });
        }
      } finally {
        await dir.close();
      }
    }
    level = next;
  }
  const entries: Entry[] = [];
  const lines: string[] = [];
  // `limit` counts entries; long names and link targets are bounded by what the answer may hold.
  let chars = 0;
  let bounded = false;
  const emit = (nodes: Node[], indent: string): boolean => {
    for (const node of nodes) {
      const line = indent + render(node);
      const cost = JSON.stringify(node.entry).length + line.length + 2;
      if (entries.length > 0 && chars + cost > MAX_LISTING_CHARS) {
        bounded = truncated = true;
        return false;
      }
      chars += cost;
      entries.push(node.entry);
      lines.push(line);
      if (node.children && !emit(node.children, `${indent}  `)) return false;
    }
    return true;
  };
  emit(top, '');
  const output: ListDirectoryResult = { path: resolved.relative, entries, truncated, ignored };
  return withText(output, textOf(output, lines, { depth, limit, includeIgnored, unreadable, bounded }));
};

function toRootRel(root: string, absolute: string): string {
  const rel = path.relative(root, absolute);
  return path.sep === '/' ? rel : rel.split(path.sep).join('/');
}

/** Sizes of files and targets of symlinks, in a bounded pool (only for what is shown). */
async function describeAll(dir: VerifiedDir, nodes: Node[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < nodes.length) {
      const node = nodes[next++]!;
      const { entry } = node;
      if (entry.type === 'dir') continue;
      try {
        const stats = await lstat(dir.entry(node.name));
        if (entry.type === 'file' || entry.type === 'other') entry.size = stats.size;
        if (entry.type === 'symlink') entry.target = await readlink(dir.entry(node.name));
      } catch {
        // removed since the folder was read: listed without details
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(STAT_POOL, nodes.length) }, worker));
}

function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ${units[unit]}`;
}

function render(node: Node): string {
  const { entry } = node;
  if (entry.type === 'dir') return `${node.name}/`;
  if (entry.type === 'symlink') return `${node.name} -> ${entry.target ?? '?'}`;
  const size = entry.size === undefined ? '' : `  ${humanSize(entry.size)}`;
  return entry.type === 'other' ? `${node.name}  (not a regular file)` : `${node.name}${size}`;
}

function textOf(output: ListDirectoryResult, lines: string[], o: { depth: number; limit: number; includeIgnored: boolean; unreadable: number; bounded: boolean }): string {
  const where = output.path === '.' ? 'the workspace root' : output.path;
  const dirs = output.entries.filter((e) => e.type === 'dir').length;
  const notes: string[] = [];
  if (output.entries.length === 0) notes.push(`${where} is empty`);
  if (output.truncated) {
    notes.push(`showing the first ${plural(output.entries.length, 'entry').replace('entrys', 'entries')} (${o.bounded ? `the answer's size bound, ${MAX_LISTING_CHARS / 1024} KiB` : `limit=${o.limit}`}); list a sub-folder, lower depth, raise limit, or use glob to find specific files`);
  }
  if (output.ignored > 0 && !o.includeIgnored) notes.push(`${output.ignored} ignored by .gitignore or .git hidden (include_ignored: true shows them)`);
  if (o.unreadable > 0) notes.push(`${plural(o.unreadable, 'folder')} could not be read or entered`);
  const head = `${where} (depth ${o.depth}): ${plural(dirs, 'folder')}, ${output.entries.length - dirs} other entries`;
  return [head, ...lines, ...(notes.length ? [`(${notes.join('; ')})`] : [])].join('\n');
}
