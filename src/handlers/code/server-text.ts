// What a language server says (a diagnostic's message, a hover, a symbol's name) comes from a
// program the workspace steers (its files, its configuration, even the server itself): it reaches
// the model inert (no control sequence) and bounded (a type printed whole can run to megabytes).
import { inertLine, inertText } from '../../runtime/text/control-text.js';

/** The longest diagnostic message kept. */
export const MAX_MESSAGE_CHARS = 2_000;
/** The longest symbol name (or container) kept. */
export const MAX_NAME_CHARS = 500;

/**
 * `text` inert, cut to `max` characters with a note of how much was left out; `oneLine` (a name)
 * escapes its line breaks too, so that it cannot start a line of its own in a listing.
 */
export function serverText(text: unknown, max: number, oneLine = false): string {
  const whole = typeof text === 'string' ? text : typeof text === 'number' ? String(text) : '';
  const cut = whole.length > max ? `${whole.slice(0, max)}… [${whole.length - max} characters cut]` : whole;
  return oneLine ? inertLine(cut) : inertText(cut);
}
