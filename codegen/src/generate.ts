// The generator pipeline: load → validate → compile (per chunk) → normalize → emit. Files are handed
// to a sink one at a time as they are made, so a big catalog's output is never all in memory.
import { chunksOf } from './compile.js';
import { compileChunks } from './compile-pool.js';
import { DEFAULT_LAYOUT, type EmittedFile, type Layout } from './emit/common.js';
import { emitConformance, type ProbePlan } from './emit/conformance.js';
import { emitErrors } from './emit/errors.js';
import { emitRegistry } from './emit/registry.js';
import { emitSchemas } from './emit/schemas.js';
import { emitTypes } from './emit/types.js';
import { emitValidatorIndex } from './emit/validators.js';
import { collectGarbage } from './heap.js';
import { formatProblem, loadCatalog, type LoadedCatalog, type Problem } from './load.js';
import { normalize, type RawCatalog } from './model.js';
import { splitRoles } from './roles.js';
import { commandPathsProblems } from './command-paths.js';
import { operationsOf, validateCatalog } from './validate.js';

/** From this many operations the parse's garbage is collected before compiling (one full collection). */
const COLLECT_FROM_OPERATIONS = 1_000;

/** A file as the sink gets it: text, or (a validators chunk from a compile worker) its UTF-8 bytes. */
export interface OutputFile {
  path: string;
  content: string | Uint8Array;
}
export type FileSink = (file: OutputFile) => void | Promise<void>;

export type StreamOutcome =
  | { ok: true; paths: string[] }
  /** Catalog problems, each one located line; nothing complete was emitted. */
  | { ok: false; problems: string[] };

export type GenerateOutcome = { ok: true; files: EmittedFile[] } | { ok: false; problems: string[] };

/**
 * Runs the whole pipeline, handing each file to `sink`; `displayName` is how problems name the
 * catalog file, `layout` where the files go (relative to the project folder). Problems come sorted
 * by position. A failure of the generator itself (not of the catalog) is thrown, never reported as
 * a catalog problem.
 */
export async function generateTo(
  source: string | CatalogSource,
  displayName: string,
  layout: Layout,
  sink: FileSink,
): Promise<StreamOutcome> {
  const catalog = loadCatalog(displayName, take(source), typeof source === 'string' ? undefined : source.reload);
  if (catalog.parseProblems.length > 0) return failed(catalog, catalog.parseProblems);
  // Roles come out of the schemas first: everything after sees plain JSON Schema.
  const split = splitRoles(catalog.takeData());
  const data = split.data;
  const operations = operationsOf(data);
  const problems: Problem[] = [
    ...split.problems,
    ...validateCatalog(data, operations),
    ...commandPathsProblems(operations, split.roles),
  ];
  const paths: string[] = [];
  const emit = async (file: OutputFile) => {
    paths.push(file.path);
    await sink(file);
  };
  const chunks = chunksOf(operations);
  const probeBase = new Map<string, ProbePlan>();
  // What parsing left behind goes before the workers start, not after they are done.
  if (operations.length >= COLLECT_FROM_OPERATIONS) collectGarbage();
  await compileChunks(chunks, problems.length === 0, layout, async (_index, compiled) => {
    for (const problem of compiled.problems) problems.push(problem);
    for (const [id, base] of compiled.probeBase) probeBase.set(id, base);
    if (problems.length === 0) for (const file of compiled.files ?? []) await emit(file);
  });
  if (problems.length > 0) return failed(catalog, problems);
  catalog.releaseSource();

  const model = normalize(data as RawCatalog);
  for (const op of model.operations) {
    const roles = split.roles.get(op.id);
    if (roles) op.roles = roles;
    const resultRoles = split.resultRoles.get(op.id);
    if (resultRoles) op.resultRoles = resultRoles;
  }
  await emit(emitTypes(model, layout));
  await emit(emitSchemas(model, layout));
  await emit(emitValidatorIndex(model, layout));
  await emit(emitRegistry(model, layout));
  await emit(emitErrors(model, layout));
  for (const provider of model.providers) {
    const file = emitConformance(provider, probeBase, layout);
    if (file) await emit(file);
  }
  return { ok: true, paths };
}

/**
 * The catalog's text, handed over: generateTo drops it once nothing more needs locating, or at
 * once when it can `reload` it (to locate a problem).
 */
export interface CatalogSource {
  text?: string;
  reload?: () => string;
}

function take(source: string | CatalogSource): string {
  if (typeof source === 'string') return source;
  const text = source.text ?? '';
  delete source.text;
  return text;
}

/** The pipeline in memory (tests, small catalogs): every file, sorted by path. */
export async function generate(
  text: string,
  displayName: string,
  layout: Layout = DEFAULT_LAYOUT,
): Promise<GenerateOutcome> {
  const files: EmittedFile[] = [];
  const outcome = await generateTo(text, displayName, layout, (file) => {
    files.push({
      path: file.path,
      content: typeof file.content === 'string' ? file.content : Buffer.from(file.content).toString('utf8'),
    });
  });
  if (!outcome.ok) return outcome;
  return { ok: true, files: files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) };
}

function failed(catalog: LoadedCatalog, problems: Problem[]): StreamOutcome {
  const located = dedupe(problems).map((p) => ({
    text: formatProblem(catalog, p),
    ...(p.position ?? catalog.locate(p.path, p.atKey)),
  }));
  located.sort((a, b) => a.line - b.line || a.col - b.col);
  return { ok: false, problems: located.map((p) => p.text) };
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${JSON.stringify(p.path)}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
