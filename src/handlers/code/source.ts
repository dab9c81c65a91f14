// Source texts and positions. A language server counts columns in UTF-16 code units from 0; a model
// counts characters from 1 as read_file shows the line. Texts are read only inside the workspace
// (real paths), bounded in size; a BOM is not part of the text the server sees.
import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { realPathOf } from '../../runtime/fs/verified-fs.js';
import { inertText } from '../../runtime/text/control-text.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ToolError } from '../../runtime/contract/errors.js';
import { isWithin } from '../../runtime/fs/workspace.js';

/** Larger files are not sent to a server. */
export const MAX_SOURCE_BYTES = 4 * 1024 * 1024;
const BOM = '\uFEFF';

export interface SourceText {
  text: string;
  /** The file started with a UTF-8 BOM (kept when it is written back). */
  bom: boolean;
}

/**
 * A workspace file's text, or undefined when it does not exist; TOO_LARGE beyond the bound. What
 * was opened must lie inside `workspace` (its descriptor's real path): a link, or a folder swapped
 * for one, that leads out is OUTSIDE_WORKSPACE, and nothing of it reaches a server. A FIFO is
 * refused, not waited on.
 */
export async function readSource(
  absolute: string,
  display: string,
  workspace: string,
): Promise<SourceText | undefined> {
  let handle;
  try {
    handle = await open(absolute, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new ToolError('INVALID_INPUT', `${display} is not a regular file`);
    const real = await realPathOf(handle, absolute);
    if (real === undefined || !isWithin(real, workspace))
      throw new ToolError(
        'OUTSIDE_WORKSPACE',
        `${display} leads outside the workspace (through a link); it is not read`,
      );
    if (stats.size > MAX_SOURCE_BYTES) {
      throw new ToolError(
        'TOO_LARGE',
        `${display} is ${stats.size} bytes; language servers are given files up to ${MAX_SOURCE_BYTES} bytes`,
      );
    }
    const raw = (await handle.readFile()).toString('utf8');
    return raw.startsWith(BOM) ? { text: raw.slice(1), bom: true } : { text: raw, bom: false };
  } finally {
    await handle.close();
  }
}

/** Texts of workspace files met while answering one call (a server's locations), read once each. */
export class SourceCache {
  readonly #texts = new Map<string, Promise<string[] | undefined>>();

  constructor(readonly workspace: string) {}

  /** The lines of a file inside the workspace (by real path), or undefined for anything else. */
  lines(absolute: string): Promise<string[] | undefined> {
    let lines = this.#texts.get(absolute);
    if (!lines) {
      lines = (async () => {
        const real = await realpath(absolute).catch(() => undefined);
        if (!real || !isWithin(real, this.workspace)) return undefined;
        const source = await readSource(real, absolute, this.workspace).catch(() => undefined);
        return source === undefined ? undefined : splitLines(source.text);
      })();
      this.#texts.set(absolute, lines);
    }
    return lines;
  }
}

/** Lines as a language server counts them (\n, \r\n and \r end a line). */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** 1-based character column → 0-based UTF-16 offset in `line`; INVALID_INPUT beyond its end. */
export function utf16Offset(line: string, column: number, where: string): number {
  const chars = Array.from(line);
  if (column > chars.length + 1) {
    throw new ToolError(
      'INVALID_INPUT',
      `column ${column} is past the end of ${where} (${chars.length} characters); columns count characters from 1 as read_file shows the line`,
    );
  }
  return chars.slice(0, column - 1).join('').length;
}

/** 0-based UTF-16 offset in `line` → 1-based character column. */
export function characterColumn(line: string | undefined, offset: number): number {
  if (line === undefined) return offset + 1;
  return Array.from(line.slice(0, Math.max(0, offset))).length + 1;
}

/** An LSP position for a 1-based line and column of `text`. */
export function lspPosition(
  text: string,
  line: number,
  column: number,
  display: string,
): { line: number; character: number } {
  const lines = splitLines(text);
  if (line > lines.length) {
    throw new ToolError('INVALID_INPUT', `line ${line} is past the end of ${display} (${lines.length} lines)`);
  }
  return { line: line - 1, character: utf16Offset(lines[line - 1]!, column, `line ${line} of ${display}`) };
}

export interface Place {
  /** Workspace-relative with `/`, or absolute for a file outside the workspace. */
  path: string;
  absolute: string;
  inside: boolean;
}

/** Where a server's URI points, as results show it. */
export function placeOf(uri: string, workspace: string): Place | undefined {
  if (!uri.startsWith('file:')) return undefined;
  let absolute: string;
  try {
    absolute = fileURLToPath(uri);
  } catch {
    return undefined;
  }
  const inside = isWithin(absolute, workspace);
  const relative = inside ? path.relative(workspace, absolute).split(path.sep).join('/') || '.' : absolute;
  return { path: relative, absolute, inside };
}

/** A line's text as results show it (cut at 200 characters). */
export function shownLine(line: string | undefined): string | undefined {
  if (line === undefined) return undefined;
  const trimmed = line.replace(/\s+$/, '');
  // A workspace file may hold control characters: shown inert, as read_file's text shows them.
  return inertText(trimmed.length > 200 ? `${trimmed.slice(0, 199)}…` : trimmed);
}
