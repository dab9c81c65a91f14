// filesystem.list_directory: a folder's entries (type, size), depth-limited, gitignore-aware like
// glob, folders first, capped. Walked breadth-first so the top levels are complete before deeper
// ones when the cap cuts; every folder is opened through its verified parent without following
// links, so a folder swapped for a symlink is never entered.
import type { Dirent } from 'node:fs';
import { lstat, readlink } from 'node:fs/promises';
import path from 'node:path';
import type { ListDirectoryParams, ListDirectoryResult } from '../../generated/types.js';
import { throwIfAborted, ToolError } from '../../runtime/contract/errors.js';
import { continuationLine, nextArguments } from '../../runtime/contract/continuation.js';
import { withText, type HandlerReturn } from '../../runtime/contract/handler.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import { swappedError, VerifiedDir } from '../../runtime/fs/verified-fs.js';
import type { ResolvedPath } from '../../runtime/fs/workspace.js';
import type { GitignoreRules } from '../../runtime/glob/workspace-gitignores.js';
import { rethrowFs } from '../../runtime/fs/fs-errors.js';
import { folderEntries } from '../../runtime/fs/folder-entries.js';
import { inertLine } from '../../runtime/text/control-text.js';
import { filterInTurns, sortInTurns } from '../../runtime/turns/turns.js';
import { plural } from './plural.js';

type Entry = ListDirectoryResult['entries'][number];
type EntryType = Entry['type'];

interface Node {
  entry: Entry;
  name: string;
  /** False for an entry before `offset`: walked (its folder is entered) but not listed. */
  shown: boolean;
  children?: Node[];
}

interface Folder {
  /** Real path the folder had when its parent was read. */
  absolute: string;
  rel: string;
  children: Node[];
  /** 1 for the listed folder's own entries. */
  depth: number;
}

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

export async function listDirectory(
  params: ListDirectoryParams,
  ctx: HandlerContext,
): Promise<HandlerReturn<ListDirectoryResult>> {
  const resolved = await ctx.existingPath('path');
  const { depth, limit } = params;
  const includeIgnored = params.include_ignored;
  // Loaded on first use: `call read_file` must not load glob's dependencies (fast-glob, ignore).
  const rules = includeIgnored
    ? undefined
    : new (await import('../../runtime/glob/workspace-gitignores.js')).GitignoreRules(ctx.workspace.root);
  const first = await openListed(ctx, resolved, params.path);
  const offset = params.offset;
  const walk: Walk = { ctx, rules, limit, offset, seen: 0, shown: 0, chars: 0, ignored: 0, unreadable: 0 };
  const top: Node[] = [];
  let level: Folder[] = [{ absolute: resolved.absolute, rel: resolved.relative, children: top, depth: 1 }];
  for (let d = 1; d <= depth && level.length > 0 && !walk.stop; d++) {
    const next: Folder[] = [];
    for (const folder of level) {
      if (walk.stop) break;
      if (d > 1) throwIfAborted(ctx.signal);
      const dir = d === 1 ? first : await enterFolder(walk, folder);
      if (!dir) continue;
      try {
        for (const node of await listFolder(walk, dir, folder)) {
          if (node.entry.type !== 'dir' || d >= depth) continue;
          node.children = [];
          const absolute = path.join(folder.absolute, node.name);
          next.push({ absolute, rel: node.entry.path, children: node.children, depth: d + 1 });
        }
      } finally {
        await dir.close();
      }
    }
    level = next;
  }
  const { entries } = flatten(top);
  const truncated = walk.stop !== undefined;
  const output: ListDirectoryResult = { path: resolved.relative, entries, truncated, ignored: walk.ignored };
  if (truncated) output.next = nextArguments(params, { offset: offset + entries.length });
  const bounded = walk.stop === 'bounded';
  const how = { depth, limit, includeIgnored, unreadable: walk.unreadable, bounded, offset };
  // Rendered from the entries shown: the runtime leaves out what a path rule hides and renders again.
  return withText(output, (shown) => textOf(shown, flatten(top, new Set(shown.entries)).lines, how));
}

/**
 * What a listing has found and shown so far, across the levels of its breadth-first walk: entries
 * are counted in walk order (`seen`), and those from `offset` on are shown, up to `limit`.
 */
interface Walk {
  ctx: HandlerContext;
  rules: GitignoreRules | undefined;
  limit: number;
  offset: number;
  seen: number;
  shown: number;
  /** What the shown entries cost in the answer (JSON and text). */
  chars: number;
  ignored: number;
  unreadable: number;
  /** Set once an entry past the window was found: by `limit`, or by the answer's size bound. */
  stop?: 'limit' | 'bounded';
}

/**
 * The folder asked for, opened through its verified parents. Failures name it as the caller gave
 * it (`given`): where a link leads may be a path the rules hide.
 */
async function openListed(ctx: HandlerContext, resolved: ResolvedPath, given: string): Promise<VerifiedDir> {
  const shown = inertLine(given);
  try {
    return await VerifiedDir.open(ctx.workspace.root, resolved.absolute, resolved.relative);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR')
      throw new ToolError('NOT_DIRECTORY', `${shown} is a file, not a folder; use read_file to read it`);
    if (code === 'ELOOP') throw swappedError(shown);
    rethrowFs(error, shown);
  }
}

/**
 * A folder of a deeper level, opened one at a time and checked on its descriptor: it must still be
 * the folder its parent listed. One swapped for a link, removed or not readable is listed, not entered.
 */
async function enterFolder(walk: Walk, folder: Folder): Promise<VerifiedDir | undefined> {
  let dir: VerifiedDir;
  try {
    dir = await VerifiedDir.open(walk.ctx.workspace.root, folder.absolute, folder.rel);
  } catch {
    walk.unreadable++;
    return undefined;
  }
  if (dir.absolute !== folder.absolute) {
    await dir.close();
    walk.unreadable++;
    return undefined;
  }
  return dir;
}

/** The entries of one open folder that are shown (ignored and hidden ones left out, up to the limit), described. */
async function listFolder(walk: Walk, dir: VerifiedDir, folder: Folder): Promise<Node[]> {
  let entries: Dirent[];
  try {
    entries = await folderEntries(dir.handle, dir.self());
  } catch {
    walk.unreadable++;
    return [];
  }
  const all = entries.length;
  const rules = walk.rules;
  if (rules) {
    const base = toRootRel(walk.ctx.workspace.root, folder.absolute);
    entries = await rules.filter(folder.absolute, entries);
    entries = await filterInTurns(
      entries,
      (e) => e.isDirectory() || !rules.ignoresLoaded(base ? `${base}/${e.name}` : e.name),
      walk.ctx.signal,
    );
  }
  walk.ignored += all - entries.length;
  // A slice at a time: a folder may hold 200,000 entries.
  entries = await sortInTurns(
    entries,
    (a, b) => Number(b.isDirectory()) - Number(a.isDirectory()) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    walk.ctx.signal,
  );
  // Entries past the window are not needed, except one: it tells that more exist.
  entries = entries.slice(0, Math.max(0, walk.offset + walk.limit + 1 - walk.seen));
  let nodes = entries.map((dirent): Node => ({
    name: dirent.name,
    shown: false,
    entry: { path: join(folder.rel, dirent.name), type: typeOf(dirent) },
  }));
  const skipped = Math.min(nodes.length, Math.max(0, walk.offset - walk.seen));
  const room = walk.limit - walk.shown;
  if (nodes.length - skipped > room) {
    nodes = nodes.slice(0, skipped + room);
    walk.stop = 'limit';
  }
  const shown = nodes.slice(skipped);
  for (const node of shown) node.shown = true;
  await describeAll(dir, shown);
  const kept = boundShown(walk, shown, folder.depth);
  if (kept < shown.length) nodes = nodes.slice(0, skipped + kept);
  walk.seen += nodes.length;
  walk.shown += kept;
  // One by one: a spread of a page of 100,000 entries passes them all as arguments (stack overflow).
  for (const node of nodes) folder.children.push(node);
  return nodes;
}

/** How many of `shown` fit the answer's size bound (at least one per answer); sets the stop when not all do. */
function boundShown(walk: Walk, shown: readonly Node[], depth: number): number {
  for (let i = 0; i < shown.length; i++) {
    const node = shown[i]!;
    const cost = JSON.stringify(node.entry).length + 2 * depth + node.entry.path.length + render(node).length + 2;
    if (walk.shown + i > 0 && walk.chars + cost > MAX_LISTING_CHARS) {
      walk.stop = 'bounded';
      return i;
    }
    walk.chars += cost;
  }
  return shown.length;
}

/**
 * The shown entries as entries and indented lines, depth first (only those in `kept`, when given). An
 * entry whose folder is not shown (it came before `offset`, or is hidden) is named by its path, so
 * the line says where it is.
 */
function flatten(top: Node[], kept?: ReadonlySet<Entry>): { entries: Entry[]; lines: string[] } {
  const entries: Entry[] = [];
  const lines: string[] = [];
  const emit = (nodes: Node[], indent: string, parentShown: boolean): void => {
    for (const node of nodes) {
      const shown = node.shown && (!kept || kept.has(node.entry));
      if (shown) {
        entries.push(node.entry);
        lines.push(indent + render(node, parentShown ? node.name : node.entry.path));
      }
      if (node.children) emit(node.children, `${indent}  `, shown);
    }
  };
  emit(top, '', true);
  return { entries, lines };
}

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

function render(node: Node, name: string = node.name): string {
  const { entry } = node;
  if (entry.type === 'dir') return `${name}/`;
  // A link's target is any bytes its maker chose: one line, inert (a newline would forge entries).
  if (entry.type === 'symlink') return `${name} -> ${inertLine(entry.target ?? '?')}`;
  const size = entry.size === undefined ? '' : `  ${humanSize(entry.size)}`;
  return entry.type === 'other' ? `${name}  (not a regular file)` : `${name}${size}`;
}

function textOf(
  output: ListDirectoryResult,
  lines: string[],
  o: { depth: number; limit: number; includeIgnored: boolean; unreadable: number; bounded: boolean; offset: number },
): string {
  const where = output.path === '.' ? 'the workspace root' : output.path;
  const dirs = output.entries.filter((e) => e.type === 'dir').length;
  const notes: string[] = [];
  if (output.entries.length === 0)
    notes.push(o.offset > 0 ? `no entries past offset ${o.offset}` : `${where} is empty`);
  if (output.ignored > 0 && !o.includeIgnored)
    notes.push(`${output.ignored} ignored by .gitignore or .git hidden (include_ignored: true shows them)`);
  if (o.unreadable > 0) notes.push(`${plural(o.unreadable, 'folder')} could not be read or entered`);
  const from = o.offset > 0 ? ` from entry ${o.offset + 1}` : '';
  const head = `${where} (depth ${o.depth})${from}: ${plural(dirs, 'folder')}, ${output.entries.length - dirs} other entries`;
  const tail = notes.length ? [`(${notes.join('; ')})`] : [];
  if (output.next) {
    const why = o.bounded ? `the answer's size bound, ${MAX_LISTING_CHARS / 1024} KiB` : `limit=${o.limit}`;
    const at = `cut at entry ${o.offset + output.entries.length} (${why}; breadth first)`;
    tail.push(continuationLine(at, output.next));
  }
  return [head, ...lines, ...tail].join('\n');
}
