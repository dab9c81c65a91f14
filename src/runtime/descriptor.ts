import type { ErrorCode } from './errors.js';
import { RISKS, ROLES, type Kind, type Requirement, type Risk, type Role } from './vocabulary.js';

export type { Kind, Requirement, Risk, Role };
export { ROLES };
/** Risks from least to most harmful. */
export const RISK_ORDER: readonly Risk[] = RISKS;
/** How an edit operation's input says what to change: old/new strings, or a patch in the apply_patch envelope. */
export type EditFormat = 'str_replace' | 'apply_patch';

/**
 * The roles of a params schema's properties, shaped like the schema: a property has a role, or (an
 * object or an array of objects) roles inside it. `path`, `glob`, `command`, `url` and `patch` are
 * only ever on top-level properties; `secret` and `content` may sit at any depth.
 */
export type RoleTree = { readonly [property: string]: Role | RoleNode };
export interface RoleNode {
  /** Roles of the properties of an object value. */
  readonly properties?: RoleTree;
  /** Roles inside each item of an array value. */
  readonly items?: Role | RoleNode;
}

/** A JSON Schema object as it appears in catalog.yaml. */
export type JsonSchema = { readonly [key: string]: unknown };

/** Minimal shape of an Ajv validation error (what the precompiled validators report). */
export interface ValidationIssue {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Ajv's own type for an error's params
  params: Record<string, any>;
  message?: string;
}

/** An Ajv standalone validator: returns true when valid, else sets `errors`. */
export type CompiledValidator = ((data: unknown) => boolean) & {
  errors?: ValidationIssue[] | null;
};

/** An operation's facts as the catalog spells them (snake_case): what a schema listing shows again. */
export interface CatalogOperationFacts {
  title: string;
  kind: Kind;
  risk: Risk;
  risk_note?: string;
  idempotent: boolean;
  open_world: boolean;
  /** The call may take long: MCP clients may run it as a task. */
  long_running?: boolean;
  /** The edit format the operation's input is written in (model-API exporters pick one per model). */
  edit_format?: EditFormat;
  description: string;
  params: JsonSchema;
  result: JsonSchema;
}

/** Everything the runtime knows about one operation; emitted by codegen into registry.ts. */
export interface OperationDescriptor {
  /** `provider.operation` */
  readonly id: string;
  readonly provider: string;
  /** The tool name models see; unique across providers. */
  readonly name: string;
  readonly title: string;
  readonly kind: Kind;
  readonly risk: Risk;
  readonly riskNote?: string;
  readonly idempotent: boolean;
  readonly openWorld: boolean;
  /** The call may take long (the catalog's `long_running`): MCP serves it as a task when the client asks. */
  readonly longRunning?: boolean;
  /** Services the operation cannot work without; a toolkit lacking one does not list it. */
  readonly requires?: readonly Requirement[];
  /** Other names a caller may use for it (the catalog's `aliases`): "did you mean" turns them into its name. */
  readonly aliases?: readonly string[];
  /** Its provider's aliases, carried by each operation (the policy and the CLI see operations only). */
  readonly providerAliases?: readonly string[];
  /**
   * The edit format its input is written in (the catalog's `edit_format`): exporters given an
   * `editFormat` list only the edit operations of that format.
   */
  readonly editFormat?: EditFormat;
  readonly description: string;
  readonly params: JsonSchema;
  /** The roles the catalog declares for params (absent: none). Not part of the schema models see. */
  readonly roles?: RoleTree;
  /**
   * The catalog's `command_paths`: `modelled` when every line of its `command` param is one the
   * runtime's read-only shell model reads whole (the handler runs no other), so `path` rules apply to
   * the paths a line names and the folders it walks; the line runs in its one `path` param (else the
   * workspace root). Absent on an operation with a `command` param: a line can reach any path, and a
   * `path` rule on the operation is refused when the policy compiles.
   */
  readonly commandPaths?: 'modelled';
  readonly result: JsonSchema;
  /**
   * The roles the catalog declares for the result's fields (absent: none): a `path` field (at any
   * depth) holds a workspace path, and the runtime hides the entry holding it when a path rule
   * denies it. Shaped like `roles`.
   */
  readonly resultRoles?: RoleTree;
  readonly errors: readonly ErrorCode[];
  /** Checks params, filling in the catalog's defaults of what is left out: it writes into what it checks, so hand it a copy. */
  readonly validateParams: CompiledValidator;
  readonly validateResult: CompiledValidator;
  /**
   * Loads the two validators above when they are not in memory yet (generated registries load a
   * provider's validators on its first call); returns undefined once they are. The runtime awaits
   * it before it validates; code that calls the validators itself awaits it first. Absent: the
   * validators are ready as they are.
   */
  readonly loadValidators?: () => Promise<void> | undefined;
}

/**
 * The shape of one entry of a generated `Operations` map (tool name → provider, id, the caller's
 * input, the handler's params, result). `input` and `params` differ where a parameter has a
 * default: the caller may leave it out, the handler always receives it.
 */
export interface OperationTypes {
  provider: string;
  id: string;
  /* eslint-disable @typescript-eslint/no-explicit-any -- a catalog's generated types narrow these; any keeps every one assignable */
  input?: any;
  params: any;
  result: any;
  /* eslint-enable @typescript-eslint/no-explicit-any */
}

/** An operations map that knows nothing about its entries (untyped providers). */
export type AnyOperations = { [name: string]: OperationTypes };

/**
 * One catalog provider's descriptors, as codegen emits them into registry.ts. `Ops` is the
 * catalog's generated `Operations` map, carried for typing only.
 */
export interface ProviderDescriptor<Ops extends object = AnyOperations> {
  readonly name: string;
  readonly description: string;
  /** Other names a caller may use for the provider (the catalog's `aliases`). */
  readonly aliases?: readonly string[];
  readonly operations: readonly OperationDescriptor[];
  /** Type-only: the catalog's `Operations` map; never set at run time. */
  readonly '~operations'?: Ops;
}
