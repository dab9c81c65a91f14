// A third party's provider built inside a test: its catalog generated in memory, written to a
// temporary project and imported, then composed with the handlers the test gives.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generate } from '../../codegen/src/generate.js';
import { defineProviders, type OperationDescriptor, type Provider } from '../../src/index.js';
import { tempDir } from './helpers.js';

export interface GeneratedProject {
  dir: string;
  /** The generated files by path (src/generated/types.ts …). */
  files: Map<string, string>;
  /** The registry's operations, by tool name. */
  operations: Map<string, OperationDescriptor>;
  /** The registry's `limits` export. */
  limits: Record<string, Record<string, Record<string, unknown>>>;
  providers(handlers: Record<string, Record<string, (params: any, ctx: any) => unknown>>): Provider<any>[];
}

export async function generatedProject(catalog: string, file = 'catalog.yaml'): Promise<GeneratedProject> {
  const outcome = await generate(catalog, file);
  if (!outcome.ok) throw new Error(outcome.problems.join('\n'));
  const dir = await tempDir();
  for (const generated of outcome.files) {
    await mkdir(path.dirname(path.join(dir, generated.path)), { recursive: true });
    await writeFile(path.join(dir, generated.path), generated.content);
  }
  const registry = (await import(path.join(dir, 'src/generated/registry.ts'))) as {
    providers: Parameters<typeof defineProviders>[0];
    operations: readonly OperationDescriptor[];
    limits: GeneratedProject['limits'];
  };
  return {
    dir,
    files: new Map(outcome.files.map((f) => [f.path, f.content])),
    operations: new Map(registry.operations.map((op) => [op.name, op])),
    limits: registry.limits,
    providers: (handlers) => defineProviders(registry.providers, handlers as never),
  };
}
