// Keeps one tool result (model text + structured output) within a byte budget. Handlers already cap
// their outputs; this is the transport's safety net, so an MCP client's message buffer never overflows.
// Cost is bounded by the budget, not the output: sizes are measured with an early stop once over the
// budget, and shrinking copies only the containers it changes (no clone, no repeated re-serialisation).
import type { OperationDescriptor } from '../runtime/contract/descriptor.js';

/** Far below the SDK client's 10 MiB stdio buffer; content and structuredContent together. */
export const DEFAULT_MAX_RESULT_BYTES = 1024 * 1024;

export type FitResult = { ok: true; text: string; output: unknown; capped: boolean } | { ok: false; message: string };

const CUT_MARKER = ' …[cut]';
/** Room kept for `"truncated":true` added after shrinking. */
const FLAG_RESERVE = 24;

function utf8(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** JSON bytes of a string (quotes included). Never below length + 2: each UTF-16 unit is ≥ 1 byte. */
function stringBytes(value: string): number {
  return utf8(JSON.stringify(value));
}

/** Object keys repeat across items (path, line, text): measure each once. */
const keySizes = new Map<string, number>();
function keyBytes(key: string): number {
  let size = keySizes.get(key);
  if (size === undefined) {
    size = stringBytes(key);
    if (key.length <= 64 && keySizes.size < 4096) keySizes.set(key, size);
  }
  return size;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

/** Dropped from objects by JSON.stringify (and `null` in arrays). */
function skipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/**
 * The exact UTF-8 size of `JSON.stringify(value)` when it is ≤ `cap`; otherwise some number > cap,
 * found without serialising the rest. Costs about one serialisation of min(size, cap) bytes.
 */
export function jsonSizeUpTo(value: unknown, cap: number): number {
  if (typeof value === 'string') return value.length + 2 > cap ? cap + 1 : stringBytes(value);
  if (Array.isArray(value)) {
    let total = 2 + Math.max(0, value.length - 1);
    for (const item of value) {
      if (total > cap) return total;
      total += skipped(item) ? 4 : jsonSizeUpTo(item, cap - total);
    }
    return total;
  }
  if (isRecord(value)) {
    let total = 2;
    let first = true;
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (skipped(item)) continue;
      total += (first ? 0 : 1) + keyBytes(key) + 1;
      first = false;
      if (total > cap) return total;
      total += jsonSizeUpTo(item, cap - total);
    }
    return total;
  }
  return utf8(JSON.stringify(value) ?? 'null');
}

/**
 * A cheap upper bound on the UTF-8 size of `JSON.stringify(value)`, or `cap + 1` once over `cap`
 * (or for anything it does not know how to bound). No string is encoded: a UTF-16 unit is at most
 * 6 JSON bytes (a `\u00XX` escape), so results far below the cap — nearly all — are let through
 * without measuring them exactly.
 */
export function jsonBoundUpTo(value: unknown, cap: number, depth = 0): number {
  if (typeof value === 'string') return 6 * value.length + 2;
  // The longest number JSON.stringify writes is 25 bytes: a sign, "0.", five zeros and 17 digits
  // (`-0.0000012345678901234567`); exponent forms stop at 24 (`-1.2345678901234567e-308`).
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return 25;
  if (depth > 64) return cap + 1;
  if (Array.isArray(value)) {
    let total = 2 + value.length;
    for (const item of value) {
      if (total > cap) return cap + 1;
      total += skipped(item) ? 4 : jsonBoundUpTo(item, cap - total, depth + 1);
    }
    return total > cap ? cap + 1 : total;
  }
  if (isRecord(value)) {
    let total = 2;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      total += 6 * key.length + 4;
      if (total > cap) return cap + 1;
      const item = value[key];
      if (!skipped(item)) total += jsonBoundUpTo(item, cap - total, depth + 1);
    }
    return total > cap ? cap + 1 : total;
  }
  return cap + 1;
}

/** Cuts at a character boundary so no UTF-16 surrogate pair is split. */
export function cutString(value: string, length: number): string {
  let end = Math.max(0, Math.min(length, value.length));
  const code = value.charCodeAt(end - 1);
  if (end > 0 && code >= 0xd800 && code <= 0xdbff) end -= 1;
  return value.slice(0, end);
}

/** The longest prefix (within a few %) whose JSON form, quotes included, takes ≤ `budget` bytes. */
function prefixWithin(value: string, budget: number): string {
  let length = Math.min(value.length, Math.max(0, budget - 2));
  for (let i = 0; i < 30 && length > 0; i++) {
    const candidate = cutString(value, length);
    const bytes = stringBytes(candidate);
    if (bytes <= budget) return candidate;
    length = Math.min(length - 1, Math.floor(length * (budget / bytes) * 0.98));
  }
  return '';
}

const HIGH_SURROGATE = /[\uD800-\uDBFF]/g;

/**
 * The characters (code points) of `text` from `start` on: the hint counts what a reader counts, not
 * UTF-16 units (an emoji is one). A text without surrogates, nearly all, costs one quick regex scan.
 */
function charactersFrom(text: string, start: number): number {
  let count = text.length - start;
  HIGH_SURROGATE.lastIndex = start;
  const first = HIGH_SURROGATE.exec(text);
  if (!first) return count;
  for (let i = first.index; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdbff) continue;
    const next = text.charCodeAt(i + 1);
    if (next >= 0xdc00 && next <= 0xdfff) {
      count--;
      i++;
    }
  }
  return count;
}

function hint(limit: number, omittedChars: number): string {
  return (
    `\n\n[… ${omittedChars} more characters not shown: the result exceeded this server's ${limit}-byte limit. ` +
    'Narrow the request (offset/limit, a more specific path or pattern, fewer max_results) to see the rest.]'
  );
}

/** Shortens `text` until its JSON encoding fits `budget` bytes, ending with a continuation hint. */
export function capText(text: string, budget: number, limit: number): string {
  if (jsonSizeUpTo(text, budget) <= budget) return text;
  // The UTF-16 length bounds the count, so the hint written never outgrows this reserve.
  const reserve = stringBytes(hint(limit, text.length)) - 2;
  const kept = prefixWithin(text, budget - reserve);
  const omitted = charactersFrom(text, kept.length);
  return kept.length > 0 ? kept + hint(limit, omitted) : hint(limit, omitted).trimStart();
}

interface Shrunk {
  value: unknown;
  size: number;
}

/**
 * The value reduced to ≤ budget JSON bytes (strings cut, arrays kept to a prefix), or undefined.
 * `measured` is a jsonSizeUpTo result the caller already has (not measured twice).
 */
function shrink(value: unknown, budget: number, measured?: number): Shrunk | undefined {
  const size = measured !== undefined && measured > budget ? measured : jsonSizeUpTo(value, budget);
  if (size <= budget) return { value, size };
  if (typeof value === 'string') {
    const markerBytes = stringBytes(CUT_MARKER) - 2;
    if (budget < markerBytes + 2 + 8) return undefined;
    const cut = prefixWithin(value, budget - markerBytes) + CUT_MARKER;
    return { value: cut, size: stringBytes(cut) };
  }
  if (Array.isArray(value)) return shrinkArray(value, budget);
  if (isRecord(value)) return shrinkObject(value, budget);
  return undefined;
}

/** Keeps the head of the array: whole items while they fit, then the next one shortened if room is left. */
function shrinkArray(items: readonly unknown[], budget: number): Shrunk | undefined {
  const kept: unknown[] = [];
  let total = 2;
  for (const item of items) {
    const separator = kept.length > 0 ? 1 : 0;
    const room = budget - total - separator;
    if (room <= 0) break;
    const size = skipped(item) ? 4 : jsonSizeUpTo(item, room);
    if (size <= room) {
      kept.push(item);
      total += separator + size;
      continue;
    }
    if (kept.length === 0 || room >= Math.max(64, budget / 8)) {
      const part = shrink(item, room);
      if (part) {
        kept.push(part.value);
        total += separator + part.size;
      }
    }
    break;
  }
  return { value: kept, size: total };
}

/** Keeps every key; small members stay whole and the large ones share what is left (max-min fair). */
function shrinkObject(record: Record<string, unknown>, budget: number): Shrunk | undefined {
  const keys = Object.keys(record).filter((key) => !skipped(record[key]));
  let overhead = 2 + Math.max(0, keys.length - 1);
  for (const key of keys) overhead += keyBytes(key) + 1;
  if (overhead > budget) return undefined;
  const sizes = keys.map((key) => jsonSizeUpTo(record[key], budget));
  const order = keys.map((_, i) => i).sort((a, b) => sizes[a]! - sizes[b]!);
  const result: Record<string, unknown> = { ...record };
  let remaining = budget - overhead;
  let left = keys.length;
  for (const i of order) {
    const share = Math.floor(remaining / left);
    left--;
    if (sizes[i]! <= share) {
      remaining -= sizes[i]!;
      continue;
    }
    const part = shrink(record[keys[i]!], share, sizes[i]);
    if (!part) return undefined;
    result[keys[i]!] = part.value;
    remaining -= part.size;
  }
  return { value: result, size: budget - remaining };
}

function hasTruncatedFlag(op: OperationDescriptor): boolean {
  const props = op.result.properties as Record<string, { type?: unknown }> | undefined;
  return props?.truncated?.type === 'boolean';
}

/**
 * Fits text and output into `limit` bytes together (95% of it; the rest is the envelope). A shrunk
 * output gets `truncated: true` when its schema has that flag and must still validate against the
 * result schema; otherwise the result is refused (`ok: false`).
 */
export function fitResult(op: OperationDescriptor, text: string, output: unknown, limit: number): FitResult {
  const total = Math.floor(limit * 0.95);
  const textBound = jsonBoundUpTo(text, total);
  if (textBound <= total && (output === undefined || textBound + jsonBoundUpTo(output, total - textBound) <= total)) {
    return { ok: true, text, output, capped: false };
  }
  const textBytes = jsonSizeUpTo(text, total);
  const outputBytes = output === undefined ? 0 : jsonSizeUpTo(output, total);
  if (textBytes + outputBytes <= total) return { ok: true, text, output, capped: false };
  if (output === undefined) return { ok: true, text: capText(text, total, limit), output, capped: true };
  // The text keeps what the output leaves free, and at least 40% when both are large.
  const cappedText = capText(text, Math.floor(Math.max(limit * 0.4, total - outputBytes)), limit);
  const outputBudget = total - stringBytes(cappedText);
  if (outputBytes <= outputBudget) return { ok: true, text: cappedText, output, capped: true };
  const shrunk = shrink(output, outputBudget - FLAG_RESERVE, outputBytes);
  let cappedOutput = shrunk?.value;
  if (shrunk && hasTruncatedFlag(op) && isRecord(cappedOutput)) cappedOutput = { ...cappedOutput, truncated: true };
  if (!shrunk || !op.validateResult(cappedOutput)) {
    return {
      ok: false,
      message:
        `${op.name} produced more than this server's ${limit}-byte result limit, ` +
        'and the output could not be shortened; narrow the request and retry.',
    };
  }
  return { ok: true, text: cappedText, output: cappedOutput, capped: true };
}
