// Emits src/generated/registry.ts with ts-morph: one OperationDescriptor per operation, grouped
// into ProviderDescriptors in catalog order.
import { Project, VariableDeclarationKind, type CodeBlockWriter } from 'ts-morph';
import type { CatalogModel, OperationModel } from '../model.js';
import { HEADER, str, type EmittedFile } from './common.js';

function writeDescriptor(writer: CodeBlockWriter, op: OperationModel): void {
  writer.block(() => {
    writer.writeLine(`id: ${str(op.id)},`);
    writer.writeLine(`provider: ${str(op.provider)},`);
    writer.writeLine(`name: ${str(op.name)},`);
    writer.writeLine(`title: ${str(op.title)},`);
    writer.writeLine(`kind: ${str(op.kind)},`);
    writer.writeLine(`risk: ${str(op.risk)},`);
    if (op.risk_note !== undefined) writer.writeLine(`riskNote: ${str(op.risk_note.trim())},`);
    writer.writeLine(`idempotent: ${op.idempotent},`);
    writer.writeLine(`openWorld: ${op.open_world},`);
    writer.writeLine(`description: ${str(op.description)},`);
    writer.writeLine(`params: schemas[${str(op.id)}].params,`);
    writer.writeLine(`result: schemas[${str(op.id)}].result,`);
    writer.writeLine(`errors: [${op.errors.map(str).join(', ')}],`);
    writer.writeLine(`validateParams: validators[${str(op.id)}]!.params,`);
    writer.writeLine(`validateResult: validators[${str(op.id)}]!.result,`);
  });
}

export function emitRegistry(model: CatalogModel): EmittedFile {
  const project = new Project({ useInMemoryFileSystem: true });
  const file = project.createSourceFile('registry.ts', '');
  file.addImportDeclarations([
    { isTypeOnly: true, namedImports: ['OperationDescriptor', 'ProviderDescriptor'], moduleSpecifier: '../runtime/descriptor.js' },
    { namedImports: ['schemas'], moduleSpecifier: './schemas.js' },
    { namedImports: ['validators'], moduleSpecifier: './validators.js' },
  ]);
  for (const op of model.operations) {
    file.addVariableStatement({
      declarationKind: VariableDeclarationKind.Const,
      docs: [`${op.id} — ${op.kind} / ${op.risk}`],
      declarations: [{ name: op.ident, type: 'OperationDescriptor', initializer: (w) => writeDescriptor(w, op) }],
    });
  }
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ['Every provider of the catalog, in catalog order.'],
    declarations: [
      {
        name: 'providers',
        type: 'readonly ProviderDescriptor[]',
        initializer: (writer) => {
          writer.write('[').newLine();
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
          writer.write(']');
        },
      },
    ],
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ['Every operation of the catalog, in catalog order.'],
    declarations: [{ name: 'operations', type: 'readonly OperationDescriptor[]', initializer: `[${model.operations.map((op) => op.ident).join(', ')}]` }],
  });
  file.formatText({ indentSize: 2, convertTabsToSpaces: true });
  return { path: 'src/generated/registry.ts', content: `${HEADER}\n${file.getFullText()}` };
}
