// What a position-taking operation points at: a 1-based line and column of a file, or a symbol's
// name (`Foo.bar`) looked up in one file's outline or across the workspace, so a model never counts
// columns. Both end as a file held open by its server and an LSP position in it.
import path from 'node:path';
import type { DocumentSymbol, SymbolInformation } from 'vscode-languageserver-protocol';
import { ToolError } from '../../runtime/contract/errors.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import type { ResolvedPath } from '../../runtime/fs/workspace.js';
import type { ServerSpec } from './discovery.js';
import type { LanguageClient } from './lsp/client.js';
import { uriOf } from './lsp/diagnostics.js';
import { codeOf, MAX_ANSWER_ITEMS, openFile, pace } from './operation.js';
import { lspPosition, placeOf } from './source.js';
import { symbolKindName } from './symbol-kinds.js';
import { sourceFiles } from './walk.js';

/** Files whose outline is looked at for a symbol named across the workspace. */
const MAX_CANDIDATE_FILES = 20;
/** Files naming the symbol that are checked against the policy before the candidates are chosen. */
const MAX_NAMED_FILES = 1_000;

export interface PositionParams {
  path?: string;
  line?: number;
  column?: number;
  symbol?: string;
  timeout_ms?: number;
}

export interface Target {
  absolute: string;
  relative: string;
  position: { line: number; character: number };
}

/** A symbol of one file's outline, with its containers. */
export interface OutlineSymbol {
  name: string;
  kind: string;
  container: string;
  line: number;
  character: number;
  endLine: number;
  selection: { line: number; character: number };
}

/** Checks which form the params take: INVALID_INPUT naming what is missing. */
export function targetForm(params: PositionParams): 'position' | 'symbol' {
  if (params.line !== undefined || params.column !== undefined) {
    const missing = (['path', 'line', 'column'] as const).filter((key) => params[key] === undefined);
    if (missing.length > 0) {
      throw new ToolError(
        'INVALID_INPUT',
        `a position needs path, line and column (missing: ${missing.join(', ')}); or give symbol instead`,
      );
    }
    if (params.symbol !== undefined) throw new ToolError('INVALID_INPUT', 'give either a position or symbol, not both');
    return 'position';
  }
  if (params.symbol === undefined) {
    throw new ToolError(
      'INVALID_INPUT',
      'say what to look at: path, line and column (1-based, as read_file shows them), or symbol (a name such as Foo.bar)',
    );
  }
  return 'symbol';
}

/** The server to ask, and how to find the target with it (the symbol's file may still be unknown). */
export function serverForParams(ctx: HandlerContext, file: ResolvedPath | undefined): ServerSpec[] {
  const code = codeOf(ctx);
  if (file) {
    const spec = code.serverFor(file.relative);
    if (!spec) throw noServerFor(file.relative);
    return [spec];
  }
  return code.discovery().servers;
}

export function noServerFor(relative: string): ToolError {
  return new ToolError(
    'UNAVAILABLE',
    `no language server covers ${relative} (TypeScript/JavaScript and Python are built in; others are configured with code.servers)`,
  );
}

/** Resolves the target with `client`; undefined when this server does not know the symbol. */
export async function findTarget(
  ctx: HandlerContext,
  client: LanguageClient,
  params: PositionParams,
  file: ResolvedPath | undefined,
  timeoutMs: number,
): Promise<Target | undefined> {
  const signal = ctx.signal;
  const deadline = Date.now() + timeoutMs;
  if (targetForm(params) === 'position') {
    const text = await openFile(client, file!);
    return {
      absolute: file!.absolute,
      relative: file!.relative,
      position: lspPosition(text, params.line!, params.column!, file!.relative),
    };
  }
  const wanted = params.symbol!.split('.').filter(Boolean);
  if (wanted.length === 0) throw new ToolError('INVALID_INPUT', 'symbol must name something (Foo, Foo.bar)');
  if (file) {
    const outline = await outlineOf(client, file, timeoutMs, signal);
    const matches = outline.filter((symbol) => matchesName(symbol.name, symbol.container, wanted));
    const chosen = chooseOne(
      matches,
      params.symbol!,
      (m) => `${file.relative}:${m.selection.line + 1} ${m.kind} ${qualified(m)}`,
    );
    if (!chosen) throw new ToolError('NOT_FOUND', `no symbol ${params.symbol} in ${file.relative}`);
    return { absolute: file.absolute, relative: file.relative, position: chosen.selection };
  }
  await ensureProject(client, signal);
  const found = await client.request<SymbolInformation[] | null>(
    'workspace/symbol',
    { query: wanted[wanted.length - 1] },
    timeoutMs,
    signal,
  );
  // Workspace symbols do not always name their containers: each file holding the name is looked
  // at through its outline, which does.
  const named = new Map<string, string>();
  const list = Array.isArray(found) ? found.slice(0, MAX_ANSWER_ITEMS) : [];
  for (const [index, item] of list.entries()) {
    await pace(index, deadline, signal);
    if (typeof item?.location?.uri !== 'string' || bareName(String(item.name)) !== wanted[wanted.length - 1]) continue;
    const place = placeOf(item.location.uri, client.workspace);
    if (place?.inside && named.size < MAX_NAMED_FILES) named.set(place.path, place.absolute);
  }
  // A file the policy hides from this call is never a candidate: a symbol only there is not found,
  // exactly as one that does not exist (neither listed as ambiguous nor counted).
  const shown = ctx.visiblePaths ? await ctx.visiblePaths([...named.keys()]) : [...named.keys()];
  const files = shown.slice(0, MAX_CANDIDATE_FILES).map((relative) => [named.get(relative)!, relative] as const);
  const matches: { absolute: string; relative: string; symbol: OutlineSymbol }[] = [];
  for (const [absolute, relative] of files) {
    const outline = await outlineOf(client, { absolute, relative }, timeoutMs, signal);
    for (const symbol of outline) {
      if (matchesName(symbol.name, symbol.container, wanted)) matches.push({ absolute, relative, symbol });
    }
  }
  const chosen = chooseOne(
    matches,
    params.symbol!,
    (m) => `${m.relative}:${m.symbol.selection.line + 1} ${m.symbol.kind} ${qualified(m.symbol)}`,
  );
  return chosen && { absolute: chosen.absolute, relative: chosen.relative, position: chosen.symbol.selection };
}

/** One file's symbols, flattened, each with its containers joined by dots. */
export async function outlineOf(
  client: LanguageClient,
  file: { absolute: string; relative: string },
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<OutlineSymbol[]> {
  await openFile(client, file);
  const answer = await client.request<(DocumentSymbol | SymbolInformation)[] | null>(
    'textDocument/documentSymbol',
    { textDocument: { uri: uriOf(file.absolute) } },
    timeoutMs,
    signal,
  );
  // At most one symbol past MAX_ANSWER_ITEMS is kept (a caller tells the outline was cut by it),
  // walked without recursion: a server's tree can be any size and any depth.
  const out: OutlineSymbol[] = [];
  const pending: { symbol: DocumentSymbol | SymbolInformation; container: string }[] = [];
  const items = Array.isArray(answer) ? answer : [];
  for (let index = Math.min(items.length, MAX_ANSWER_ITEMS + 1) - 1; index >= 0; index--)
    pending.push({ symbol: items[index]!, container: '' });
  while (pending.length > 0 && out.length <= MAX_ANSWER_ITEMS) {
    const { symbol: item, container } = pending.pop()!;
    if (!item || typeof item !== 'object') continue;
    if ('selectionRange' in item && item.range && item.selectionRange) {
      out.push({
        name: item.name,
        kind: symbolKindName(item.kind),
        container,
        line: item.range.start.line,
        character: item.range.start.character,
        endLine: item.range.end.line,
        selection: item.selectionRange.start,
      });
      const children = Array.isArray(item.children) ? item.children : [];
      const inner = container ? `${container}.${item.name}` : item.name;
      for (let index = Math.min(children.length, MAX_ANSWER_ITEMS + 1) - 1; index >= 0; index--)
        pending.push({ symbol: children[index]!, container: inner });
    } else if ('location' in item && item.location?.range) {
      const start = item.location.range.start;
      out.push({
        name: item.name,
        kind: symbolKindName(item.kind),
        container: item.containerName ?? '',
        line: start.line,
        character: start.character,
        endLine: item.location.range.end.line,
        selection: start,
      });
    }
  }
  return out;
}

/** `Foo.bar` matches bar in container Foo (or a.Foo); `bar` matches bar in any container. */
function matchesName(name: string, container: string, wanted: string[]): boolean {
  if (bareName(name) !== wanted[wanted.length - 1]) return false;
  const containers = wanted.slice(0, -1);
  if (containers.length === 0) return true;
  const have = container.split('.').filter(Boolean);
  if (have.length < containers.length) return false;
  return containers.every((part, index) => have[have.length - containers.length + index] === part);
}

/** A name without the parameter list some servers add (`bar(x)`). */
function bareName(name: string): string {
  return name.replace(/\(.*\)$/, '');
}

function qualified(symbol: OutlineSymbol): string {
  return symbol.container ? `${symbol.container}.${symbol.name}` : symbol.name;
}

function chooseOne<T>(matches: T[], symbol: string, label: (match: T) => string): T | undefined {
  if (matches.length <= 1) return matches[0];
  const shown = matches.slice(0, 10).map(label);
  throw new ToolError(
    'AMBIGUOUS_MATCH',
    `symbol ${symbol} names ${matches.length} symbols: ${shown.join('; ')}${matches.length > 10 ? '; …' : ''}. Add its container (Foo.bar), give path, or give a position`,
    { candidates: shown },
  );
}

/** Workspace symbols need a project: a server that holds no file open is given one of its files. */
async function ensureProject(client: LanguageClient, signal: AbortSignal | undefined): Promise<void> {
  if (client.openCount > 0) return;
  const { files } = await sourceFiles(
    client.workspace,
    client.workspace,
    client.spec.covers,
    { files: 1, entries: 20_000 },
    signal,
  );
  const first = files[0];
  if (first === undefined) return;
  const absolute = path.join(client.workspace, first);
  await openFile(client, { absolute, relative: first });
}
