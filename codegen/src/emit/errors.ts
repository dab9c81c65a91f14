// Emits <out>/errors.ts: a ToolError typed with this catalog's codes, for handler bodies to throw.
import type { CatalogModel } from '../model.js';
import { HEADER, type EmittedFile, type Layout } from './common.js';

export function emitErrors(_model: CatalogModel, layout: Layout): EmittedFile {
  const content = [
    HEADER,
    "import { ToolError as BaseToolError } from 'toolwright';",
    "import type { ErrorCode } from './types.js';",
    '',
    "/** A ToolError whose code must be one of this catalog's (its own codes and toolwright's common ones). */",
    'export class ToolError extends BaseToolError<ErrorCode> {}',
    '',
    'export type { ErrorCode };',
    '',
  ].join('\n');
  return { path: `${layout.out}/errors.ts`, content };
}
