// Emits src/generated/schemas.ts: the catalog's JSON schemas as const data.
import type { CatalogModel } from '../model.js';
import { HEADER, json, str, type EmittedFile, type Layout } from './common.js';

export function emitSchemas(model: CatalogModel, layout: Layout): EmittedFile {
  const entries = model.operations.map(
    (op) =>
      `  ${str(op.id)}: {\n    params: ${indent(json(op.params), 4)},\n    result: ${indent(json(op.result), 4)},\n  },`,
  );
  const content = `${HEADER}\nexport const schemas = {\n${entries.join('\n')}\n} as const;\n`;
  return { path: `${layout.out}/schemas.ts`, content };
}

function indent(text: string, spaces: number): string {
  return text.split('\n').join(`\n${' '.repeat(spaces)}`);
}
