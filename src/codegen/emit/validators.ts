// Emits <out>/validators.ts: Ajv standalone, precompiled validators (no schema compilation at run
// time). Ajv's standalone ESM output still require()s runtime helpers (equal, ucs2length, formats…);
// they are rewritten to toolwright/validator-runtime, so the user needs no ajv of their own.
import standaloneModule from 'ajv/dist/standalone/index.js';

// The CJS module's default export is the function; under NodeNext types it arrives as `.default`.
const standaloneCode = standaloneModule.default;
import type { CatalogModel } from '../model.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { schemaId } from '../validate.js';
import { AJV_RUNTIME_MODULES } from '../../validator-runtime.js';
import { HEADER, type EmittedFile, type Layout } from './common.js';

/** `ajv` already holds every schema, compiled by validation under `schemaId` (compiling twice costs seconds on big catalogs). */
export function emitValidators(model: CatalogModel, ajv: Ajv2020, layout: Layout): EmittedFile {
  const exportsMap: Record<string, string> = {};
  for (const op of model.operations) {
    for (const part of ['params', 'result'] as const) exportsMap[`${op.ident}_${part}`] = schemaId(op.id, part);
  }
  let code = standaloneCode(ajv, exportsMap).replace(/^"use strict";/, '');

  const helpers = new Map<string, string>();
  code = code.replace(/require\("([^"]+)"\)/g, (_match: string, spec: string) => {
    if (!AJV_RUNTIME_MODULES.includes(spec)) {
      throw new Error(`the precompiled validators need ${spec}, which toolwright/validator-runtime does not provide`);
    }
    let name = helpers.get(spec);
    if (!name) {
      name = `runtimeHelper${helpers.size}`;
      helpers.set(spec, name);
    }
    return name;
  });
  // `require(x)` in the standalone code means the CommonJS module object: ajvRuntimeModule returns it.
  const imports = helpers.size === 0 ? [] : [
    "import { ajvRuntimeModule } from 'toolwright/validator-runtime';",
    ...[...helpers].map(([spec, name]) => `const ${name} = ajvRuntimeModule(${JSON.stringify(spec)});`),
  ];

  const table = model.operations
    .map((op) => `  ${JSON.stringify(op.id)}: { params: ${op.ident}_params, result: ${op.ident}_result },`)
    .join('\n');
  const content = [
    HEADER.trimEnd(),
    '// @ts-nocheck — Ajv standalone output is not written to pass the type checker; the export below is typed.',
    "import type { CompiledValidator } from 'toolwright';",
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
  return { path: `${layout.out}/validators.ts`, content };
}
