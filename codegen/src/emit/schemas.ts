// Emits src/generated/schemas.ts: the catalog's JSON schemas as data. The data is one JSON text
// read with JSON.parse: V8 scans a string literal and parses JSON several times faster than it
// compiles and runs an object literal as large, and every process that builds a toolkit loads it.
import type { CatalogModel } from '../model.js';
import { HEADER, str, type EmittedFile, type Layout } from './common.js';

export function emitSchemas(model: CatalogModel, layout: Layout): EmittedFile {
  const data = Object.fromEntries(model.operations.map((op) => [op.id, { params: op.params, result: op.result }]));
  const ids = model.operations.map((op) => `  | ${str(op.id)}`).join('\n');
  const content = [
    HEADER,
    "import type { JsonSchema } from 'toolwright';",
    '',
    'type OperationId =',
    `${ids || '  never'};`,
    '',
    '/** Params and result schemas by operation id. */',
    'export const schemas: Readonly<Record<OperationId, { readonly params: JsonSchema; readonly result: JsonSchema }>> =',
    `  JSON.parse(${str(JSON.stringify(data))});`,
    '',
  ].join('\n');
  return { path: `${layout.out}/schemas.ts`, content };
}
