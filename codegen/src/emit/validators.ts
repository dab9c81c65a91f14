// Emits <out>/validators/<chunk>.ts (Ajv standalone code, precompiled: no schema compilation at
// run time; compile.ts makes it, a chunk of operations per file) and <out>/validators.ts, the
// table the registry reads: params/result validators by operation id, each chunk imported lazily.
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
  const loaders = chunks.map((chunk, i) => {
    for (const op of chunk.operations) moduleOf.set(op.id, `chunk${i}`);
    return `const chunk${i} = lazyValidators(() => import(${str(`./validators/${chunk.name}.js`)}), ${str(chunk.name)});`;
  });
  const table = model.operations.map((op) => {
    const module = moduleOf.get(op.id)!;
    const params = `${module}.validator(${str(validatorExport(op.name, 'params'))})`;
    const result = `${module}.validator(${str(validatorExport(op.name, 'result'))})`;
    return `  ${str(op.id)}: { params: ${params}, result: ${result}, load: ${module}.load },`;
  });
  const content = [
    HEADER,
    "import type { CompiledValidator } from 'toolwright';",
    "import { lazyValidators } from 'toolwright/validator-runtime';",
    '',
    '// One module per provider (or part of one), imported on its first call: a process loads only the',
    '// validators of the providers it calls.',
    ...loaders,
    '',
    '/** Precompiled params/result validators by operation id; `load` brings in their module. */',
    'export const validators: Record<',
    '  string,',
    '  { params: CompiledValidator; result: CompiledValidator; load: () => Promise<void> | undefined }',
    '> = {',
    ...table,
    '};',
    '',
  ].join('\n');
  return { path: `${layout.out}/validators.ts`, content };
}
