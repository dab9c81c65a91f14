// code.symbols: one file's outline, or the workspace's symbols whose names match a query.
import type { SymbolInformation } from 'vscode-languageserver-protocol';
import type { SymbolsParams, SymbolsResult } from '../../generated/types.js';
import { continuationLine, nextArguments } from '../../runtime/contract/continuation.js';
import { ToolError } from '../../runtime/contract/errors.js';
import { withText, type Rendered } from '../../runtime/contract/handler.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import { codeOf, cutNote, MAX_ANSWER_ITEMS, onServers, pace, timeoutOf, visibleOnly } from './operation.js';
import { characterColumn, placeOf, SourceCache } from './source.js';
import { symbolKindName } from './symbol-kinds.js';
import { noServerFor, outlineOf } from './target.js';
import { MAX_NAME_CHARS, serverText } from './server-text.js';

type SymbolItem = SymbolsResult['symbols'][number];

export async function symbols(params: SymbolsParams, ctx: HandlerContext): Promise<Rendered<SymbolsResult>> {
  if ((params.path === undefined) === (params.query === undefined)) {
    throw new ToolError(
      'INVALID_INPUT',
      "give path (one file's outline) or query (symbols across the workspace), one of them",
    );
  }
  const code = codeOf(ctx);
  const cache = new SourceCache(ctx.workspace.root);
  const found: SymbolItem[] = [];
  const deadline = Date.now() + timeoutOf(params);
  const notes: string[] = [];
  if (params.path !== undefined) {
    const file = ctx.paths.path!;
    const spec = code.serverFor(file.relative);
    if (!spec) throw noServerFor(file.relative);
    const outline = await code.run(spec, timeoutOf(params), ctx.signal, (client) =>
      outlineOf(client, file, timeoutOf(params), ctx.signal),
    );
    const lines = await cache.lines(file.absolute);
    if (outline.length > MAX_ANSWER_ITEMS) notes.push(cutNote(undefined, 'symbols'));
    for (const [index, symbol] of outline.slice(0, MAX_ANSWER_ITEMS).entries()) {
      await pace(index, deadline, ctx.signal);
      found.push({
        name: serverText(symbol.name, MAX_NAME_CHARS, true),
        kind: symbol.kind,
        ...(symbol.container ? { container: serverText(symbol.container, MAX_NAME_CHARS, true) } : {}),
        path: file.relative,
        line: symbol.selection.line + 1,
        column: characterColumn(lines?.[symbol.selection.line], symbol.selection.character),
        end_line: symbol.endLine + 1,
      });
    }
  } else {
    await onServers(ctx, code.discovery().servers, timeoutOf(params), async (client, remaining) => {
      if (client.openCount === 0) {
        // A server answers for the projects it has loaded: open one file of its own first.
        const { sourceFiles } = await import('./walk.js');
        const { openFile } = await import('./operation.js');
        const { files } = await sourceFiles(client.workspace, client.workspace, client.spec.covers, {
          files: 1,
          entries: 20_000,
        });
        if (files[0]) await openFile(client, { absolute: `${client.workspace}/${files[0]}`, relative: files[0] });
      }
      const answer = await client.request<SymbolInformation[] | null>(
        'workspace/symbol',
        { query: params.query },
        remaining(),
        ctx.signal,
      );
      const list = Array.isArray(answer) ? answer : [];
      if (list.length > MAX_ANSWER_ITEMS) notes.push(cutNote(list.length, 'symbols'));
      for (const [index, item] of list.slice(0, MAX_ANSWER_ITEMS).entries()) {
        await pace(index, deadline, ctx.signal);
        if (!item?.location?.range || typeof item.location.uri !== 'string') continue;
        const place = placeOf(item.location.uri, client.workspace);
        if (!place) continue;
        const start = item.location.range.start;
        const lines = place.inside ? await cache.lines(place.absolute) : undefined;
        found.push({
          name: serverText(item.name, MAX_NAME_CHARS, true),
          kind: symbolKindName(item.kind),
          ...(item.containerName ? { container: serverText(item.containerName, MAX_NAME_CHARS, true) } : {}),
          path: place.path,
          line: start.line + 1,
          column: characterColumn(lines?.[start.line], start.character),
          end_line: item.location.range.end.line + 1,
          ...(place.inside ? {} : { outside_workspace: true }),
        });
      }
      return undefined; // every server is asked
    });
  }
  const { items, hidden } = await visibleOnly(ctx, found, deadline);
  const offset = params.offset ?? 0;
  const limit = params.limit ?? 200;
  const page = items.slice(offset, offset + limit);
  const truncated = offset + page.length < items.length;
  const next = truncated ? nextArguments(params, { offset: offset + page.length }) : undefined;
  const cut = [...notes];
  if (hidden > 0) notes.unshift(`${hidden} symbol${hidden === 1 ? '' : 's'} in paths the policy hides`);
  const lines = [
    items.length === 0 ? 'No symbols found.' : `${items.length} symbol${items.length === 1 ? '' : 's'}:`,
    ...page.map((s) => `${s.path}:${s.line}:${s.column} ${s.kind} ${s.container ? `${s.container}.` : ''}${s.name}`),
    ...cut.map((note) => `[${note}]`),
    ...(next ? [continuationLine(`showing ${offset + 1}-${offset + page.length} of ${items.length}`, next)] : []),
  ];
  return withText(
    { symbols: page, total: items.length, truncated, ...(next ? { next } : {}), ...(notes.length ? { notes } : {}) },
    lines.join('\n'),
  );
}
