// The rows of `toolwright audit`'s table, loaded when the verb prints one.
import { cutString } from '../adapters/result-size.js';
import { inertLine } from '../runtime/text/control-text.js';
import type { AuditRecord } from '../runtime/store/types.js';

const INPUT_CHARS = 80;

export const AUDIT_HEADER = ['TIME', 'PRINCIPAL', 'OPERATION', 'DECISION', 'CODE', 'DURATION', 'INPUT'];

/**
 * The records as the table's rows: one line each, the input cut short. Every cell is inert (controls, escape
 * sequences, bidi and other invisible characters escaped, newlines too): a principal, an operation
 * or an input cannot forge, hide or reorder lines.
 */
export function auditRows(records: readonly AuditRecord[]): string[][] {
  return records.map((r) =>
    [
      String(r.time),
      r.principal,
      r.operation,
      r.rule === null ? r.decision : `${r.decision} (${r.rule})`,
      r.error_code ?? 'ok',
      `${r.duration_ms.toFixed(1)} ms`,
    ]
      .map(inertLine)
      .concat(shorten(JSON.stringify(r.input) ?? '')),
  );
}

function shorten(text: string): string {
  const flat = inertLine(text);
  // Never half a surrogate pair: a lone one has no UTF-8 form and prints as U+FFFD.
  return flat.length > INPUT_CHARS ? `${cutString(flat, INPUT_CHARS - 1)}…` : flat;
}
