// Operation descriptors written by hand, as a provider without codegen has them: params built
// from their properties, validators compiled here.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { OperationDescriptor } from '../../src/index.js';
import type { JsonSchema, Kind, Risk, RoleTree } from '../../src/runtime/contract/descriptor.js';

const ajv = new Ajv2020({ allErrors: true, strict: false });

export interface HandWrittenOperation {
  provider: string;
  name: string;
  kind: Kind;
  risk: Risk;
  /** The params' properties (no others are allowed). */
  properties: Record<string, unknown>;
  required: string[];
  roles: RoleTree;
  idempotent: boolean;
  result?: JsonSchema;
  errors?: string[];
}

export function handWrittenOperation(spec: HandWrittenOperation): OperationDescriptor {
  const params = { type: 'object', additionalProperties: false, required: spec.required, properties: spec.properties };
  const result = spec.result ?? { type: 'object' };
  return {
    id: `${spec.provider}.${spec.name}`,
    provider: spec.provider,
    name: spec.name,
    title: spec.name,
    kind: spec.kind,
    risk: spec.risk,
    idempotent: spec.idempotent,
    openWorld: false,
    description: `${spec.name} (test provider)`,
    params,
    roles: spec.roles,
    result,
    errors: spec.errors ?? [],
    validateParams: ajv.compile(params) as OperationDescriptor['validateParams'],
    validateResult: ajv.compile(result) as OperationDescriptor['validateResult'],
  };
}
