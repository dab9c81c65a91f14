// Emits <out>/validators/<provider>.<operation>.ts (Ajv standalone code, precompiled: no schema
// compilation at run time; compile.ts makes it, a module per operation) and <out>/validators.ts,
// the table the registry reads: params/result validators by operation id, each module imported lazily.
import { validatorExport, type ValidatorModule } from '../compile.js';
import type { CatalogModel } from '../model.js';
import { HEADER, str, type EmittedFile, type Layout } from './common.js';

/** Where an operation's validators module is, relative to <out>/validators/, without extension. */
const moduleName = (operationId: string): string => operationId;

export function emitValidatorModule(module: ValidatorModule, layout: Layout): EmittedFile {
  const content = [
    HEADER.trimEnd(),
    '// @ts-nocheck — Ajv standalone output is not written to pass the type checker; validators.ts types it.',
    module.code,
  ].join('\n');
  return { path: `${layout.out}/validators/${moduleName(module.operation)}.ts`, content };
}

export function emitValidatorIndex(model: CatalogModel, layout: Layout): EmittedFile {
  const moduleOf = new Map<string, string>();
  const loaders = model.operations.map((op, i) => {
    moduleOf.set(op.id, `module${i}`);
    const file = `./validators/${moduleName(op.id)}.js`;
    return `const module${i} = lazyValidators(() => import(${str(file)}), ${str(op.id)});`;
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
    '// One module per operation, imported on its first call: a process loads only the validators of',
    '// the operations it calls.',
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
