import type { ToolErrorPayload } from './types.js';

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
