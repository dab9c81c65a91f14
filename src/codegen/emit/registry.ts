// Emits src/generated/registry.ts with ts-morph: one OperationDescriptor per operation, grouped
// into ProviderDescriptors in catalog order. The file is written by one CodeBlockWriter pass
// (ts-morph's per-statement manipulation reparses the file each time: quadratic on big catalogs).
import { IndentationText, Project, QuoteKind, type CodeBlockWriter } from 'ts-morph';
import type { CatalogModel, OperationModel } from '../model.js';
import { HEADER, str, type EmittedFile, type Layout } from './common.js';

function writeDescriptor(writer: CodeBlockWriter, op: OperationModel): void {
  writer.writeLine(`/** ${op.id} — ${op.kind} / ${op.risk} */`);
  writer.write(`const ${op.ident}: OperationDescriptor = `).inlineBlock(() => {
    writer.writeLine(`id: ${str(op.id)},`);
    writer.writeLine(`provider: ${str(op.provider)},`);
    writer.writeLine(`name: ${str(op.name)},`);
    writer.writeLine(`title: ${str(op.title)},`);
    writer.writeLine(`kind: ${str(op.kind)},`);
    writer.writeLine(`risk: ${str(op.risk)},`);
    if (op.risk_note !== undefined) writer.writeLine(`riskNote: ${str(op.risk_note.trim())},`);
    writer.writeLine(`idempotent: ${op.idempotent},`);
    writer.writeLine(`openWorld: ${op.open_world},`);
    if (op.requires?.length) writer.writeLine(`requires: [${op.requires.map(str).join(', ')}],`);
    writer.writeLine(`description: ${str(op.description)},`);
    writer.writeLine(`params: schemas[${str(op.id)}].params,`);
    if (op.roles) writer.writeLine(`roles: ${JSON.stringify(op.roles)},`);
    writer.writeLine(`result: schemas[${str(op.id)}].result,`);
    writer.writeLine(`errors: [${op.errors.map(str).join(', ')}],`);
    writer.writeLine(`validateParams: validators[${str(op.id)}]!.params,`);
    writer.writeLine(`validateResult: validators[${str(op.id)}]!.result,`);
  });
  writer.write(';').newLine();
}

export function emitRegistry(model: CatalogModel, layout: Layout): EmittedFile {
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Double },
  });
  const file = project.createSourceFile('registry.ts', (writer) => {
    writer.writeLine('import type { OperationDescriptor, ProviderDescriptor } from "toolwright";');
    writer.writeLine('import type { Operations } from "./types.js";');
    writer.writeLine('import { schemas } from "./schemas.js";');
    writer.writeLine('import { validators } from "./validators.js";');
    writer.blankLine();
    for (const op of model.operations) writeDescriptor(writer, op);
    writer.blankLine();
    writer.writeLine('/** Every provider of the catalog, in catalog order: `defineProviders(providers, handlers)` composes them. */');
    writer.write('export const providers: readonly ProviderDescriptor<Operations>[] = [').newLine();
    writer.indent(() => {
      for (const provider of model.providers) {
        writer.write('{').newLine();
        writer.indent(() => {
          writer.writeLine(`name: ${str(provider.name)},`);
          writer.writeLine(`description: ${str(provider.description)},`);
          writer.writeLine(`operations: [${provider.operations.map((op) => op.ident).join(', ')}],`);
        });
        writer.write('},').newLine();
      }
    });
    writer.writeLine('];');
    writer.blankLine();
    writer.writeLine('/** Every operation of the catalog, in catalog order. */');
    writer.writeLine(`export const operations: readonly OperationDescriptor[] = [${model.operations.map((op) => op.ident).join(', ')}];`);
    writer.blankLine();
    writer.writeLine('/** The same list under the name the package entry gives the reference registry. */');
    writer.writeLine('export { providers as catalogProviders };');
  });
  return { path: `${layout.out}/registry.ts`, content: `${HEADER}\n${file.getFullText()}` };
}
