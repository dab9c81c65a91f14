// Loads tree-sitter-bash (WebAssembly, through web-tree-sitter) once, on the first shell rule that
// needs it, and parses command lines with a size cap and a time budget.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Language, Node, Parser, Tree } from 'web-tree-sitter';
import { monotonicMs } from '../services/clock.js';

/** Longer lines are not parsed: they are opaque (decided as `ask` at best). */
export const MAX_PARSE_CHARS = 32 * 1024;
/** A parse that runs longer than this is abandoned (opaque). */
export const PARSE_BUDGET_MS = 50;

export type { Node as SyntaxNode, Tree as SyntaxTree };

interface Loaded {
  parser: Parser;
  Parser: typeof Parser;
  Language: typeof Language;
}

const loads = new Map<string, Promise<{ parser: Parser }>>();
let runtime: Promise<Omit<Loaded, 'parser'>> | undefined;

function loadRuntime(): Promise<Omit<Loaded, 'parser'>> {
  return (runtime ??= (async () => {
    const module = await import('web-tree-sitter');
    // Its own wasm ships beside the grammars: the bundle inlines web-tree-sitter's JS only.
    await module.Parser.init({ locateFile: (file: string) => grammarPath(file) });
    return { Parser: module.Parser, Language: module.Language };
  })());
}

/**
 * The path of a grammar (or of web-tree-sitter's own tree-sitter.wasm) shipped in runtime/grammars/, from wherever this code runs: the
 * source or tsc's layout (beside shell/), a bundle entry in dist/, or a bundle chunk in dist/chunks/.
 */
export function grammarPath(file: string): string {
  for (const relative of ['../grammars/', './runtime/grammars/', '../runtime/grammars/']) {
    const candidate = fileURLToPath(new URL(relative + file, import.meta.url));
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`the grammar ${file} is missing from the installed package (reinstall toolwright)`);
}

/** A tree-sitter parser for a grammar shipped with the package (`tree-sitter-bash.wasm`). */
export function loadGrammar(wasmFile: string): Promise<{ parser: Parser }> {
  let loading = loads.get(wasmFile);
  if (!loading) {
    loading = (async () => {
      const { Parser: ParserClass, Language: LanguageClass } = await loadRuntime();
      const language = await LanguageClass.load(grammarPath(wasmFile));
      const parser = new ParserClass();
      parser.setLanguage(language);
      return { parser };
    })();
    loading.catch(() => loads.delete(wasmFile));
    loads.set(wasmFile, loading);
  }
  return loading;
}

export const BASH_WASM = 'tree-sitter-bash.wasm';

/** Loads the bash grammar (idempotent). loadBashParser (./analyser.ts) loads it with the analyser. */
export async function loadBashGrammar(): Promise<void> {
  bash = (await loadGrammar(BASH_WASM)).parser;
}

let bash: Parser | undefined;

/** Whether the bash grammar is loaded (`parseShellSync` parses). */
export function bashGrammarLoaded(): boolean {
  return bash !== undefined;
}

/**
 * Parses a command line; `undefined` when the line is too long, the parse ran out of its budget,
 * or the parser is not loaded. The caller must `delete()` the tree.
 */
export function parseShellSync(line: string): Tree | undefined {
  if (!bash || line.length > MAX_PARSE_CHARS) return undefined;
  const deadline = monotonicMs() + PARSE_BUDGET_MS;
  try {
    const tree = bash.parse(line, null, { progressCallback: cancelAfter(deadline) });
    if (!tree) bash.reset();
    return tree ?? undefined;
  } catch {
    bash.reset();
    return undefined;
  }
}

/** Parses any text with a loaded grammar (HCL files); same budget rules, larger cap. */
export function parseWith(parser: Parser, text: string, budgetMs = 2_000): Tree | undefined {
  const deadline = monotonicMs() + budgetMs;
  const tree = parser.parse(text, null, { progressCallback: cancelAfter(deadline) });
  if (!tree) parser.reset();
  return tree ?? undefined;
}

/** tree-sitter cancels a parse when the progress callback returns true (its .d.ts says void). */
function cancelAfter(deadline: number): () => void {
  return () => monotonicMs() > deadline;
}
