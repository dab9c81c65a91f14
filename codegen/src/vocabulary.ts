// The vocabulary the generator shares with the toolwright runtime — kinds, risks, requirements,
// roles and the codes each role brings, the common error codes and which of them every operation
// may return — read from catalog.schema.json, where it is declared once. The runtime's copy
// (src/runtime/vocabulary.ts) is rendered from the same file (emit/vocabulary.ts).
import { readFileSync } from 'node:fs';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

// One folder up from the module: codegen/catalog.schema.json from src/ and from the bundle in dist/.
/** catalog.schema.json, parsed: the meta-schema catalogs are checked against, and the vocabulary. */
export const META_SCHEMA: Obj = JSON.parse(readFileSync(new URL('../catalog.schema.json', import.meta.url), 'utf8'));

export interface Vocabulary {
  kinds: readonly string[];
  /** From least to most harmful. */
  risks: readonly string[];
  requirements: readonly string[];
  roles: readonly string[];
  /** Role → the codes the runtime answers for it. */
  roleErrors: Readonly<Record<string, readonly string[]>>;
  /** Code → the meaning a model reads, in declaration order. */
  commonErrors: Readonly<Record<string, string>>;
  /** The common codes every operation may return without listing them. */
  implicitErrorCodes: readonly string[];
  /** What each definition says of itself (its `description`): kind, risk, requirement, role, … */
  descriptions: Readonly<Record<string, string>>;
}

/** The vocabulary a meta-schema declares in its $defs; throws naming the definition it cannot read. */
export function vocabularyOf(schema: Obj): Vocabulary {
  const defs = isObj(schema.$defs) ? schema.$defs : {};
  const def = (name: string): Obj => {
    const value = defs[name];
    if (!isObj(value)) throw new Error(`catalog.schema.json has no $defs/${name}`);
    return value;
  };
  const strings = (value: unknown, name: string): string[] => {
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
      throw new Error(`catalog.schema.json: $defs/${name} must list strings`);
    return value;
  };
  const enumOf = (name: string) => strings(def(name).enum, name);
  const roles = enumOf('role');
  const roleProperties = def('roleErrors').properties;
  const roleErrors: Record<string, readonly string[]> = {};
  for (const role of roles) {
    const entry = isObj(roleProperties) ? roleProperties[role] : undefined;
    roleErrors[role] = strings(isObj(entry) ? entry.const : undefined, `roleErrors/properties/${role}/const`);
  }
  const commonErrors: Record<string, string> = {};
  const branches = def('commonErrorCode').oneOf;
  for (const branch of Array.isArray(branches) ? branches : []) {
    if (!isObj(branch) || typeof branch.const !== 'string' || typeof branch.description !== 'string')
      throw new Error('catalog.schema.json: each $defs/commonErrorCode branch needs a const and a description');
    commonErrors[branch.const] = branch.description;
  }
  const implicitErrorCodes = enumOf('implicitErrorCode');
  const descriptions: Record<string, string> = {};
  for (const name of ['kind', 'risk', 'requirement', 'role', 'commonErrorCode', 'implicitErrorCode', 'roleErrors']) {
    const description = def(name).description;
    if (typeof description === 'string') descriptions[name] = description;
  }
  for (const code of [...implicitErrorCodes, ...Object.values(roleErrors).flat()]) {
    if (!Object.hasOwn(commonErrors, code)) throw new Error(`catalog.schema.json: ${code} is not a common error code`);
  }
  return {
    kinds: enumOf('kind'),
    risks: enumOf('risk'),
    requirements: enumOf('requirement'),
    roles,
    roleErrors,
    commonErrors,
    implicitErrorCodes,
    descriptions,
  };
}

export const VOCABULARY: Vocabulary = vocabularyOf(META_SCHEMA);
export const ROLES: readonly string[] = VOCABULARY.roles;
export const ROLE_ERRORS: Readonly<Record<string, readonly string[]>> = VOCABULARY.roleErrors;
export const COMMON_ERRORS: Readonly<Record<string, string>> = VOCABULARY.commonErrors;
export const IMPLICIT_ERROR_CODES: readonly string[] = VOCABULARY.implicitErrorCodes;
