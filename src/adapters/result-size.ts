// Keeps one tool result (model text + structured output) within a byte budget. Handlers already cap
// their outputs; this is the transport's safety net, so an MCP client's message buffer never overflows.
import type { OperationDescriptor } from '../runtime/descriptor.js';

/** Far below the SDK client's 10 MiB stdio buffer; content and structuredContent together. */
export const DEFAULT_MAX_RESULT_BYTES = 1024 * 1024;

export type FitResult =
  | { ok: true; text: string; output: unknown; capped: boolean }
  | { ok: false; message: string };

function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? 'null', 'utf8');
}

/** Cuts at a character boundary so no UTF-16 surrogate pair is split. */
function cutString(value: string, length: number): string {
  let end = Math.max(0, Math.min(length, value.length));
  const code = value.charCodeAt(end - 1);
  if (end > 0 && code >= 0xd800 && code <= 0xdbff) end -= 1;
  return value.slice(0, end);
}

function hint(limit: number, omittedChars: number): string {
  return `\n\n[… ${omittedChars} more characters not shown: the result exceeded this server's ${limit}-byte limit. ` +
    'Narrow the request (offset/limit, a more specific path or pattern, fewer max_results) to see the rest.]';
}

/** Shortens `text` until its JSON encoding fits `budget` bytes, ending with a continuation hint. */
export function capText(text: string, budget: number, limit: number): string {
  if (jsonBytes(text) <= budget) return text;
  const reserve = jsonBytes(hint(limit, text.length));
  let length = Math.floor(text.length * Math.min(1, (budget - reserve) / jsonBytes(text)));
  for (let i = 0; i < 40 && length > 0; i++) {
    const candidate = cutString(text, length);
    const withHint = candidate + hint(limit, text.length - candidate.length);
    if (jsonBytes(withHint) <= budget) return withHint;
    length = Math.floor(length * 0.8);
  }
  return hint(limit, text.length).trimStart();
}

const CUT_MARKER = ' …[cut]';

type Container = Record<string, unknown> | unknown[];
interface Candidate { parent: Container; key: string | number; size: number }

/** The largest string, or array of 2+ items, in the value (by serialized size). */
function largestCuttable(root: unknown): Candidate | undefined {
  let best: Candidate | undefined;
  const visit = (value: unknown, parent: Container | undefined, key: string | number): number => {
    let size: number;
    if (typeof value === 'string') {
      size = jsonBytes(value);
      if (parent && value.length > CUT_MARKER.length * 2 && (!best || size > best.size)) best = { parent, key, size };
      return size;
    }
    if (Array.isArray(value)) {
      size = 2 + value.reduce<number>((sum, item, i) => sum + visit(item, value, i) + 1, 0);
      if (parent && value.length > 1 && (!best || size > best.size)) best = { parent, key, size };
      return size;
    }
    if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      return 2 + Object.keys(record).reduce((sum, k) => sum + jsonBytes(k) + 1 + visit(record[k], record, k) + 1, 0);
    }
    return jsonBytes(value);
  };
  visit(root, undefined, '');
  return best;
}

/** Shrinks the largest strings/arrays of a (cloned) output until it fits `budget` bytes. */
function shrinkOutput(output: unknown, budget: number): unknown {
  const copy = structuredClone(output);
  for (let i = 0; i < 200; i++) {
    const size = jsonBytes(copy);
    if (size <= budget) return copy;
    const target = largestCuttable(copy);
    if (!target) return copy;
    const ratio = Math.max(0.05, Math.min(0.5, 1 - (size - budget) / target.size));
    const value = (target.parent as Record<string | number, unknown>)[target.key];
    if (typeof value === 'string') {
      (target.parent as Record<string | number, unknown>)[target.key] = cutString(value, Math.floor(value.length * ratio)) + CUT_MARKER;
    } else if (Array.isArray(value)) {
      value.length = Math.max(1, Math.floor(value.length * ratio));
    }
  }
  return copy;
}

function hasTruncatedFlag(op: OperationDescriptor): boolean {
  const props = op.result.properties as Record<string, { type?: unknown }> | undefined;
  return props?.truncated?.type === 'boolean';
}

/**
 * Fits text and output into `limit` bytes together (95% of it; the rest is the envelope). A shrunk output gets `truncated: true` when its schema has that flag and must still
 * validate against the result schema; otherwise the result is refused (`ok: false`).
 */
export function fitResult(op: OperationDescriptor, text: string, output: unknown, limit: number): FitResult {
  const textBytes = jsonBytes(text);
  const outputBytes = output === undefined ? 0 : jsonBytes(output);
  if (textBytes + outputBytes <= limit * 0.95) return { ok: true, text, output, capped: false };
  if (output === undefined) return { ok: true, text: capText(text, Math.floor(limit * 0.95), limit), output, capped: true };
  // The text keeps what the output leaves free, and at least 40% when both are large.
  const cappedText = capText(text, Math.floor(Math.max(limit * 0.4, limit * 0.95 - outputBytes)), limit);
  const textShare = jsonBytes(cappedText);
  const outputBudget = Math.floor(limit * 0.95) - textShare;
  let cappedOutput = outputBytes <= outputBudget ? output : shrinkOutput(output, outputBudget);
  if (cappedOutput !== output && hasTruncatedFlag(op) && cappedOutput && typeof cappedOutput === 'object') {
    cappedOutput = { ...(cappedOutput as Record<string, unknown>), truncated: true };
  }
  if (jsonBytes(cappedOutput) > outputBudget || !op.validateResult(cappedOutput)) {
    return {
      ok: false,
      message: `${op.name} produced ${textBytes + outputBytes} bytes, more than this server's ${limit}-byte result limit, ` +
        'and the output could not be shortened; narrow the request and retry.',
    };
  }
  return { ok: true, text: cappedText, output: cappedOutput, capped: true };
}
