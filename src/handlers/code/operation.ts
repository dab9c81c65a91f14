// What every `code` operation does around its request: find this toolkit's language servers, give
// the server the file as it is on disk, and turn the server's locations into results (workspace
// paths, 1-based positions, the line's text) with what the policy hides left out.
import { abortError, ToolError } from '../../runtime/contract/errors.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import type { LanguageClient } from './lsp/client.js';
import type { ServerSpec } from './discovery.js';
import { WorkspaceCode } from './service.js';
import { characterColumn, placeOf, readSource, shownLine, type SourceCache } from './source.js';

export const DEFAULT_TIMEOUT_MS = 60_000;

/** Locations (or symbols) taken from one server answer at most; the rest is said in the result's notes. */
export const MAX_ANSWER_ITEMS = 20_000;
/** Items handled between two turns given back to the event loop (a huge answer must not stall it). */
const ITEMS_PER_TURN = 2_000;

/**
 * Called for each item of a long loop over a server's answer: every ITEMS_PER_TURN items it lets
 * other work run, then stops the loop with TIMEOUT past `deadline` (ms since the epoch) or
 * CANCELLED once `signal` aborts.
 */
export async function pace(index: number, deadline: number, signal: AbortSignal | undefined): Promise<void> {
  if (index === 0 || index % ITEMS_PER_TURN !== 0) return;
  await new Promise((resolve) => setImmediate(resolve));
  if (signal?.aborted) throw abortError(signal);
  if (Date.now() > deadline) {
    throw new ToolError(
      'TIMEOUT',
      `the server's answer (${index} items in) could not be handled within the call's time`,
    );
  }
}

/** The note saying an answer of `total` items (undefined: more) was cut to MAX_ANSWER_ITEMS. */
export function cutNote(total: number | undefined, what: string): string {
  return `the server's answer was cut: ${total === undefined ? `only the first ${MAX_ANSWER_ITEMS}` : `${MAX_ANSWER_ITEMS} of its ${total}`} ${what} were looked at`;
}

/** This toolkit's code intelligence (UNAVAILABLE when it has none or another implementation). */
export function codeOf(ctx: HandlerContext): WorkspaceCode {
  const code = ctx.services.code;
  if (!(code instanceof WorkspaceCode)) {
    throw new ToolError('UNAVAILABLE', 'this toolkit has no code intelligence attached (codeIntelligence)');
  }
  const why = code.unavailable();
  if (why) throw new ToolError('UNAVAILABLE', why);
  return code;
}

/** Opens (or refreshes) a workspace file in the server from disk; NOT_FOUND when it is missing. */
export async function openFile(client: LanguageClient, file: { absolute: string; relative: string }): Promise<string> {
  const source = await readSource(file.absolute, file.relative, client.workspace);
  if (source === undefined) throw new ToolError('NOT_FOUND', `${file.relative} does not exist`);
  client.sync(file.absolute, file.relative, source.text);
  return source.text;
}

/**
 * Runs `work` on each server in turn until one answers (not undefined). The wait for each server
 * counts against the call's timeout.
 */
export async function onServers<T>(
  ctx: HandlerContext,
  specs: readonly ServerSpec[],
  timeoutMs: number,
  work: (client: LanguageClient, remainingMs: () => number) => Promise<T | undefined>,
): Promise<T | undefined> {
  const code = codeOf(ctx);
  const deadline = Date.now() + timeoutMs;
  const remaining = () => Math.max(1, deadline - Date.now());
  for (const spec of specs) {
    const answer = await code.run(spec, remaining(), ctx.signal, async (client) => {
      // Files another tool changed since the server was given them are given again first.
      await client.refreshOpen(async (absolute) => (await readSource(absolute, absolute, client.workspace))?.text);
      return work(client, remaining);
    });
    if (answer !== undefined) return answer;
  }
  return undefined;
}

export interface ResultLocation {
  path: string;
  line: number;
  column: number;
  end_line?: number;
  end_column?: number;
  text?: string;
  outside_workspace?: boolean;
}

interface LspRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

/** A server's location as a result shows it; undefined for a URI that is not a file. */
export async function toLocation(
  uri: string,
  range: LspRange,
  cache: SourceCache,
): Promise<ResultLocation | undefined> {
  // A server's answer is not trusted to be well formed: a location without a usable range is left out.
  if (typeof uri !== 'string' || !isPosition(range?.start) || !isPosition(range?.end)) return undefined;
  const place = placeOf(uri, cache.workspace);
  if (!place) return undefined;
  const lines = place.inside ? await cache.lines(place.absolute) : undefined;
  const startLine = lines?.[range.start.line];
  const endLine = lines?.[range.end.line];
  const text = shownLine(startLine);
  return {
    path: place.path,
    line: range.start.line + 1,
    column: characterColumn(startLine, range.start.character),
    end_line: range.end.line + 1,
    end_column: characterColumn(endLine, range.end.character),
    ...(text !== undefined ? { text } : {}),
    ...(place.inside ? {} : { outside_workspace: true }),
  };
}

function isPosition(value: unknown): value is { line: number; character: number } {
  const p = value as { line?: unknown; character?: unknown } | null | undefined;
  return (
    !!p &&
    Number.isSafeInteger(p.line) &&
    Number.isSafeInteger(p.character) &&
    (p.line as number) >= 0 &&
    (p.character as number) >= 0
  );
}

/** Leaves out results in paths the policy hides from this call (outside-workspace paths are kept). */
export async function visibleOnly<T extends { path: string; outside_workspace?: boolean }>(
  ctx: HandlerContext,
  items: T[],
  deadline = Infinity,
): Promise<{ items: T[]; hidden: number }> {
  if (!ctx.visiblePaths) return { items, hidden: 0 };
  const inside = [...new Set(items.filter((item) => !item.outside_workspace).map((item) => item.path))];
  const visible = new Set<string>();
  // Asked in slices: each path may cost a realpath, and a long list must not hold the event loop.
  for (let start = 0; start < inside.length; start += ITEMS_PER_TURN) {
    await pace(start, deadline, ctx.signal);
    for (const kept of await ctx.visiblePaths(inside.slice(start, start + ITEMS_PER_TURN))) visible.add(kept);
  }
  const kept = items.filter((item) => item.outside_workspace || visible.has(item.path));
  return { items: kept, hidden: items.length - kept.length };
}

export function timeoutOf(params: { timeout_ms?: number }): number {
  return params.timeout_ms ?? DEFAULT_TIMEOUT_MS;
}
