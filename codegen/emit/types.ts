// Emits src/generated/types.ts: params/result interfaces (json-schema-to-typescript), the ErrorCode
// union, the Operations map and one <Provider>Handlers interface per provider plus Handlers.
import { compile } from 'json-schema-to-typescript';
import { IndentationText, Project, QuoteKind } from 'ts-morph';
import type { CatalogModel } from '../model.js';
import { cloneJson, HEADER, str, type EmittedFile } from './common.js';

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

export async function emitTypes(model: CatalogModel): Promise<EmittedFile> {
  const parts: string[] = [HEADER, "import type { Handler } from '../runtime/handler.js';", ''];
  parts.push('/** Every error code a tool call can carry (closed set from catalog.yaml). */');
  parts.push(`export type ErrorCode =\n${model.errors.map((e) => `  | ${str(e.code)}`).join('\n')};`, '');
  parts.push(`export const ERROR_CODES = [\n${model.errors.map((e) => `  ${str(e.code)},`).join('\n')}\n] as const;`, '');

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

  parts.push('/** Every operation by tool name: its provider, params and result. */');
  parts.push('export interface Operations {');
  for (const op of model.operations) {
    parts.push(`  ${op.name}: { provider: ${str(op.provider)}; id: ${str(op.id)}; params: ${op.typeName}Params; result: ${op.typeName}Result };`);
  }
  parts.push('}', '');
  parts.push('export type OperationName = keyof Operations;', '');
  parts.push(`export type ProviderName = ${model.providers.map((p) => str(p.name)).join(' | ') || 'never'};`, '');

  for (const provider of model.providers) {
    parts.push(`/** Handler bodies of the ${provider.name} provider (src/handlers/${provider.name}.ts). */`);
    parts.push(`export interface ${provider.typeName}Handlers {`);
    for (const op of provider.operations) {
      parts.push(`  ${op.name}: Handler<${op.typeName}Params, ${op.typeName}Result>;`);
    }
    parts.push('}', '');
  }
  parts.push('/** The complete handler map: src/handlers/index.ts must satisfy it. */');
  parts.push('export interface Handlers {');
  for (const provider of model.providers) parts.push(`  ${provider.name}: ${provider.typeName}Handlers;`);
  parts.push('}', '');
  return { path: 'src/generated/types.ts', content: formatTypeScript(parts.join('\n')) };
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
