// What an edit broke: the errors of the changed files and of the files that depend on them, asked
// of their server with the text from before the change and again with the text after it; only the
// errors that were not there before are reported. Errors are matched by code, message and the text
// they cover (not by line), so lines moved by the edit do not make old errors look new. All within
// the edit's time budget: what was not compared in time is said, never waited for.
import path from 'node:path';
import { ToolError } from '../../runtime/contract/errors.js';
import type { CodeDiagnostic, EditCheck, EditDiagnostics } from '../../runtime/services/code.js';
import type { ResolvedPath } from '../../runtime/fs/workspace.js';
import { dependentsOf } from './dependents.js';
import type { ServerSpec } from './discovery.js';
import type { LanguageClient } from './lsp/client.js';
import { diagnosticsOf, type RawDiagnostic } from './lsp/diagnostics.js';
import type { WorkspaceCode } from './service.js';
import { characterColumn, readSource, splitLines } from './source.js';

/** Introduced errors listed (the rest are counted in `omitted`). */
const MAX_LISTED = 20;

interface Covered {
  file: ResolvedPath;
  spec: ServerSpec;
}

interface Changed {
  file: ResolvedPath;
  /** Undefined: the file did not exist (or could not be read) before the change. */
  before: string | undefined;
}

export async function beginEditCheck(code: WorkspaceCode, covered: readonly Covered[]): Promise<EditCheck> {
  const changed = new Map<ServerSpec, Changed[]>();
  for (const { file, spec } of covered) {
    const before = await readSource(file.absolute, file.relative, code.workspace).then(
      (source) => source?.text,
      () => undefined,
    );
    changed.set(spec, [...(changed.get(spec) ?? []), { file, before }]);
  }
  return { finish: (signal) => finishCheck(code, changed, signal) };
}

async function finishCheck(
  code: WorkspaceCode,
  changed: Map<ServerSpec, Changed[]>,
  signal: AbortSignal,
): Promise<EditDiagnostics | undefined> {
  const deadline = Date.now() + code.editBudgetMs;
  const report: EditDiagnostics = { introduced: [], complete: true, files_checked: 0 };
  const notes: string[] = [];
  for (const [spec, files] of changed) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      report.complete = false;
      notes.push(`${spec.name}: no time left in the ${code.editBudgetMs} ms budget`);
      continue;
    }
    try {
      await code.run(spec, remaining, signal, (client) => compare(client, files, deadline, signal, report, notes));
    } catch (error) {
      if (signal.aborted) throw error;
      report.complete = false;
      const message = error instanceof Error ? error.message : String(error);
      notes.push(
        error instanceof ToolError && error.code === 'TIMEOUT' && /still starting/.test(message)
          ? `${spec.name} is still starting (it goes on, so later edits are checked)`
          : message,
      );
    }
  }
  // Nothing compared and nothing to say (a file too large to send, unreadable): no report at all.
  if (report.complete && report.files_checked === 0) return undefined;
  if (report.introduced.length > MAX_LISTED) {
    report.omitted = report.introduced.length - MAX_LISTED;
    report.introduced = report.introduced.slice(0, MAX_LISTED);
  }
  if (notes.length > 0) report.note = notes.join('; ');
  return report;
}

async function compare(
  client: LanguageClient,
  files: readonly Changed[],
  deadline: number,
  signal: AbortSignal,
  report: EditDiagnostics,
  notes: string[],
): Promise<void> {
  const left = () => {
    const ms = deadline - Date.now();
    if (ms <= 0) throw new ToolError('TIMEOUT', 'the time budget ran out');
    return ms;
  };
  const after = new Map<string, string | undefined>();
  for (const { file } of files) {
    after.set(
      file.absolute,
      (await readSource(file.absolute, file.relative, client.workspace).catch(() => undefined))?.text,
    );
  }
  const checked: string[] = [];
  try {
    // Dependents, found with the text from before (a file that existed is set back to it first).
    const dependents = new Set<string>();
    for (const { file, before } of files) {
      if (before === undefined) continue;
      client.sync(file.absolute, file.relative, before);
      for (const dependent of await dependentsOf(client, file.absolute, file.relative, left(), signal)) {
        if (!files.some((f) => f.file.relative === dependent)) dependents.add(dependent);
      }
    }
    const others: { absolute: string; relative: string; text: string }[] = [];
    for (const relative of dependents) {
      const absolute = path.join(client.workspace, relative);
      const source = await readSource(absolute, relative, client.workspace).catch(() => undefined);
      if (!source) continue;
      client.sync(absolute, relative, source.text);
      others.push({ absolute, relative, text: source.text });
    }
    // Before: the changed files as they were (dependents as they are: the change did not touch them).
    const before = new Map<string, RawDiagnostic[]>();
    for (const { file, before: text } of files) {
      if (text === undefined) continue;
      before.set(file.absolute, errors(await diagnosticsOf(client, file.absolute, left(), signal)));
    }
    for (const other of others) {
      before.set(other.absolute, errors(await diagnosticsOf(client, other.absolute, left(), signal)));
    }
    // After: the changed files as written.
    for (const { file } of files) {
      const text = after.get(file.absolute);
      if (text === undefined) client.close(file.absolute);
      else client.sync(file.absolute, file.relative, text);
    }
    for (const { file, before: beforeText } of files) {
      const text = after.get(file.absolute);
      if (text === undefined) continue;
      const now = errors(await diagnosticsOf(client, file.absolute, left(), signal));
      report.introduced.push(
        ...introduced(file.relative, before.get(file.absolute) ?? [], beforeText ?? '', now, text),
      );
      checked.push(file.relative);
    }
    for (const other of others) {
      const now = errors(await diagnosticsOf(client, other.absolute, left(), signal));
      report.introduced.push(
        ...introduced(other.relative, before.get(other.absolute) ?? [], other.text, now, other.text),
      );
      checked.push(other.relative);
    }
  } catch (error) {
    if (signal.aborted || !(error instanceof ToolError && error.code === 'TIMEOUT')) throw error;
    report.complete = false;
    notes.push(
      `${client.spec.name} compared ${checked.length} file${checked.length === 1 ? '' : 's'} before the time budget ran out`,
    );
  } finally {
    // The server is left holding what is on disk.
    for (const { file } of files) {
      const text = after.get(file.absolute);
      if (text === undefined) client.close(file.absolute);
      else client.sync(file.absolute, file.relative, text);
    }
    report.files_checked += checked.length;
  }
}

function errors(items: RawDiagnostic[]): RawDiagnostic[] {
  return items.filter((item) => item.severity === 'error');
}

/**
 * The errors of `now` that `was` did not have. Each error is keyed by code, message and the text it
 * covers; a key that occurs more often now than before is new that many times, and among its
 * occurrences those at a line the old ones moved to are taken as the old ones.
 */
export function introduced(
  relative: string,
  was: readonly RawDiagnostic[],
  wasText: string,
  now: readonly RawDiagnostic[],
  nowText: string,
): CodeDiagnostic[] {
  const wasLines = splitLines(wasText);
  const nowLines = splitLines(nowText);
  const moved = lineMap(wasLines, nowLines);
  const old = new Map<string, number[]>();
  for (const item of was) {
    const key = keyOf(item, wasLines);
    old.set(key, [...(old.get(key) ?? []), moved(item.line)]);
  }
  const byKey = new Map<string, RawDiagnostic[]>();
  for (const item of now) {
    const key = keyOf(item, nowLines);
    byKey.set(key, [...(byKey.get(key) ?? []), item]);
  }
  const fresh: RawDiagnostic[] = [];
  for (const [key, items] of byKey) {
    const lines = old.get(key) ?? [];
    if (lines.length >= items.length) continue;
    // Those on a line an old one moved to are the old ones; the rest, in order, are new.
    const taken = new Set<RawDiagnostic>();
    let budget = lines.length;
    for (const item of items) {
      if (budget > 0 && lines.includes(item.line)) {
        taken.add(item);
        budget--;
      }
    }
    for (const item of items) {
      if (taken.has(item)) continue;
      if (budget > 0) {
        budget--;
        continue;
      }
      fresh.push(item);
    }
  }
  fresh.sort((a, b) => a.line - b.line || a.character - b.character);
  return fresh.map((item) => ({
    path: relative,
    line: item.line + 1,
    column: characterColumn(nowLines[item.line], item.character),
    end_line: item.endLine + 1,
    end_column: characterColumn(nowLines[item.endLine], item.endCharacter),
    severity: item.severity,
    message: item.message,
    ...(item.code !== undefined ? { code: item.code } : {}),
    ...(item.source !== undefined ? { source: item.source } : {}),
  }));
}

function keyOf(item: RawDiagnostic, lines: readonly string[]): string {
  const line = lines[item.line] ?? '';
  const end = item.endLine === item.line ? item.endCharacter : line.length;
  const covered = line.slice(item.character, Math.max(item.character, end)).trim().slice(0, 120);
  return JSON.stringify([item.code ?? '', item.message, covered]);
}

/** Where a line of the old text is in the new one (lines inside the changed region map to -1). */
function lineMap(was: readonly string[], now: readonly string[]): (line: number) => number {
  let prefix = 0;
  while (prefix < was.length && prefix < now.length && was[prefix] === now[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < was.length - prefix &&
    suffix < now.length - prefix &&
    was[was.length - 1 - suffix] === now[now.length - 1 - suffix]
  )
    suffix++;
  return (line) => (line < prefix ? line : line >= was.length - suffix ? line + now.length - was.length : -1);
}
