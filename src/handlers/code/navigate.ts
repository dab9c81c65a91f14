// code.definition, code.references and code.hover: one request at a position (or a symbol's).
import type {
  DefinitionParams,
  DefinitionResult,
  HoverParams,
  HoverResult,
  ReferencesParams,
  ReferencesResult,
} from '../../generated/types.js';
import { continuationLine, nextArguments } from '../../runtime/contract/continuation.js';
import { ToolError } from '../../runtime/contract/errors.js';
import { withText, type Rendered } from '../../runtime/contract/handler.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import type { LanguageClient } from './lsp/client.js';
import { uriOf } from './lsp/diagnostics.js';
import {
  cutNote,
  MAX_ANSWER_ITEMS,
  onServers,
  pace,
  timeoutOf,
  toLocation,
  visibleOnly,
  type ResultLocation,
} from './operation.js';
import { characterColumn, SourceCache, splitLines } from './source.js';
import { findTarget, serverForParams, targetForm, type PositionParams, type Target } from './target.js';
import { serverText } from './server-text.js';
import { refuseWhenServerReadsHidden } from '../../runtime/services/hidden-sources.js';

/** Hover text beyond this is cut. */
const MAX_HOVER_CHARS = 8_000;
/** Locations a definition answer keeps. */
const MAX_DEFINITIONS = 50;

interface LspLocation {
  uri?: string;
  targetUri?: string;
  range?: { start: { line: number; character: number }; end: { line: number; character: number } };
  targetSelectionRange?: { start: { line: number; character: number }; end: { line: number; character: number } };
}

/** Runs `ask` at the target the params name, on the server that covers it. */
async function atTarget<T>(
  ctx: HandlerContext,
  params: PositionParams,
  ask: (client: LanguageClient, target: Target, remainingMs: () => number) => Promise<T>,
): Promise<T> {
  targetForm(params);
  const file = params.path === undefined ? undefined : ctx.paths.path;
  const answer = await onServers(ctx, serverForParams(ctx, file), timeoutOf(params), async (client, remaining) => {
    const target = await findTarget(ctx, client, params, file, remaining());
    return target && { value: await ask(client, target, remaining) };
  });
  if (!answer) throw new ToolError('NOT_FOUND', `no symbol ${params.symbol} in the workspace`);
  return answer.value;
}

/** A location answer as results show it, converting at most MAX_ANSWER_ITEMS of it by `deadline`. */
async function locations(
  answer: LspLocation | LspLocation[] | null,
  cache: SourceCache,
  deadline: number,
  signal: AbortSignal | undefined,
): Promise<{ found: ResultLocation[]; answered: number }> {
  const list = answer === null || answer === undefined ? [] : Array.isArray(answer) ? answer : [answer];
  const found: ResultLocation[] = [];
  const taken = Math.min(list.length, MAX_ANSWER_ITEMS);
  for (let index = 0; index < taken; index++) {
    await pace(index, deadline, signal);
    const item = list[index];
    if (!item || typeof item !== 'object') continue;
    const uri = item.targetUri ?? item.uri;
    const range = item.targetSelectionRange ?? item.range;
    if (!uri || !range) continue;
    const location = await toLocation(uri, range, cache);
    if (location) found.push(location);
  }
  return { found, answered: list.length };
}

function locationLine(location: ResultLocation): string {
  return `${location.path}:${location.line}:${location.column}${location.text !== undefined ? `  ${location.text.trim()}` : ''}`;
}

export async function definition(params: DefinitionParams, ctx: HandlerContext): Promise<Rendered<DefinitionResult>> {
  const converted = await atTarget(ctx, params, async (client, target, remaining) => {
    const answer = await client.request<LspLocation | LspLocation[] | null>(
      'textDocument/definition',
      { textDocument: { uri: uriOf(target.absolute) }, position: target.position },
      remaining(),
      ctx.signal,
    );
    const deadline = Date.now() + remaining();
    return { deadline, ...(await locations(answer, new SourceCache(ctx.workspace.root), deadline, ctx.signal)) };
  });
  const { found, answered, deadline } = converted;
  const { items, hidden } = await visibleOnly(ctx, found.slice(0, MAX_DEFINITIONS), deadline);
  const notes = hidden > 0 ? [`${hidden} definition${hidden === 1 ? '' : 's'} in paths the policy hides`] : [];
  if (answered > MAX_ANSWER_ITEMS) notes.push(cutNote(answered, 'locations'));
  if (found.length > MAX_DEFINITIONS)
    notes.push(
      `${found.length - MAX_DEFINITIONS} more definitions not shown (at most ${MAX_DEFINITIONS}); references lists every use, page by page`,
    );
  const cut = answered > MAX_ANSWER_ITEMS ? [`[${cutNote(answered, 'locations')}]`] : [];
  const text = [
    items.length === 0
      ? 'No definition found there.'
      : [`${items.length} definition${items.length === 1 ? '' : 's'}:`, ...items.map(locationLine)].join('\n'),
    ...cut,
  ].join('\n');
  return withText({ definitions: items, ...(notes.length ? { notes } : {}) }, text);
}

export async function references(params: ReferencesParams, ctx: HandlerContext): Promise<Rendered<ReferencesResult>> {
  const converted = await atTarget(ctx, params, async (client, target, remaining) => {
    const answer = await client.request<LspLocation[] | null>(
      'textDocument/references',
      {
        textDocument: { uri: uriOf(target.absolute) },
        position: target.position,
        context: { includeDeclaration: params.include_declaration ?? true },
      },
      remaining(),
      ctx.signal,
    );
    const deadline = Date.now() + remaining();
    return { deadline, ...(await locations(answer, new SourceCache(ctx.workspace.root), deadline, ctx.signal)) };
  });
  const { found, answered, deadline } = converted;
  found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || a.column - b.column));
  const { items, hidden } = await visibleOnly(ctx, found, deadline);
  const offset = params.offset ?? 0;
  const limit = params.limit ?? 200;
  const page = items.slice(offset, offset + limit);
  const truncated = offset + page.length < items.length;
  const next = truncated ? nextArguments(params, { offset: offset + page.length }) : undefined;
  const notes = hidden > 0 ? [`${hidden} reference${hidden === 1 ? '' : 's'} in paths the policy hides`] : [];
  if (answered > MAX_ANSWER_ITEMS) notes.push(cutNote(answered, 'references'));
  const files = new Set(items.map((item) => item.path)).size;
  const lines = [
    items.length === 0
      ? 'No references found.'
      : `${items.length} reference${items.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}:`,
    ...page.map(locationLine),
    ...(answered > MAX_ANSWER_ITEMS ? [`[${cutNote(answered, 'references')}]`] : []),
    ...(next ? [continuationLine(`showing ${offset + 1}-${offset + page.length} of ${items.length}`, next)] : []),
  ];
  return withText(
    { references: page, total: items.length, truncated, ...(next ? { next } : {}), ...(notes.length ? { notes } : {}) },
    lines.join('\n'),
  );
}

interface LspHover {
  contents: string | { value: string; language?: string } | (string | { value: string; language?: string })[];
}

export async function hover(params: HoverParams, ctx: HandlerContext): Promise<Rendered<HoverResult>> {
  await refuseWhenServerReadsHidden(ctx, 'hover');
  const { target, contents, line } = await atTarget(ctx, params, async (client, at, remaining) => {
    const answer = await client.request<LspHover | null>(
      'textDocument/hover',
      { textDocument: { uri: uriOf(at.absolute) }, position: at.position },
      remaining(),
      ctx.signal,
    );
    const text = client.textOf(at.absolute);
    return {
      target: at,
      contents: hoverText(answer),
      line: text === undefined ? undefined : splitLines(text)[at.position.line],
    };
  });
  const truncated = contents.length > MAX_HOVER_CHARS;
  const shown = serverText(contents, MAX_HOVER_CHARS);
  const output: HoverResult = {
    path: target.relative,
    line: target.position.line + 1,
    column: characterColumn(line, target.position.character),
    contents: shown,
    truncated,
  };
  return withText(output, shown === '' ? `Nothing to show at ${output.path}:${output.line}:${output.column}.` : shown);
}

function hoverText(answer: LspHover | null): string {
  if (!answer) return '';
  const parts = Array.isArray(answer.contents) ? answer.contents : [answer.contents];
  return parts
    .map((part) =>
      typeof part === 'string'
        ? part
        : !part || typeof part !== 'object'
          ? ''
          : part.language
            ? `\`\`\`${part.language}\n${part.value}\n\`\`\``
            : String(part.value ?? ''),
    )
    .filter((part) => part.trim() !== '')
    .join('\n\n')
    .trim();
}
