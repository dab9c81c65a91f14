// A file's diagnostics, asked the way each server answers best: tsserver directly for TypeScript
// (typescript-language-server does not send an unchanged empty list again, so its pushes cannot say
// a check is done), the pull request (`textDocument/diagnostic`) where a server offers it, else the
// server's next push for the file's current text.
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { ToolError } from '../../../runtime/contract/errors.js';
import type { LanguageClient } from './client.js';
import { withDeadline } from './bounds.js';
import { MAX_MESSAGE_CHARS, MAX_NAME_CHARS, serverText } from '../server-text.js';

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
  if (client.spec.flavour === 'pyright') return versionedPush(client, absolute, timeoutMs, signal);
  if (client.capabilities.diagnosticProvider) return pulledDiagnostics(client, absolute, timeoutMs, signal);
  return pushedDiagnostics(client, absolute, timeoutMs, signal);
}

/** Asked again with the answer's resultId until the server says unchanged (at most this often). */
const PULL_CONFIRMATIONS = 3;

/**
 * The pull request, confirmed: a server may start answering before it applied a change sent just
 * before (pyright handles both asynchronously), so the answer is asked for again with its resultId
 * until the server says it is unchanged, which holds once every earlier change is in.
 */
async function pulledDiagnostics(
  client: LanguageClient,
  absolute: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<RawDiagnostic[]> {
  const deadline = Date.now() + timeoutMs;
  let items: Diagnostic[] = [];
  let resultId: string | undefined;
  for (let round = 0; round <= PULL_CONFIRMATIONS; round++) {
    const report = await client.request<{ kind?: string; resultId?: string; items?: Diagnostic[] } | null>(
      'textDocument/diagnostic',
      { textDocument: { uri: uriOf(absolute) }, ...(resultId !== undefined ? { previousResultId: resultId } : {}) },
      Math.max(1, deadline - Date.now()),
      signal,
    );
    if (report?.kind === 'unchanged') break;
    items = report?.items ?? [];
    if (report?.resultId === undefined) break;
    resultId = report.resultId;
  }
  return items.map(fromLsp);
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
        message: serverText(item.text, MAX_MESSAGE_CHARS),
        ...(item.code !== undefined ? { code: serverText(item.code, MAX_NAME_CHARS, true) } : {}),
        source: item.source !== undefined ? serverText(item.source, MAX_NAME_CHARS, true) : 'typescript',
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

/**
 * The push for the document's current version, once the server has been quiet for a moment.
 * pyright pushes a changed file's diagnostics at once (the checker's part still from the text
 * before) and again when its analysis ends, which it brackets with progress notifications; its
 * pull answers have the same lag. Taking the last push of the version with no analysis running
 * and nothing new for SETTLE_MS is what keeps old errors from looking new.
 */
const SETTLE_MS = 150;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function versionedPush(
  client: LanguageClient,
  absolute: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<RawDiagnostic[]> {
  const wait = async () => {
    for (;;) {
      if (client.dead) throw client.dead;
      const version = client.versionOf(absolute);
      const pushed = client.pushedFor(absolute);
      if (version !== undefined && pushed?.version === version && !client.analysing) {
        const quiet = Date.now() - client.lastEvent;
        if (quiet >= SETTLE_MS) return pushed.diagnostics.map(fromLsp);
        await Promise.race([client.nextPush(), sleep(SETTLE_MS - quiet)]);
        continue;
      }
      await client.nextPush();
    }
  };
  return withDeadline(wait(), timeoutMs, signal, `${client.spec.name} sent no diagnostics within ${timeoutMs} ms`);
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
  const message = serverText(
    typeof item.message === 'string' ? item.message : (item.message as { value?: string } | undefined)?.value,
    MAX_MESSAGE_CHARS,
  );
  return {
    line: item.range.start.line,
    character: item.range.start.character,
    endLine: item.range.end.line,
    endCharacter: item.range.end.character,
    severity,
    message,
    // A source and code are names the server chose: inert and bounded as its messages are.
    ...(item.code !== undefined && item.code !== null ? { code: serverText(item.code, MAX_NAME_CHARS, true) } : {}),
    ...(item.source ? { source: serverText(item.source, MAX_NAME_CHARS, true) } : {}),
  };
}

export function uriOf(absolute: string): string {
  return pathToFileURL(absolute).href;
}

/** Whether `item` is at least as severe as `least`. */
export function atLeast(item: Severity, least: Severity): boolean {
  return SEVERITIES.indexOf(item) <= SEVERITIES.indexOf(least);
}
