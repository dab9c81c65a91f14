import type { ToolErrorPayload } from '../contract/types.js';

/** Longest default rendering of an output; handlers with bulky outputs render their own text. */
const MAX_DEFAULT_TEXT = 100_000;

/** Default model-facing text: a string `content` field as is, otherwise compact JSON. */
export function renderOutputText(output: unknown): string {
  if (output && typeof output === 'object' && typeof (output as { content?: unknown }).content === 'string') {
    return (output as { content: string }).content;
  }
  const json = JSON.stringify(output, null, 2) ?? 'null';
  return json.length > MAX_DEFAULT_TEXT
    ? `${json.slice(0, MAX_DEFAULT_TEXT)}\n[… ${json.length - MAX_DEFAULT_TEXT} more characters omitted …]`
    : json;
}

export function renderErrorText(error: ToolErrorPayload): string {
  return `Error ${error.code}: ${error.message}`;
}

/**
 * How much of a cut page of bytes to keep so the next page starts cleanly: through its last line
 * feed when that is in the second half, else up to its last whole UTF-8 character (`utf8`), else
 * all of it. Any ASCII-compatible encoding keeps the line feed byte for line feeds only.
 */
export function cleanCutLength(bytes: Uint8Array, utf8: boolean): number {
  const newline = bytes.lastIndexOf(0x0a);
  if (newline >= bytes.length >> 1) return newline + 1;
  return utf8 ? utf8Boundary(bytes) : bytes.length;
}

/** The length of `bytes` without an incomplete UTF-8 character at its end. */
function utf8Boundary(bytes: Uint8Array): number {
  let lead = bytes.length - 1;
  while (lead >= 0 && lead > bytes.length - 4 && (bytes[lead]! & 0xc0) === 0x80) lead--;
  if (lead < 0) return bytes.length;
  const b = bytes[lead]!;
  const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
  return lead + need <= bytes.length ? bytes.length : lead;
}
