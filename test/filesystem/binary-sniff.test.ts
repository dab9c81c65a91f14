// The UTF-8 fast path of the binary sniff must answer exactly what isbinaryfile answers on valid
// UTF-8: it only skips isbinaryfile when there is nothing suspicious for it to count.
import fc from 'fast-check';
import { isBinaryFile } from 'isbinaryfile';
import { describe, expect, it } from 'vitest';
import { utf8LooksBinary } from '../../src/handlers/filesystem/encodings/text-codec.js';

const control = fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c));
const text = fc
  .array(
    fc.oneof(
      { weight: 20, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
      { weight: 1, arbitrary: control },
    ),
    { maxLength: 300 },
  )
  .map((parts) => parts.join(''));
const longText = fc.tuple(text, text, text, text).map((parts) => parts.join(''));

describe('utf8LooksBinary', () => {
  it('agrees with isbinaryfile on any valid UTF-8 (property), controls and PDFs included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(text, longText), fc.boolean(), async (value, pdf) => {
        const bytes = Buffer.from(pdf ? `%PDF-${value}` : value, 'utf8');
        expect(await utf8LooksBinary(bytes)).toBe(await isBinaryFile(bytes, bytes.length));
      }),
      { numRuns: 600 },
    );
  });

  it('decides the plain cases: text, NUL, many controls, a PDF header, empty', async () => {
    expect(await utf8LooksBinary(Buffer.from('héllo wörld ✓\n\tindented\r\n'))).toBe(false);
    expect(await utf8LooksBinary(Buffer.from('text\u0000more'))).toBe(true);
    expect(await utf8LooksBinary(Buffer.from('\u0001\u0002\u0003\u0004'.repeat(50)))).toBe(true);
    expect(await utf8LooksBinary(Buffer.from('%PDF-1.7\nplain looking'))).toBe(true);
    expect(await utf8LooksBinary(Buffer.alloc(0))).toBe(false);
    // isbinaryfile looks at the first 512 bytes only: controls after them count for neither.
    const late = Buffer.from(`${'a'.repeat(600)}${'\u0001'.repeat(400)}`);
    expect(await utf8LooksBinary(late)).toBe(await isBinaryFile(late, late.length));
    expect(await utf8LooksBinary(late)).toBe(false);
    // ESC (ANSI colours), form feed and DEL are not suspicious for either.
    expect(await utf8LooksBinary(Buffer.from('\u001b[31mred\u001b[0m\f\u007f'))).toBe(
      await isBinaryFile(Buffer.from('\u001b[31mred\u001b[0m\f\u007f')),
    );
  });
});
