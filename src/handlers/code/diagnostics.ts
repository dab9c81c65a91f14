// code.diagnostics: the errors and warnings of one file, or of the source files under a folder,
// each file asked of the server that covers it.
import { stat } from 'node:fs/promises';
import { refuseWhenServerReadsHidden } from '../../runtime/services/hidden-sources.js';
import path from 'node:path';
import type { DiagnosticsParams, DiagnosticsResult } from '../../generated/types.js';
import { confinedPath } from '../../runtime/fs/confine.js';
import { continuationLine, nextArguments } from '../../runtime/contract/continuation.js';
import { ToolError } from '../../runtime/contract/errors.js';
import { withText, type Rendered } from '../../runtime/contract/handler.js';
import type { CodeDiagnostic } from '../../runtime/services/code.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import type { ServerSpec } from './discovery.js';
import { atLeast, diagnosticsOf } from './lsp/diagnostics.js';
import { codeOf, openFile, timeoutOf, visibleOnly } from './operation.js';
import { characterColumn, splitLines } from './source.js';
import { noServerFor } from './target.js';
import { sourceFiles } from './walk.js';

/** Files a folder's check asks about at most (the rest is said in notes). */
const MAX_FILES = 500;

export async function diagnostics(
  params: DiagnosticsParams,
  ctx: HandlerContext,
): Promise<Rendered<DiagnosticsResult>> {
  const code = codeOf(ctx);
  await refuseWhenServerReadsHidden(ctx, 'diagnostics');
  const target = confinedPath(ctx, 'path');
  const stats = await stat(target.absolute).catch(() => undefined);
  if (!stats) throw new ToolError('NOT_FOUND', `${target.relative} does not exist`);
  const notes: string[] = [];
  let files: string[];
  if (stats.isDirectory()) {
    const servers = code.discovery().servers;
    const walked = await sourceFiles(
      ctx.workspace.root,
      target.absolute,
      (relative) => servers.some((spec) => spec.covers(relative)),
      { files: MAX_FILES, entries: 100_000 },
      ctx.signal,
    );
    files = walked.files;
    if (!walked.complete)
      notes.push(`checked the first ${files.length} source files in name order; give a narrower path for the rest`);
  } else {
    if (!code.serverFor(target.relative)) throw noServerFor(target.relative);
    files = [target.relative];
  }
  files = (await ctx.visiblePaths?.(files)) ?? files;
  const severity = params.severity ?? 'warning';
  const found: CodeDiagnostic[] = [];
  const deadline = Date.now() + timeoutOf(params);
  const remaining = () => Math.max(1, deadline - Date.now());
  const bySpec = new Map<ServerSpec, string[]>();
  for (const file of files) {
    const spec = code.serverFor(file);
    if (spec) bySpec.set(spec, [...(bySpec.get(spec) ?? []), file]);
  }
  for (const [spec, group] of bySpec) {
    await code.run(spec, remaining(), ctx.signal, async (client) => {
      for (const relative of group) {
        const absolute = path.join(ctx.workspace.root, relative);
        const text = await openFile(client, { absolute, relative });
        const lines = splitLines(text);
        for (const item of await diagnosticsOf(client, absolute, remaining(), ctx.signal)) {
          if (!atLeast(item.severity, severity)) continue;
          found.push({
            path: relative,
            line: item.line + 1,
            column: characterColumn(lines[item.line], item.character),
            end_line: item.endLine + 1,
            end_column: characterColumn(lines[item.endLine], item.endCharacter),
            severity: item.severity,
            message: item.message,
            ...(item.code !== undefined ? { code: item.code } : {}),
            ...(item.source !== undefined ? { source: item.source } : {}),
          });
        }
      }
    });
  }
  const { items } = await visibleOnly(ctx, found);
  const offset = params.offset ?? 0;
  const limit = params.limit ?? 100;
  const page = items.slice(offset, offset + limit);
  const truncated = offset + page.length < items.length;
  const next = truncated ? nextArguments(params, { offset: offset + page.length }) : undefined;
  const output: DiagnosticsResult = {
    diagnostics: page,
    files_checked: files.length,
    total: items.length,
    truncated,
    ...(next ? { next } : {}),
    ...(notes.length ? { notes } : {}),
  };
  const lines = page.map(
    (d) =>
      `${d.path}:${d.line}:${d.column} ${d.severity} ${d.message.replace(/\s*\n\s*/g, ' ')}${d.code ? ` [${d.source ? `${d.source} ` : ''}${d.code}]` : ''}`,
  );
  const head =
    items.length === 0
      ? `No ${severity === 'error' ? 'errors' : 'problems'} in ${files.length} file${files.length === 1 ? '' : 's'}.`
      : `${items.length} diagnostic${items.length === 1 ? '' : 's'} in ${files.length} file${files.length === 1 ? '' : 's'}:`;
  const tail = [
    ...notes.map((note) => `[${note}]`),
    ...(next ? [continuationLine(`showing ${offset + 1}-${offset + page.length} of ${items.length}`, next)] : []),
  ];
  return withText(output, [head, ...lines, ...tail].join('\n'));
}
