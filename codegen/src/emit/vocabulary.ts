// Renders the runtime's copies of what the generator and the runtime share: src/runtime/vocabulary.ts
// from catalog.schema.json (kinds, risks, requirements, roles and their codes, the common error
// codes), and src/conformance/fixture-paths.ts from codegen/src/fixture-paths.ts (the rules for the
// paths a conformance case names). The toolwright repository writes them with `npm run generate`
// (scripts/generate-vocabulary.ts); a third party's catalog never needs them.
import { readFile } from 'node:fs/promises';
import { VOCABULARY, type Vocabulary } from '../vocabulary.js';
import { comment } from './ts-type.js';

export const VOCABULARY_HEADER =
  '// Generated from codegen/catalog.schema.json — do not edit. Run `npm run generate`.\n';
export const FIXTURE_PATHS_HEADER =
  '// Generated from codegen/src/fixture-paths.ts — do not edit. Run `npm run generate`.\n';

const list = (values: readonly string[]) => `[${values.map((v) => JSON.stringify(v)).join(', ')}]`;

export function renderRuntimeVocabulary(vocabulary: Vocabulary): string {
  const doc = (name: string) => comment(vocabulary.descriptions[name], '');
  const codes = Object.entries(vocabulary.commonErrors)
    .map(([code, meaning]) => `  ${code}: ${JSON.stringify(meaning)},`)
    .join('\n');
  const roleErrors = Object.entries(vocabulary.roleErrors)
    .map(([role, errors]) => `  ${role}: ${list(errors)},`)
    .join('\n');
  return [
    VOCABULARY_HEADER,
    '// The words a catalog and the runtime share. catalog.schema.json declares them once; the',
    '// generator reads them there, and the runtime reads this copy.',
    '',
    `${doc('kind')}export const KINDS = ${list(vocabulary.kinds)} as const;`,
    'export type Kind = (typeof KINDS)[number];',
    '',
    `${doc('risk')}export const RISKS = ${list(vocabulary.risks)} as const;`,
    'export type Risk = (typeof RISKS)[number];',
    '',
    `${doc('requirement')}export const REQUIREMENTS = ${list(vocabulary.requirements)} as const;`,
    'export type Requirement = (typeof REQUIREMENTS)[number];',
    '',
    `${doc('role')}export const ROLES = ${list(vocabulary.roles)} as const;`,
    'export type Role = (typeof ROLES)[number];',
    '',
    `${doc('commonErrorCode')}export const COMMON_ERRORS = {\n${codes}\n} as const;`,
    '',
    '/** A code toolwright provides to every catalog. */',
    'export type CommonErrorCode = keyof typeof COMMON_ERRORS;',
    '',
    `${doc('implicitErrorCode')}export const IMPLICIT_ERROR_CODES = ${list(vocabulary.implicitErrorCodes)} as const satisfies readonly CommonErrorCode[];`,
    '',
    `${doc('roleErrors')}export const ROLE_ERRORS = {\n${roleErrors}\n} as const satisfies Readonly<Record<Role, readonly CommonErrorCode[]>>;`,
    '',
  ].join('\n');
}

/** The runtime's copy of the fixture path rules: the source with the generated header first. */
export function renderRuntimeFixturePaths(source: string): string {
  return `${FIXTURE_PATHS_HEADER}${source}`;
}

/**
 * The runtime's copies as they must read, with their paths from the repository root (run from the
 * repository's sources: codegen/src/fixture-paths.ts is read beside this module's folder).
 */
export async function runtimeCopies(): Promise<{ path: string; content: string }[]> {
  const fixturePaths = await readFile(new URL('../fixture-paths.ts', import.meta.url), 'utf8');
  return [
    { path: 'src/runtime/vocabulary.ts', content: renderRuntimeVocabulary(VOCABULARY) },
    { path: 'src/conformance/fixture-paths.ts', content: renderRuntimeFixturePaths(fixturePaths) },
  ];
}
