// Normalize: the validated catalog as plain typed data that every emitter reads.
type JsonSchema = { readonly [key: string]: unknown };

/** What a parameter is (`role:`); the vocabulary lists the names (vocabulary.ts). */
export type Role = string;
/**
 * The roles of a params schema's properties, shaped like the schema (emitted as a descriptor's
 * `roles`): a property has a role, or roles inside it.
 */
export type RoleTree = { readonly [property: string]: Role | RoleNode };
export interface RoleNode {
  readonly properties?: RoleTree;
  readonly items?: Role | RoleNode;
}

export type Fixture = string | { symlink: string } | { base64: string } | { dir: true };

/** One example of a catalog operation, as the catalog writes it (the conformance tests run it). */
export interface ExampleCase {
  name: string;
  files?: Record<string, Fixture>;
  options?: Record<string, unknown>;
  input: Record<string, unknown>;
  expect: {
    output?: Record<string, unknown>;
    error?: string;
    text_contains?: string;
    files?: Record<string, string | null>;
  };
}

/** An operation's facts as the catalog spells them (validated against catalog.schema.json first). */
export interface CatalogOperationFacts {
  title: string;
  kind: string;
  risk: string;
  risk_note?: string;
  idempotent: boolean;
  open_world: boolean;
  long_running?: boolean;
  description: string;
  params: JsonSchema;
  result: JsonSchema;
}

export interface RawOperation extends CatalogOperationFacts {
  /** Other names a caller may use for it (what "did you mean" turns into its name). */
  aliases?: string[];
  /** Services the operation cannot work without (the toolkit does not list it when one is missing). */
  requires?: string[];
  /** Codes beyond the common ones; absent when the operation needs none. */
  errors?: string[];
  /** Path rules apply to what its command lines name (the runtime's read-only shell model reads them). */
  command_paths?: 'modelled';
  /** The edit format its input is written in: exporters given an editFormat list only edit operations of that format. */
  edit_format?: 'str_replace' | 'apply_patch';
  examples: ExampleCase[];
}

export interface RawCatalog {
  errors?: Record<string, string>;
  providers: Record<string, { description: string; aliases?: string[]; operations: Record<string, RawOperation> }>;
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
  /** The roles its result's fields declare (`path`: hidden when a path rule denies it). */
  resultRoles?: RoleTree;
  /** Its provider's aliases (each descriptor carries them: the policy sees only operations). */
  providerAliases: string[];
}

export interface ProviderModel {
  name: string;
  description: string;
  aliases: string[];
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
    aliases: provider.aliases ?? [],
    typeName: pascalCase(name),
    operations: Object.entries(provider.operations).map(([opName, op]) => ({
      ...op,
      description: op.description.trim(),
      provider: name,
      name: opName,
      id: `${name}.${opName}`,
      typeName: pascalCase(opName),
      errors: op.errors ?? [],
      providerAliases: provider.aliases ?? [],
    })),
  }));
  return {
    errors: Object.entries(raw.errors ?? {}).map(([code, meaning]) => ({ code, meaning })),
    providers,
    operations: providers.flatMap((p) => p.operations),
  };
}
