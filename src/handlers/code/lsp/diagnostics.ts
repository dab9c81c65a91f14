// A file's diagnostics, asked the way each server answers best: tsserver directly for TypeScript
// (typescript-language-server does not send an unchanged empty list again, so its pushes cannot say
// a check is done), the pull request (`textDocument/diagnostic`) where a server offers it, else the
// server's next push for the file's current text.
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { ToolError } from '../../../runtime/errors.js';
import type { LanguageClient } from './client.js';
import { withDeadline } from './client.js';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** A diagnostic in the server's coordinates (0-based lines, UTF-16 offsets). */
export interface RawDiagnostic {
  line: number;
  character: number;
  endLine: number;
  endCharacter: number;
  severity: Severity;
  message: string;
  code?: string;
  source?: string;
}

const SEVERITIES: readonly Severity[] = ['error', 'warning', 'information', 'hint'];

/** The diagnostics of a file the client holds open (sync it first), within `timeoutMs`. */
export async function diagnosticsOf(
  client: LanguageClient,
  absolute: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<RawDiagnostic[]> {
  if (client.spec.flavour === 'typescript') return tsserverDiagnostics(client, absolute, timeoutMs, signal);
  if (client.capabilities.diagnosticProvider) {
    const report = await client.request<{ kind?: string; items?: Diagnostic[] } | null>(
      'textDocument/diagnostic',
      { textDocument: { uri: uriOf(absolute) } },
      timeoutMs,
      signal,
    );
    return (report?.items ?? []).map(fromLsp);
  }
  return pushedDiagnostics(client, absolute, timeoutMs, signal);
}

interface TsDiagnostic {
  start: { line: number; offset: number };
  end: { line: number; offset: number };
  text: string;
  code?: number;
  category?: string;
  source?: string;
}

async function tsserverDiagnostics(
  client: LanguageClient,
  absolute: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<RawDiagnostic[]> {
  const ask = (command: string) =>
    client.request<{ success?: boolean; message?: string; body?: TsDiagnostic[] } | null>(
      'workspace/executeCommand',
      { command: 'typescript.tsserverRequest', arguments: [command, { file: absolute }, { lowPriority: false }] },
      timeoutMs,
      signal,
    );
  const [syntactic, semantic] = await Promise.all([ask('syntacticDiagnosticsSync'), ask('semanticDiagnosticsSync')]);
  const found: RawDiagnostic[] = [];
  for (const response of [syntactic, semantic]) {
    if (!response || response.success === false) {
      throw new ToolError('UNAVAILABLE', `tsserver could not check the file: ${response?.message ?? 'no answer'}`);
    }
    for (const item of response.body ?? []) {
      found.push({
        line: item.start.line - 1,
        character: item.start.offset - 1,
        endLine: item.end.line - 1,
        endCharacter: item.end.offset - 1,
        severity: tsSeverity(item.category),
        message: item.text,
        ...(item.code !== undefined ? { code: String(item.code) } : {}),
        source: item.source ?? 'typescript',
      });
    }
  }
  return found;
}

function tsSeverity(category: string | undefined): Severity {
  switch (category) {
    case 'warning':
      return 'warning';
    case 'suggestion':
      return 'hint';
    case 'message':
      return 'information';
    default:
      return 'error';
  }
}

/** The first push for the file's current text, waiting at most `timeoutMs`. */
async function pushedDiagnostics(
  client: LanguageClient,
  absolute: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<RawDiagnostic[]> {
  const since = client.changedAt(absolute) ?? -1;
  const wait = async () => {
    for (;;) {
      const pushed = client.pushedSince(absolute, since);
      if (pushed) return pushed.map(fromLsp);
      if (client.dead) throw client.dead;
      await client.nextPush();
    }
  };
  return withDeadline(wait(), timeoutMs, signal, `${client.spec.name} sent no diagnostics within ${timeoutMs} ms`);
}

export function fromLsp(item: Diagnostic): RawDiagnostic {
  const severity = SEVERITIES[(item.severity ?? 1) - 1] ?? 'error';
  const message = typeof item.message === 'string' ? item.message : String((item.message as { value?: string })?.value);
  return {
    line: item.range.start.line,
    character: item.range.start.character,
    endLine: item.range.end.line,
    endCharacter: item.range.end.character,
    severity,
    message,
    ...(item.code !== undefined && item.code !== null ? { code: String(item.code) } : {}),
    ...(item.source ? { source: item.source } : {}),
  };
}

export function uriOf(absolute: string): string {
  return pathToFileURL(absolute).href;
}

/** Whether `item` is at least as severe as `least`. */
export function atLeast(item: Severity, least: Severity): boolean {
  return SEVERITIES.indexOf(item) <= SEVERITIES.indexOf(least);
}
