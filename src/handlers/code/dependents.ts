// The files that depend on a changed file, whose errors an edit may have caused: tsserver's own
// file references for TypeScript, else the covered files whose import lines name the module (a
// bounded scan; a file named there that does not depend on it only costs a check).
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LanguageClient } from './lsp/client.js';
import { placeOf } from './source.js';
import { sourceFiles } from './walk.js';

export const MAX_DEPENDENTS = 20;
const SCAN_LIMITS = { files: 3_000, entries: 30_000 };
const MAX_SCANNED_BYTES = 256 * 1024;
const LISTING_MS = 10_000;

const listings = new Map<string, { at: number; files: string[] }>();

/** Workspace-relative paths of files that depend on `relative` (not itself), at most MAX_DEPENDENTS. */
export async function dependentsOf(
  client: LanguageClient,
  absolute: string,
  relative: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<string[]> {
  if (client.spec.flavour === 'typescript') {
    const answer = await client.request<{ success?: boolean; body?: { refs?: { file: string }[] } } | null>(
      'workspace/executeCommand',
      {
        command: 'typescript.tsserverRequest',
        arguments: ['fileReferences', { file: absolute }, { lowPriority: false }],
      },
      timeoutMs,
      signal,
    );
    const files = new Set<string>();
    for (const ref of answer?.body?.refs ?? []) {
      const place = placeOf(pathToFileURL(ref.file).href, client.workspace);
      if (place?.inside && place.path !== relative) files.add(place.path);
    }
    return [...files].slice(0, MAX_DEPENDENTS);
  }
  return importersByName(client, relative, signal);
}

async function importersByName(
  client: LanguageClient,
  relative: string,
  signal: AbortSignal | undefined,
): Promise<string[]> {
  const name = moduleName(relative);
  if (!name) return [];
  const word = new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`);
  const importLine =
    /^\s*(?:import|from|export|const|let|var|use|using|include|#include|require|mod)\b|\brequire\s*\(|\bimport\s*\(/;
  const found: string[] = [];
  for (const file of await coveredFiles(client, signal)) {
    if (signal?.aborted || found.length >= MAX_DEPENDENTS) break;
    if (file === relative) continue;
    const absolute = path.join(client.workspace, file);
    const size = await stat(absolute).then(
      (stats) => stats.size,
      () => Infinity,
    );
    if (size > MAX_SCANNED_BYTES) continue;
    const text = await readFile(absolute, 'utf8').catch(() => '');
    if (!word.test(text)) continue;
    if (text.split('\n').some((line) => importLine.test(line) && word.test(line))) found.push(file);
  }
  return found;
}

/** The name other files import a module by: its file name without extension (its folder's for an index). */
function moduleName(relative: string): string | undefined {
  const base = path.posix.basename(relative).replace(/\.[^.]+$/, '');
  if (base === '__init__' || base === 'index' || base === 'mod') {
    const folder = path.posix.basename(path.posix.dirname(relative));
    return folder && folder !== '.' ? folder : undefined;
  }
  return base || undefined;
}

async function coveredFiles(client: LanguageClient, signal: AbortSignal | undefined): Promise<string[]> {
  const key = JSON.stringify([client.workspace, client.spec.key]);
  const cached = listings.get(key);
  if (cached && Date.now() - cached.at < LISTING_MS) return cached.files;
  const { files } = await sourceFiles(client.workspace, client.workspace, client.spec.covers, SCAN_LIMITS, signal);
  if (listings.size > 32) listings.clear();
  listings.set(key, { at: Date.now(), files });
  return files;
}
