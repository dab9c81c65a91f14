// Emits <out>/types.ts: params/result interfaces (emit/ts-type.ts), the ErrorCode union, the
// Operations map and one <Provider>Handlers interface per provider plus Handlers.
import type { CatalogModel } from '../model.js';
import { COMMON_ERRORS } from '../vocabulary.js';
import { HEADER, str, type EmittedFile, type Layout } from './common.js';
import { declarationsFor } from './ts-type.js';
import { paramDefaults } from '../defaults.js';

export function emitTypes(model: CatalogModel, layout: Layout): EmittedFile {
  const parts: string[] = [HEADER, "import type { CommonErrorCode, Handler } from 'toolwright';", ''];
  const codes = [...Object.keys(COMMON_ERRORS), ...model.errors.map((e) => e.code)];
  parts.push(
    "/** Every error code a tool call of this catalog can carry: its own codes and toolwright's common ones. */",
  );
  parts.push(
    `export type ErrorCode =\n  | CommonErrorCode${model.errors.map((e) => `\n  | ${str(e.code)}`).join('')};`,
    '',
  );
  parts.push(
    `export const ERROR_CODES = [\n${codes.map((code) => `  ${str(code)},`).join('\n')}\n] as const satisfies readonly ErrorCode[];`,
    '',
  );

  for (const op of model.operations) {
    parts.push(`// ${op.id}`);
    // The handler's params (defaults filled in: always present) and the caller's input (they may be left out).
    const withDefaults = paramDefaults(op.params, []).filled.length > 0;
    parts.push(declarationsFor(op.params, `${op.typeName}Params`, true), '');
    parts.push(
      withDefaults
        ? declarationsFor(op.params, `${op.typeName}Input`)
        : `/** What a caller passes: the same as what the handler receives (no parameter has a default). */\nexport type ${op.typeName}Input = ${op.typeName}Params;`,
      '',
    );
    parts.push(declarationsFor(op.result, `${op.typeName}Result`), '');
  }

  // A type alias, not an interface: it must be assignable to toolwright's index-signature map.
  parts.push(
    "/** Every operation by tool name: its provider, the caller's input (types `toolkit.call`), the handler's params and the result. */",
  );
  parts.push('export type Operations = {');
  for (const op of model.operations) {
    parts.push(
      `  ${op.name}: { provider: ${str(op.provider)}; id: ${str(op.id)}; input: ${op.typeName}Input; params: ${op.typeName}Params; result: ${op.typeName}Result };`,
    );
  }
  parts.push('};', '');
  parts.push('export type OperationName = keyof Operations;', '');
  parts.push(`export type ProviderName = ${model.providers.map((p) => str(p.name)).join(' | ') || 'never'};`, '');

  for (const provider of model.providers) {
    parts.push(`/** Handler bodies of the ${provider.name} provider. */`);
    parts.push(`export interface ${provider.typeName}Handlers {`);
    for (const op of provider.operations) {
      parts.push(`  ${op.name}: Handler<${op.typeName}Params, ${op.typeName}Result>;`);
    }
    parts.push('}', '');
  }
  parts.push(`/** The complete handler map: the \`handlers\` export of ${layout.handlers} must satisfy it. */`);
  parts.push('export interface Handlers {');
  for (const provider of model.providers) parts.push(`  ${provider.name}: ${provider.typeName}Handlers;`);
  parts.push('}', '');
  return { path: `${layout.out}/types.ts`, content: parts.join('\n') };
}
