// Emits <out>/validators/<chunk>.ts (Ajv standalone code, precompiled: no schema compilation at
// run time; compile.ts makes it, a chunk of operations per file) and <out>/validators.ts, the
// table the registry reads: params/result validators by operation id.
import { validatorExport, type ValidatorChunk } from '../compile.js';
import type { CatalogModel } from '../model.js';
import { HEADER, str, type EmittedFile, type Layout } from './common.js';

export function emitValidatorChunk(chunk: ValidatorChunk, code: string, layout: Layout): EmittedFile {
  const content = [
    HEADER.trimEnd(),
    '// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.',
    code,
  ].join('\n');
  return { path: `${layout.out}/validators/${chunk.name}.ts`, content };
}

export function emitValidatorIndex(model: CatalogModel, chunks: ValidatorChunk[], layout: Layout): EmittedFile {
  const moduleOf = new Map<string, string>();
  const imports = chunks.map((chunk, i) => {
    for (const op of chunk.operations) moduleOf.set(op.id, `chunk${i}`);
    return `import * as chunk${i} from ${str(`./validators/${chunk.name}.js`)};`;
  });
  const table = model.operations.map((op) => {
    const module = moduleOf.get(op.id)!;
    return `  ${str(op.id)}: { params: ${module}.${validatorExport(op.name, 'params')}, result: ${module}.${validatorExport(op.name, 'result')} },`;
  });
  const content = [
    HEADER,
    "import type { CompiledValidator } from 'toolwright';",
    ...imports,
    '',
    '/** Precompiled params/result validators by operation id. */',
    'export const validators: Record<string, { params: CompiledValidator; result: CompiledValidator }> = {',
    ...table,
    '};',
    '',
  ].join('\n');
  return { path: `${layout.out}/validators.ts`, content };
}
