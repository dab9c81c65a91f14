import path from 'node:path';

/** Every generated file starts with this line (no versions or timestamps: output is deterministic). */
export const HEADER = '// Generated from catalog.yaml — do not edit. Run `toolwright generate`.\n';

/** How a file is recognised as generated (only such files are ever replaced or removed). */
export const GENERATED_MARK = '// Generated from ';

export interface EmittedFile {
  /** Path relative to the project folder (the current folder of `toolwright generate`), posix. */
  path: string;
  content: string;
}

/** Where the generated files go, relative to the project folder (posix separators). */
export interface Layout {
  /** Generated source: types, schemas, validators, registry, errors. */
  out: string;
  /** Generated conformance tests. */
  tests: string;
  /** The module exporting the handler map (`export const handlers`), imported by the tests. */
  handlers: string;
}

export const DEFAULT_LAYOUT: Layout = { out: 'src/generated', tests: 'test/generated', handlers: 'src/handlers.ts' };

/** The specifier that imports `toFile` from a module in `fromDir` (ESM: relative, with the emitted extension). */
export function importSpecifier(fromDir: string, toFile: string): string {
  const relative = path.posix
    .relative(fromDir, toFile)
    .replace(/\.(m|c)?tsx?$/, (_m, kind: string | undefined) => `.${kind ?? ''}js`);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** JSON with sorted-as-declared keys, two-space indent: stable across runs. */
export function json(value: unknown, indent = 2): string {
  return JSON.stringify(value, null, indent);
}

/** A JavaScript string literal. */
export function str(value: string): string {
  return JSON.stringify(value);
}

/** Deep clone of JSON data (json-schema-to-typescript mutates its input). */
export function cloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
