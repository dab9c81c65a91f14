// Jupyter notebooks for read_file: numbered cells with their source and text outputs (images and
// HTML outputs are named, not inlined), bounded in file size, output size and window size.
import { ToolError } from '../../../runtime/contract/errors.js';

/** Largest notebook parsed: JSON.parse runs on the main thread (~5 ms per MiB; ~15 for a MiB of tiny objects). */
export const MAX_NOTEBOOK_BYTES = 10 * 1024 * 1024;
/** Cap on one output's text and on the whole window, in characters. */
const MAX_OUTPUT_CHARS = 4000;
const MAX_NOTEBOOK_CHARS = 100 * 1024;

export interface NotebookWindow {
  content: string;
  cellCount: number;
  first: number;
  last: number;
  more: boolean;
  language?: string;
}

type Json = unknown;
/** A notebook text field (a string or a list of strings); anything else in it counts as nothing. */
const textOf = (value: Json): string => (Array.isArray(value) ? value.map(stringOf).join('') : stringOf(value));
const stringOf = (value: Json): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
/** Nesting beyond any notebook's: JSON.parse of 3M nested arrays alone held the event loop 1.1 s. */
const MAX_NOTEBOOK_DEPTH = 64;
// eslint-disable-next-line no-control-regex
const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');
const cap = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)} … [cut: ${text.length} characters in all]` : text;

function renderOutput(output: Record<string, Json>): string {
  const type = output.output_type;
  if (type === 'stream') return textOf(output.text);
  if (type === 'error')
    return stripAnsi(
      [
        `${stringOf(output.ename)}: ${stringOf(output.evalue)}`,
        ...(Array.isArray(output.traceback) ? output.traceback.map(stringOf) : []),
      ].join('\n'),
    );
  if (type === 'execute_result' || type === 'display_data') {
    const data = output.data;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return '';
    const plain = (data as Record<string, Json>)['text/plain'];
    if (plain !== undefined) return textOf(plain);
    const kinds = Object.keys(data).slice(0, 20);
    return kinds.length ? `[${kinds.join(', ')} output not shown]` : '';
  }
  return '';
}

/** Renders cells `offset`..(limit cells, capped by size); a negative offset counts from the last cell. */
export function renderNotebook(bytes: Buffer, display: string, offset: number, limit: number): NotebookWindow {
  if (bytes.length > MAX_NOTEBOOK_BYTES) {
    throw new ToolError(
      'TOO_LARGE',
      `${display} is ${bytes.length} bytes; notebooks up to ${MAX_NOTEBOOK_BYTES} bytes are read (use grep to search it)`,
    );
  }
  let notebook: Record<string, Json>;
  const json = bytes.toString('utf8').replace(/^\uFEFF/, ''); // a UTF-8 BOM is no JSON
  const depth = nestingDepth(json);
  if (depth > MAX_NOTEBOOK_DEPTH) {
    throw new ToolError(
      'UNSUPPORTED_CONTENT',
      `${display} nests its JSON ${depth > 1e6 ? 'over a million' : depth} levels deep; a Jupyter notebook nests a few (read it as text with a line range, or grep it)`,
    );
  }
  try {
    notebook = JSON.parse(json) as Record<string, Json>;
  } catch (error) {
    throw new ToolError('UNSUPPORTED_CONTENT', `${display} is not valid notebook JSON (${(error as Error).message})`);
  }
  const cells = notebook?.cells;
  if (typeof notebook !== 'object' || notebook === null || !Array.isArray(cells)) {
    throw new ToolError(
      'UNSUPPORTED_CONTENT',
      `${display} has no "cells" list; it is not a Jupyter notebook (nbformat 4)`,
    );
  }
  const metadata = (notebook.metadata ?? {}) as Record<string, Record<string, Json> | undefined>;
  const language = typeof metadata.language_info?.name === 'string' ? metadata.language_info.name : undefined;
  const cellCount = cells.length;
  const first = offset < 0 ? Math.max(1, cellCount + offset + 1) : offset;
  if (cellCount > 0 && first > cellCount)
    throw new ToolError(
      'INVALID_INPUT',
      `offset ${offset} is past the last cell of ${display}: it has ${cellCount} cells`,
    );
  const parts: string[] = [];
  let chars = 0;
  let last = first - 1;
  for (let n = first; n <= Math.min(cellCount, first + limit - 1); n++) {
    const cell = (cells[n - 1] ?? {}) as Record<string, Json>;
    const kind = typeof cell.cell_type === 'string' ? cell.cell_type : 'unknown';
    const count = typeof cell.execution_count === 'number' ? ` [${cell.execution_count}]` : '';
    let text = `[cell ${n}] ${kind}${count}\n${cap(textOf(cell.source), MAX_NOTEBOOK_CHARS / 2)}`;
    const outputs = Array.isArray(cell.outputs) ? (cell.outputs as Json[]) : [];
    // A cell's outputs share the window's budget: 250,000 small outputs of one cell are not 4 MB.
    for (let i = 0; i < outputs.length; i++) {
      if (chars + text.length > MAX_NOTEBOOK_CHARS) {
        text += `\n--- [${outputs.length - i} more outputs not shown] ---`;
        break;
      }
      const output = outputs[i];
      const rendered =
        typeof output === 'object' && output !== null
          ? renderOutput(output as Record<string, Json>).replace(/\n$/, '')
          : '';
      if (rendered) text += `\n--- output ---\n${cap(rendered, MAX_OUTPUT_CHARS)}`;
    }
    if (parts.length > 0 && chars + text.length > MAX_NOTEBOOK_CHARS) break;
    parts.push(text);
    chars += text.length + 2;
    last = n;
  }
  return {
    content: parts.join('\n\n'),
    cellCount,
    first,
    last,
    more: last < cellCount,
    ...(language ? { language } : {}),
  };
}

/** The deepest nesting of arrays and objects in JSON text, strings skipped; one pass. */
function nestingDepth(json: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return deepest;
}
