// Emits src/generated/types.ts: params/result interfaces (json-schema-to-typescript), the ErrorCode
// union, the Operations map and one <Provider>Handlers interface per provider plus Handlers.
import { compile } from 'json-schema-to-typescript';
import { IndentationText, Project, QuoteKind } from 'ts-morph';
import type { CatalogModel } from '../model.js';
import { COMMON_ERRORS } from '../../runtime/error-codes.js';
import { cloneJson, HEADER, str, type EmittedFile, type Layout } from './common.js';

/** Nested titles would become separate, possibly colliding interfaces: inline everything below the root. */
function stripNestedTitles(node: unknown, isRoot = true, isPropertyMap = false): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((item) => stripNestedTitles(item, false));
  const record = node as Record<string, unknown>;
  // In a `properties` map, `title` is a property name (task_create's title), not the keyword.
  if (!isRoot && !isPropertyMap) delete record.title;
  for (const [key, value] of Object.entries(record)) stripNestedTitles(value, false, !isPropertyMap && key === 'properties');
}

async function interfaceFor(schema: unknown, name: string): Promise<string> {
  const copy = cloneJson(schema) as Record<string, unknown>;
  stripNestedTitles(copy);
  copy.title = name;
  const code = await compile(copy as never, name, {
    bannerComment: '',
    additionalProperties: false,
    format: false,
    unknownAny: true,
    strictIndexSignatures: true,
  });
  return code.trim();
}

export async function emitTypes(model: CatalogModel, layout: Layout): Promise<EmittedFile> {
  const parts: string[] = [HEADER, "import type { CommonErrorCode, Handler } from 'toolwright';", ''];
  const codes = [...Object.keys(COMMON_ERRORS), ...model.errors.map((e) => e.code)];
  parts.push('/** Every error code a tool call of this catalog can carry: its own codes and toolwright\'s common ones. */');
  parts.push(`export type ErrorCode =\n  | CommonErrorCode${model.errors.map((e) => `\n  | ${str(e.code)}`).join('')};`, '');
  parts.push(`export const ERROR_CODES = [\n${codes.map((code) => `  ${str(code)},`).join('\n')}\n] as const satisfies readonly ErrorCode[];`, '');

  const interfaces = await Promise.all(
    model.operations.flatMap((op) => [
      interfaceFor(op.params, `${op.typeName}Params`),
      interfaceFor(op.result, `${op.typeName}Result`),
    ]),
  );
  model.operations.forEach((op, i) => {
    parts.push(`// ${op.id}`);
    parts.push(interfaces[2 * i]!, '', interfaces[2 * i + 1]!, '');
  });

  // A type alias, not an interface: it must be assignable to toolwright's index-signature map.
  parts.push('/** Every operation by tool name: its provider, params and result (types `toolkit.call`). */');
  parts.push('export type Operations = {');
  for (const op of model.operations) {
    parts.push(`  ${op.name}: { provider: ${str(op.provider)}; id: ${str(op.id)}; params: ${op.typeName}Params; result: ${op.typeName}Result };`);
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
  return { path: `${layout.out}/types.ts`, content: formatTypeScript(parts.join('\n')) };
}

/** One formatting pass over the whole file (json-schema-to-typescript's output is unindented without prettier). */
function formatTypeScript(code: string): string {
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Double },
  });
  const file = project.createSourceFile('types.ts', code);
  file.formatText({ indentSize: 2, convertTabsToSpaces: true, ensureNewLineAtEndOfFile: true });
  return file.getFullText();
}
