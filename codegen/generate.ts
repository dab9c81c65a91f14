// The generator pipeline: load → validate → normalize → emit.
import { emitConformance } from './emit/conformance.js';
import type { EmittedFile } from './emit/common.js';
import { emitRegistry } from './emit/registry.js';
import { emitSchemas } from './emit/schemas.js';
import { emitTypes } from './emit/types.js';
import { emitValidators } from './emit/validators.js';
import { formatProblem, loadCatalog } from './load.js';
import { normalize, type RawCatalog } from './model.js';
import { validateCatalog } from './validate.js';

/** Folders whose every file is generated: anything else found there is stale. */
export const GENERATED_DIRS = ['src/generated', 'test/generated'] as const;

export type GenerateOutcome =
  | { ok: true; files: EmittedFile[] }
  | { ok: false; problems: string[] };

/** Runs the whole pipeline in memory; `displayName` is how problems name the catalog file. */
export async function generate(text: string, displayName: string): Promise<GenerateOutcome> {
  const catalog = loadCatalog(displayName, text);
  if (catalog.parseProblems.length > 0) {
    return { ok: false, problems: catalog.parseProblems.map((p) => formatProblem(catalog, p)) };
  }
  const { problems, ajv } = validateCatalog(catalog.data);
  if (problems.length > 0) {
    return { ok: false, problems: problems.map((p) => formatProblem(catalog, p)) };
  }
  const model = normalize(catalog.data as RawCatalog);
  const files = [
    await emitTypes(model),
    emitSchemas(model),
    emitValidators(model, ajv),
    emitRegistry(model),
    ...emitConformance(model),
  ].sort((a, b) => a.path.localeCompare(b.path));
  return { ok: true, files };
}
