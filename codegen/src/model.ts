// Normalize: the validated catalog as plain typed data that every emitter reads.
import type { CatalogOperationFacts, ExampleCase, Requirement, RoleTree } from './runtime-facts.js';

export interface RawOperation extends CatalogOperationFacts {
  /** Services the operation cannot work without (the toolkit does not list it when one is missing). */
  requires?: Requirement[];
  /** Codes beyond the common ones; absent when the operation needs none. */
  errors?: string[];
  /** Path rules apply to what its command lines name (the runtime's read-only shell model reads them). */
  command_paths?: 'modelled';
  examples: ExampleCase[];
}

export interface RawCatalog {
  errors?: Record<string, string>;
  providers: Record<string, { description: string; operations: Record<string, RawOperation> }>;
}

export interface OperationModel extends Omit<RawOperation, 'errors'> {
  errors: string[];
  provider: string;
  name: string;
  id: string;
  /** PascalCase base for type names: read_file → ReadFile. */
  typeName: string;
  /** The roles its params declare (taken out of `params` before validation). */
  roles?: RoleTree;
}

export interface ProviderModel {
  name: string;
  description: string;
  typeName: string;
  operations: OperationModel[];
}

export interface CatalogModel {
  /** The catalog's own codes (toolwright's common codes come on top). */
  errors: { code: string; meaning: string }[];
  providers: ProviderModel[];
  operations: OperationModel[];
}

export function pascalCase(name: string): string {
  return name
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

export function normalize(raw: RawCatalog): CatalogModel {
  const providers = Object.entries(raw.providers).map(([name, provider]) => ({
    name,
    description: provider.description.trim(),
    typeName: pascalCase(name),
    operations: Object.entries(provider.operations).map(([opName, op]) => ({
      ...op,
      description: op.description.trim(),
      provider: name,
      name: opName,
      id: `${name}.${opName}`,
      typeName: pascalCase(opName),
      errors: op.errors ?? [],
    })),
  }));
  return {
    errors: Object.entries(raw.errors ?? {}).map(([code, meaning]) => ({ code, meaning })),
    providers,
    operations: providers.flatMap((p) => p.operations),
  };
}
