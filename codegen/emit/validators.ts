// Emits src/generated/validators.ts: Ajv standalone, precompiled validators (no schema compilation
// at run time). Ajv's standalone ESM output still require()s runtime helpers; they are rewritten
// into ESM imports here.
import standaloneModule from 'ajv/dist/standalone/index.js';

// The CJS module's default export is the function; under NodeNext types it arrives as `.default`.
const standaloneCode = standaloneModule.default;
import type { CatalogModel } from '../model.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { schemaId } from '../validate.js';
import { HEADER, type EmittedFile } from './common.js';

/** `ajv` already holds every schema, compiled by validation under `schemaId` (compiling twice costs seconds on big catalogs). */
export function emitValidators(model: CatalogModel, ajv: Ajv2020): EmittedFile {
  const exportsMap: Record<string, string> = {};
  for (const op of model.operations) {
    for (const part of ['params', 'result'] as const) exportsMap[`${op.ident}_${part}`] = schemaId(op.id, part);
  }
  let code = standaloneCode(ajv, exportsMap).replace(/^"use strict";/, '');

  const helpers = new Map<string, string>();
  code = code.replace(/require\("([^"]+)"\)/g, (_match: string, spec: string) => {
    let name = helpers.get(spec);
    if (!name) {
      name = `runtimeHelper${helpers.size}`;
      helpers.set(spec, name);
    }
    return name;
  });
  // `require(x)` means the CJS module.exports object. Node's ESM loader gives it as the namespace's
  // default; bundlers honouring __esModule give exports.default there instead, so pick the object.
  const imports = [...helpers].flatMap(([spec, name]) => [
    `import * as ${name}Namespace from ${JSON.stringify(`${spec}.js`)};`,
    `const ${name} = typeof ${name}Namespace.default === 'object' && ${name}Namespace.default !== null ? ${name}Namespace.default : ${name}Namespace;`,
  ]);

  const table = model.operations
    .map((op) => `  ${JSON.stringify(op.id)}: { params: ${op.ident}_params, result: ${op.ident}_result },`)
    .join('\n');
  const content = [
    HEADER.trimEnd(),
    '// @ts-nocheck — Ajv standalone output is not written to pass the type checker; the export below is typed.',
    "import type { CompiledValidator } from '../runtime/descriptor.js';",
    ...imports,
    '',
    code.trim(),
    '',
    '/** Precompiled params/result validators by operation id. */',
    'export const validators: Record<string, { params: CompiledValidator; result: CompiledValidator }> = {',
    table,
    '};',
    '',
  ].join('\n');
  return { path: 'src/generated/validators.ts', content };
}
