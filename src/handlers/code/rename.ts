// code.rename: the server's rename edit, shown as one diff (a dry run by default) or applied to
// every file or none, each through the write transaction edit_file uses (lock, verified folder,
// stale-file guard, compare-and-swap, atomic replace); the result says what the rename broke.

import type { RenameParams, RenameResult } from '../../generated/types.js';
import { withEditDiagnostics } from '../../runtime/services/edit-diagnostics.js';
import { refuseKeptFromReading } from '../../runtime/policy/kept-from-reading.js';
import { ToolError } from '../../runtime/contract/errors.js';
import { withText, type Rendered } from '../../runtime/contract/handler.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import type { ResolvedPath } from '../../runtime/fs/workspace.js';
import { changeFile } from '../../runtime/fs/write-transaction.js';
import { uriOf } from './lsp/diagnostics.js';
import { onServers, timeoutOf } from './operation.js';
import { MAX_SOURCE_BYTES, placeOf, readSource } from './source.js';
import { findTarget, serverForParams, targetForm } from './target.js';

const MAX_DIFF_CHARS = 60_000;
const MAX_FILES = 500;

interface TextEdit {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  newText: string;
}

interface WorkspaceEdit {
  changes?: Record<string, TextEdit[]>;
  documentChanges?: ({ textDocument: { uri: string }; edits: TextEdit[] } | { kind: string })[];
}

interface FileChange {
  file: ResolvedPath;
  before: string;
  after: string;
  bom: boolean;
  edits: number;
}

export async function rename(params: RenameParams, ctx: HandlerContext): Promise<Rendered<RenameResult>> {
  targetForm(params);
  const file = params.path === undefined ? undefined : ctx.paths.path;
  const changes = await onServers(ctx, serverForParams(ctx, file), timeoutOf(params), async (client, remaining) => {
    const target = await findTarget(ctx, client, params, file, remaining());
    if (!target) return undefined;
    const edit = await client.request<WorkspaceEdit | null>(
      'textDocument/rename',
      { textDocument: { uri: uriOf(target.absolute) }, position: target.position, newName: params.new_name },
      remaining(),
      ctx.signal,
    );
    return planChanges(ctx, edit, (absolute) => client.textOf(absolute));
  });
  if (!changes) throw new ToolError('NOT_FOUND', `no symbol ${params.symbol} in the workspace`);
  if (changes.length === 0) throw new ToolError('NOT_FOUND', 'the language server found nothing to rename there');
  // Each file the rename would change is decided by the path rules as a path argument is: one they
  // keep from this operation refuses the whole rename, dry run too (its diff would show the file).
  await refuseKeptFromReading(
    ctx,
    changes.map((change) => change.file.relative),
    'the rename would change',
    false,
  );
  const { createTwoFilesPatch } = await import('diff');
  let diff = '';
  for (const change of changes) {
    if (diff.length > MAX_DIFF_CHARS) break;
    const rel = change.file.relative;
    diff += createTwoFilesPatch(`a/${rel}`, `b/${rel}`, change.before, change.after, undefined, undefined, {
      context: 3,
    })
      .split('\n')
      .slice(1)
      .join('\n');
  }
  if (diff.length > MAX_DIFF_CHARS)
    diff = `${diff.slice(0, MAX_DIFF_CHARS)}\n[diff cut at ${MAX_DIFF_CHARS} characters]\n`;
  const replacements = changes.reduce((sum, change) => sum + change.edits, 0);
  const files = changes.map((change) => change.file.relative);
  const summary = `${replacements} edit${replacements === 1 ? '' : 's'} in ${files.length} file${files.length === 1 ? '' : 's'}`;
  if (params.dry_run ?? true) {
    return withText(
      { files, replacements, diff, dry_run: true },
      `Dry run: renaming to ${params.new_name} makes ${summary}; nothing was written (dry_run: false applies it)\n${diff}`,
    );
  }
  return withEditDiagnostics(
    ctx,
    changes.map((change) => change.file),
    async () => {
      await applyAll(ctx, changes);
      return withText(
        { files, replacements, diff, dry_run: false },
        `Renamed to ${params.new_name}: ${summary}\n${diff}`,
      );
    },
  );
}

/** The new text of every file the edit touches, from what is on disk now. */
async function planChanges(
  ctx: HandlerContext,
  edit: WorkspaceEdit | null,
  heldText: (absolute: string) => string | undefined,
): Promise<FileChange[]> {
  const byUri = new Map<string, TextEdit[]>();
  for (const [uri, edits] of Object.entries(edit?.changes ?? {})) byUri.set(uri, [...(byUri.get(uri) ?? []), ...edits]);
  for (const change of edit?.documentChanges ?? []) {
    if (!('textDocument' in change)) {
      throw new ToolError(
        'INVALID_INPUT',
        `the rename would also ${change.kind} a file, which this operation does not do`,
      );
    }
    byUri.set(change.textDocument.uri, [...(byUri.get(change.textDocument.uri) ?? []), ...change.edits]);
  }
  if (byUri.size > MAX_FILES)
    throw new ToolError('TOO_LARGE', `the rename touches ${byUri.size} files (at most ${MAX_FILES})`);
  const planned: FileChange[] = [];
  for (const [uri, edits] of byUri) {
    const place = placeOf(uri, ctx.workspace.root);
    if (!place) continue;
    if (!place.inside) {
      throw new ToolError(
        'OUTSIDE_WORKSPACE',
        `the rename would change ${place.path}, outside the workspace; nothing was changed`,
      );
    }
    const resolved = await ctx.workspace.resolve(place.path);
    const source = await readSource(resolved.absolute, place.path, ctx.workspace.root);
    if (!source) throw new ToolError('NOT_FOUND', `${place.path} no longer exists`);
    const held = heldText(resolved.absolute);
    if (held !== undefined && held !== source.text) {
      throw new ToolError('STALE_FILE', `${place.path} changed on disk while the rename was computed; call again`);
    }
    planned.push({
      file: resolved,
      before: source.text,
      after: applyEdits(source.text, edits),
      bom: source.bom,
      edits: edits.length,
    });
  }
  return planned
    .filter((change) => change.before !== change.after)
    .sort((a, b) => (a.file.relative < b.file.relative ? -1 : 1));
}

/** Applies LSP text edits (positions into the original text; applied from the end). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 10 || (char === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  const offset = (position: { line: number; character: number }) => {
    const start = starts[position.line];
    if (start === undefined)
      throw new ToolError('INTERNAL', `a rename edit points past the end of the file (line ${position.line + 1})`);
    return Math.min(start + position.character, starts[position.line + 1] ?? text.length);
  };
  const ordered = edits
    .map((edit) => ({ from: offset(edit.range.start), to: offset(edit.range.end), text: edit.newText }))
    .sort((a, b) => b.from - a.from || b.to - a.to);
  let out = text;
  let limit = Infinity;
  for (const edit of ordered) {
    if (edit.to > limit) throw new ToolError('INTERNAL', 'the language server sent overlapping rename edits');
    out = out.slice(0, edit.from) + edit.text + out.slice(edit.to);
    limit = edit.from;
  }
  return out;
}

/** Writes every change or none: a failure restores the files already written. */
async function applyAll(ctx: HandlerContext, changes: readonly FileChange[]): Promise<void> {
  const written: FileChange[] = [];
  try {
    for (const change of changes) {
      await writeText(ctx, change, change.before, change.after);
      written.push(change);
    }
  } catch (error) {
    for (const change of written.reverse()) {
      await writeText(ctx, change, change.after, change.before).catch(() => {});
    }
    throw error;
  }
}

async function writeText(ctx: HandlerContext, change: FileChange, expected: string, text: string): Promise<void> {
  const prefix = change.bom ? '\uFEFF' : '';
  await changeFile(ctx, change.file, { createParents: false, readLimit: MAX_SOURCE_BYTES + 3 }, (current) => {
    const now = current?.bytes?.toString('utf8');
    if (now !== prefix + expected) {
      throw new ToolError(
        'STALE_FILE',
        `${change.file.relative} changed on disk after the rename was computed; nothing was renamed (call again)`,
      );
    }
    return { data: Buffer.from(prefix + text, 'utf8'), result: undefined };
  });
}
