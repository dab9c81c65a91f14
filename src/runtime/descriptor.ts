import type { ErrorCode } from './errors.js';

export type Kind = 'data_source' | 'resource' | 'interactive';
export type Risk = 'read_only' | 'low' | 'moderate' | 'high' | 'critical';
/** A service an operation needs to work: a sub-agent kernel, a web search backend, a way to reach a human. */
export type Requirement = 'kernel' | 'search' | 'user';
export const RISK_ORDER: readonly Risk[] = ['read_only', 'low', 'moderate', 'high', 'critical'];

/** A JSON Schema object as it appears in catalog.yaml. */
export type JsonSchema = { readonly [key: string]: unknown };

/** Minimal shape of an Ajv validation error (what the precompiled validators report). */
export interface ValidationIssue {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, any>;
  message?: string;
}

/** An Ajv standalone validator: returns true when valid, else sets `errors`. */
export type CompiledValidator = ((data: unknown) => boolean) & {
  errors?: ValidationIssue[] | null;
};

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
  /** Services the operation cannot work without; a toolkit lacking one does not list it. */
  readonly requires?: readonly Requirement[];
  readonly description: string;
  readonly params: JsonSchema;
  readonly result: JsonSchema;
  readonly errors: readonly ErrorCode[];
  readonly validateParams: CompiledValidator;
  readonly validateResult: CompiledValidator;
}

export interface ProviderDescriptor {
  readonly name: string;
  readonly description: string;
  readonly operations: readonly OperationDescriptor[];
}
