// How deep a JSON text nests, read without parsing it: a body of a few hundred thousand `[` parses
// (JSON.parse is iterative) but then overflows the stack of whatever walks it (the SDK's schema
// checks, a batch test), an INTERNAL error instead of a clear refusal. No MCP message needs more
// than a few dozen levels.

/** The deepest nesting a message may have. */
export const MAX_JSON_DEPTH = 128;

/** True when `text` (JSON) nests objects and arrays deeper than `max` levels; strings are skipped. */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
