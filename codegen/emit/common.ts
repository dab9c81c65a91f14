/** Every generated file starts with this line (no versions or timestamps: output is deterministic). */
export const HEADER = '// Generated from catalog.yaml — do not edit. Run `npm run generate`.\n';

export interface EmittedFile {
  /** Path relative to the output root (the project folder). */
  path: string;
  content: string;
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
