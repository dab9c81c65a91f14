// How much of a conversion web_fetch returns; apart from ./convert.ts so that the host's side of
// the pool (./convert-pool.ts) computes it without loading the converter.

/** Characters of a conversion returned at most, whatever max_bytes (unless the page itself is longer). */
export const MAX_OUTPUT_CHARS = 32 * 1024 * 1024;

/**
 * How many characters of a page converted from `pageBytes` bytes (read under `maxBytes`) are
 * returned: 4 × max_bytes, at most MAX_OUTPUT_CHARS, never less than the page's own size (a text
 * extraction is never longer than its page, and is never cut).
 */
export function outputLimit(maxBytes: number, pageBytes: number): number {
  return Math.max(Math.min(4 * maxBytes, MAX_OUTPUT_CHARS), pageBytes);
}
