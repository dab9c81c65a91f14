// The generator pipeline: load → validate → normalize → emit.
import { emitConformance } from './emit/conformance.js';
import { DEFAULT_LAYOUT, type EmittedFile, type Layout } from './emit/common.js';
import { emitErrors } from './emit/errors.js';
import { emitRegistry } from './emit/registry.js';
import { emitSchemas } from './emit/schemas.js';
import { emitTypes } from './emit/types.js';
import { emitValidators } from './emit/validators.js';
import { formatProblem, loadCatalog } from './load.js';
import { normalize, type RawCatalog } from './model.js';
import { splitRoles } from './roles.js';
import { validateCatalog } from './validate.js';

export type GenerateOutcome =
  | { ok: true; files: EmittedFile[] }
  | { ok: false; problems: string[] };

/**
 * Runs the whole pipeline in memory; `displayName` is how problems name the catalog file, `layout`
 * where the files go (relative to the project folder). Problems come sorted by position.
 */
export async function generate(text: string, displayName: string, layout: Layout = DEFAULT_LAYOUT): Promise<GenerateOutcome> {
  const catalog = loadCatalog(displayName, text);
  if (catalog.parseProblems.length > 0) {
    return { ok: false, problems: catalog.parseProblems.map((p) => formatProblem(catalog, p)) };
  }
  // Roles come out of the schemas first: everything after sees plain JSON Schema.
  const split = splitRoles(catalog.data);
  const checked = validateCatalog(split.data);
  const { ajv } = checked;
  const problems = [...split.problems, ...checked.problems];
  if (problems.length > 0) {
    const located = problems.map((p) => ({ text: formatProblem(catalog, p), ...(p.position ?? catalog.locate(p.path, p.atKey)) }));
    located.sort((a, b) => a.line - b.line || a.col - b.col);
    return { ok: false, problems: located.map((p) => p.text) };
  }
  const model = normalize(split.data as RawCatalog);
  for (const op of model.operations) {
    const roles = split.roles.get(op.id);
    if (roles) op.roles = roles;
  }
  let validators: EmittedFile;
  try {
    validators = emitValidators(model, ajv, layout);
  } catch (error) {
    return { ok: false, problems: [`${displayName}:1:1: ${(error as Error).message}`] };
  }
  const files = [
    await emitTypes(model, layout),
    emitSchemas(model, layout),
    validators,
    emitRegistry(model, layout),
    emitErrors(model, layout),
    ...emitConformance(model, ajv, layout),
  ].sort((a, b) => a.path.localeCompare(b.path));
  return { ok: true, files };
}
