// Edits say what they broke: a change to files a language server covers is wrapped so its result
// carries `diagnostics` — the errors the change introduced, in those files and the files that
// depend on them — and its text shows them briefly after the diff. One call in each edit handler.
import { withText, type Rendered } from '../contract/handler.js';
import type { EditDiagnostics } from './code.js';
import type { HandlerContext } from '../contract/types.js';
import type { ResolvedPath } from '../fs/workspace.js';
import { hiddenSourceCount } from './hidden-sources.js';

/** Most introduced errors the text shows (the output lists up to the service's own bound). */
const SHOWN = 10;

/**
 * Runs `change` (a write or edit of `files`) and, when code intelligence covers them and the change
 * was written (not a dry run), adds what it introduced. A check that fails or has nothing to say
 * leaves the result as it was; the change itself is never held up beyond the check's time budget.
 */
export async function withEditDiagnostics<T extends object>(
  ctx: HandlerContext,
  files: readonly ResolvedPath[],
  change: () => Promise<Rendered<T>>,
): Promise<Rendered<T & { diagnostics?: EditDiagnostics }>> {
  const code = ctx.services.code;
  // Its messages could quote what the policy keeps from reading: the change goes on unchecked.
  const unseen = code ? await hiddenSourceCount(ctx).catch(() => undefined) : undefined;
  const check = code && !unseen ? await code.beginEdit(files).catch(() => undefined) : undefined;
  const done = await change();
  if (!check || (done.output as { dry_run?: boolean }).dry_run === true) return done;
  const found = await check.finish(ctx.signal).catch(() => undefined);
  if (!found) return done;
  const report = await visibleOnly(ctx, found);
  return withText({ ...done.output, diagnostics: report }, `${done.text.trimEnd()}\n\n${editDiagnosticsText(report)}`);
}

/** Errors in files a path rule hides from this call are left out (and counted in `omitted`). */
async function visibleOnly(ctx: HandlerContext, report: EditDiagnostics): Promise<EditDiagnostics> {
  if (!ctx.visiblePaths || report.introduced.length === 0) return report;
  const visible = new Set(await ctx.visiblePaths([...new Set(report.introduced.map((item) => item.path))]));
  const introduced = report.introduced.filter((item) => visible.has(item.path));
  const hidden = report.introduced.length - introduced.length;
  return hidden === 0 ? report : { ...report, introduced, omitted: (report.omitted ?? 0) + hidden };
}

/** The lines a model reads after the diff. */
export function editDiagnosticsText(report: EditDiagnostics): string {
  const lines: string[] = [];
  const count = report.introduced.length + (report.omitted ?? 0);
  if (count > 0) {
    lines.push(`This change introduced ${count} error${count === 1 ? '' : 's'}:`);
    for (const item of report.introduced.slice(0, SHOWN)) {
      const code = item.code ? ` [${item.source ? `${item.source} ` : ''}${item.code}]` : '';
      lines.push(`  ${item.path}:${item.line}:${item.column} ${oneLine(item.message)}${code}`);
    }
    const more = count - Math.min(SHOWN, report.introduced.length);
    if (more > 0) lines.push(`  … and ${more} more`);
  } else if (report.complete) {
    const others = report.files_checked - 1;
    lines.push(
      `No new errors${others > 0 ? ` (checked with the ${others} file${others === 1 ? '' : 's'} that import${others === 1 ? 's' : ''} it)` : ''}.`,
    );
  }
  if (!report.complete) lines.push(`Diagnostics incomplete: ${report.note ?? 'the time budget ran out'}.`);
  return lines.join('\n');
}

function oneLine(message: string): string {
  const flat = message.replace(/\s*\n\s*/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 299)}…` : flat;
}
