// What a human is shown before approving a call, or as a question: every character visible. Text
// that a terminal or a dialog would hide, move or reorder (control characters, ANSI escapes, `\r`,
// bidi overrides, zero-width and other format characters, long runs of blanks) is escaped, so the
// tail of `echo harmless<2,100 spaces>; touch X` cannot slip past the reader. Values are shown by
// their parameter's role: a secret only as ⟪secret, N chars⟫, bulk content as its size and first
// lines, everything else (shell lines included) whole.
import { escapeCodeUnits } from '../text/control-text.js';
import { nodeCrypto } from '../startup/lazy-require.js';
import type { RoleTree } from '../contract/descriptor.js';
import { mapRoleTree, secretMark } from '../contract/roles.js';

/** Default cap on an approval request's rendered length; a longer one is refused, never cut. */
export const DEFAULT_MAX_APPROVAL_CHARS = 20_000;

/** Repetitions at least this many characters long are shown as a count. */
const RUN_MIN = 16;

/** Brackets of a run marker; a literal one in the input is escaped, so a marker is always ours. */
const OPEN = '\u27ea';
const CLOSE = '\u27eb';

/**
 * Characters that render invisibly or change how the rest renders: controls (C0, DEL, C1), format
 * characters (bidi embeddings/overrides/isolates, zero-width space/joiners, BOM, tags, soft hyphen),
 * private-use, unassigned, lone surrogates, line/paragraph separators, every blank but the space,
 * and our own run brackets. Three or more combining marks in a row (text piled over text) too.
 */
const HIDDEN = /(?:[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\u27ea\u27eb]|(?! )\p{Zs}|\p{M}{3,})+/gu;
const HIDDEN_BUT_NEWLINE =
  /(?:(?!\n)[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\u27ea\u27eb]|(?! )\p{Zs}|\p{M}{3,})+/gu;

/** A unit of 1–8 tokens (an escape sequence or one code point) repeated 8 times or more. */
const RUN = /((?:\\u[0-9a-fA-F]{4}|\\.|[^\\]){1,8}?)\1{7,}/gu;
const TOKEN = /\\u[0-9a-fA-F]{4}|\\.|[^\\]/gu;

/** Hidden characters written as the escapes every inert text uses (`\n`, `\u202e`). */
function escapeHidden(text: string, pattern: RegExp): string {
  return text.replace(pattern, escapeCodeUnits);
}

function tokenCount(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(TOKEN)) count++;
  return count;
}

/** Writes a long repetition as ⟪N × "unit"⟫ (N repeats), so it cannot push the rest out of sight. */
function countRuns(text: string): string {
  return text.replace(RUN, (run, unit: string) => {
    if (tokenCount(run) < RUN_MIN) return run;
    const shown = unit === ' ' ? 'space' : `"${unit.replace(/\n/g, '\\n')}"`;
    return `${OPEN}${run.length / unit.length} × ${shown}${CLOSE}`;
  });
}

/** Free text (a question, an option) as shown to a human: newlines kept, everything else visible. */
export function visibleText(text: string): string {
  const escaped = String(text).replace(/\\/g, '\\\\');
  return countRuns(escapeHidden(escaped, HIDDEN_BUT_NEWLINE));
}

/** As visibleText, on one line: a line break is escaped too (a label must not start lines of its own). */
export function visibleLine(text: string): string {
  const escaped = String(text).replace(/\\/g, '\\\\');
  return countRuns(escapeHidden(escaped, HIDDEN));
}

/**
 * A value as indented JSON with every string's hidden characters escaped (`\u202e`, `\u001b`, …)
 * and long runs counted (`⟪2100 × space⟫`), so nothing in it renders invisibly.
 */
export function visibleJson(value: unknown): string {
  let json: string;
  try {
    json = JSON.stringify(value, null, 2) ?? String(value);
  } catch (error) {
    json = `[input that cannot be shown as JSON: ${error instanceof Error ? error.message : String(error)}]`;
  }
  // JSON.stringify already escaped C0 controls, quotes and backslashes inside strings; raw newlines are layout.
  return json.replace(/"(?:[^"\\]|\\.)*"/g, (literal) => `"${countRuns(escapeHidden(literal.slice(1, -1), HIDDEN))}"`);
}

export interface ApprovalText {
  /** The whole request as the human must see it. */
  text: string;
  /** Set when the request cannot be shown whole (too large, or not showable as JSON): the channel must refuse. */
  refusal?: string;
}

/** Content up to this many characters is shown whole; longer content is summarised. */
export const CONTENT_SHOWN_WHOLE = 240;
/** Characters of summarised content shown from its start. */
const CONTENT_HEAD = 200;

/** A string's body as visibleJson shows it (JSON escapes, hidden characters escaped, runs counted). */
function visibleStringBody(text: string): string {
  return countRuns(escapeHidden(JSON.stringify(text).slice(1, -1), HIDDEN));
}

const SECRET_MARK = /^\u27easecret(, \d+ chars)?\u27eb$/;

/** How a value of a `content` role is shown: whole when short, else its size, lines and start. */
function contentMark(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length <= CONTENT_SHOWN_WHOLE) return undefined;
  let lines = 1;
  for (let i = value.indexOf('\n'); i !== -1; i = value.indexOf('\n', i + 1)) lines++;
  return `${OPEN}content, ${value.length} chars, ${lines} line${lines === 1 ? '' : 's'}; begins: "${visibleStringBody(value.slice(0, CONTENT_HEAD))}"${CLOSE}`;
}

/**
 * The input as it is shown: a secret's value replaced by its marker, long content by its summary.
 * Markers are put in after the JSON is made visible (through placeholders no input can guess), so
 * they are the only ⟪…⟫ text that is not escaped.
 */
function visibleInput(input: unknown, roles: RoleTree | undefined): string {
  if (!roles) return visibleJson(input);
  // node:crypto on first use: the toolkit loads this module, and most calls ask no one.
  const nonce = nodeCrypto().randomBytes(8).toString('hex');
  const marks: string[] = [];
  const shown = mapRoleTree(roles, input, (role, value) => {
    const mark =
      role === 'secret'
        ? typeof value === 'string' && SECRET_MARK.test(value)
          ? value
          : secretMark(value)
        : contentMark(value);
    if (mark === undefined) return value;
    marks.push(mark);
    return `tw-mark-${nonce}-${marks.length - 1}`;
  });
  if (marks.length === 0) return visibleJson(input);
  return visibleJson(shown).replace(
    new RegExp(`"tw-mark-${nonce}-(\\d+)"`, 'g'),
    (_all, i: string) => `"${marks[Number(i)]}"`,
  );
}

/** The approval prompt for a call, or why it cannot be shown whole within `maxChars`. */
export function approvalText(
  call: { operation: string; provider: string; kind: string; risk: string; input: unknown; roles?: RoleTree },
  maxChars = DEFAULT_MAX_APPROVAL_CHARS,
): ApprovalText {
  // Rendering costs time on the event loop: an input this far over the limit is refused unrendered
  // (long content counts as its summary: it is never shown whole).
  let rawLength: number;
  try {
    const measured = call.roles
      ? mapRoleTree(call.roles, call.input, (role, value) =>
          role === 'content' ? (contentMark(value) ?? value) : value,
        )
      : call.input;
    rawLength = (JSON.stringify(measured) ?? '').length;
  } catch (error) {
    // A value that cannot be shown (a throwing getter, a BigInt, a cycle) is never approved unseen.
    return {
      text: '',
      refusal: `the request cannot be shown for approval (${error instanceof Error ? error.message : String(error)}), so it was refused`,
    };
  }
  if (rawLength > RAW_FACTOR * maxChars) {
    return { text: '', refusal: refusalReason(rawLength, maxChars) };
  }
  const legend = `hidden characters escaped, ${OPEN}N × "ab"${CLOSE} = ab repeated N times${call.roles ? `, ${OPEN}secret${CLOSE} and ${OPEN}content${CLOSE} = a value shown by its role` : ''}`;
  const text = `Allow ${visibleText(call.operation)} (${visibleText(call.provider)}, ${visibleText(call.kind)}, risk ${visibleText(call.risk)})?\nInput (JSON; ${legend}):\n${visibleInput(call.input, call.roles)}`;
  if (text.length <= maxChars) return { text };
  return { text, refusal: refusalReason(text.length, maxChars) };
}

/** Inputs longer than this many times the limit are not rendered at all (repetition rarely shrinks them that far). */
const RAW_FACTOR = 4;

function refusalReason(length: number, maxChars: number): string {
  return (
    `the request is too large to show in full for approval (${length} characters, this channel shows at most ${maxChars}), ` +
    'so it was refused rather than approved unseen; split the work into smaller calls'
  );
}
