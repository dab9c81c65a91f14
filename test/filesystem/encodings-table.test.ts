// The table decoder for multi-byte legacy encodings (encodings/table-decode.ts): wherever it answers,
// its text is exactly iconv-lite's and those bytes round-trip; where it cannot, it says so and the
// codec falls back to iconv-lite, so reads, detection and edits see the same text either way.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import iconv from 'iconv-lite';
import type * as IconvLite from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MULTI_BYTE,
  legacyCodec,
  loadIconv,
  type LegacyEncoding,
} from '../../src/handlers/filesystem/encodings/legacy.js';
import {
  buildDecodeTable,
  decodeWithTable,
  tableDecoder,
} from '../../src/handlers/filesystem/encodings/table-decode.js';
import { expectOk, workspaceToolkit } from '../support/helpers.js';

const encodings = [...MULTI_BYTE] as LegacyEncoding[];
/** iconv-lite as the codecs load it (the module namespace, not the default export's type). */
const lib = iconv as unknown as typeof IconvLite;
const roundTrips = (bytes: Buffer, encoding: string) => {
  const text = iconv.decode(bytes, encoding, { stripBOM: false });
  return !text.includes('\ufffd') && iconv.encode(text, encoding, { addBOM: false }).equals(bytes);
};
/** A sample of the encoding's 1–2 byte characters that survive encode → decode (the table's domain). */
function repertoire(encoding: string): string[] {
  const out: string[] = [];
  for (let c = 0x20; c < 0x10000; c += 7) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const ch = String.fromCharCode(c);
    const bytes = iconv.encode(ch, encoding);
    if (bytes.length <= 2 && iconv.decode(Buffer.concat([bytes, Buffer.from('\n')]), encoding) === `${ch}\n`)
      out.push(ch);
  }
  return out;
}

describe('table decoder: exactly iconv-lite where it answers', () => {
  it("every 1- and 2-byte sequence: undefined, or iconv-lite's text for bytes that round-trip", () => {
    for (const encoding of encodings) {
      const table = buildDecodeTable(lib, encoding);
      expect(table, encoding).toBeDefined();
      let covered = 0;
      for (let lead = 0; lead < 256; lead++) {
        const one = Buffer.from([lead]);
        const single = decodeWithTable(table!, one);
        if (single !== undefined) {
          expect(single, `${encoding} ${lead}`).toBe(iconv.decode(one, encoding));
          expect(roundTrips(one, encoding), `${encoding} ${lead}`).toBe(true);
        }
        if (lead < 0x80) continue;
        for (let trail = 0; trail < 256; trail++) {
          const two = Buffer.from([lead, trail]);
          const text = decodeWithTable(table!, two);
          if (text === undefined) continue;
          covered++;
          expect(text, `${encoding} ${lead}/${trail}`).toBe(iconv.decode(two, encoding));
          expect(roundTrips(two, encoding), `${encoding} ${lead}/${trail}`).toBe(true);
        }
      }
      // The table is not empty: the common characters of each encoding take the fast path.
      expect(covered, encoding).toBeGreaterThan(5000);
    }
  });

  it('random text of the repertoire is always covered; with random bytes mixed in, same text as iconv-lite or undefined', () => {
    for (const encoding of encodings) {
      const chars = repertoire(encoding);
      const decode = tableDecoder(lib, encoding);
      fc.assert(
        fc.property(
          fc.array(fc.oneof(fc.constantFrom(...chars), fc.constantFrom('\n', '\r\n', 'a', ' ')), { maxLength: 200 }),
          fc.uint8Array({ maxLength: 4 }),
          fc.nat(),
          (parts, noise, at) => {
            const clean = iconv.encode(parts.join(''), encoding);
            const text = decode(clean);
            // Text of characters that iconv-lite decodes back to themselves from 1–2 bytes is covered.
            expect(text).toBe(iconv.decode(clean, encoding));
            const cut = clean.length ? at % clean.length : 0;
            const dirty = Buffer.concat([clean.subarray(0, cut), Buffer.from(noise), clean.subarray(cut)]);
            const mixed = decode(dirty);
            if (mixed !== undefined) {
              expect(mixed).toBe(iconv.decode(dirty, encoding));
              expect(roundTrips(dirty, encoding)).toBe(true);
            }
          },
        ),
        { numRuns: 150 },
      );
    }
  });

  it('covers ordinary CJK text (the fast path is really taken)', () => {
    const samples: Record<string, string> = {
      shift_jis: '日本語のテキストファイルです。東京都千代田区丸の内一丁目。ｶﾀｶﾅ\r\n',
      'euc-jp': '日本語のテキストファイルです。東京都千代田区。\n',
      gbk: '中华人民共和国成立于一九四九年。这是一个简体中文的文本文件。\n',
      gb18030: '中华人民共和国成立于一九四九年。\n',
      big5: '中華民國的首都是臺北。這是一個繁體中文的文字檔案。\n',
      'euc-kr': '다람쥐 헌 쳇바퀴에 타고파. 똠방각하\n',
    };
    for (const encoding of encodings) {
      const bytes = iconv.encode(samples[encoding]!, encoding);
      expect(tableDecoder(lib, encoding)(bytes), encoding).toBe(samples[encoding]);
    }
  });

  it('bytes it does not cover are left to iconv-lite: 3- and 4-byte characters, duplicates, invalid or cut sequences', async () => {
    const loaded = await loadIconv();
    const cases: [LegacyEncoding, number[]][] = [
      ['euc-jp', [0x8f, 0xb0, 0xa1]], // JIS X 0212 (3 bytes)
      ['gb18030', [...iconv.encode('😀', 'gb18030')]], // 4 bytes
      ['gb18030', [...iconv.encode('\u0080', 'gb18030')]], // a BMP character in 4 bytes
      ['shift_jis', [0x87, 0x90]], // NEC duplicate of ≒: decodes, but encodes back to 0x81E0
      ['shift_jis', [0x82]], // a lead byte with nothing after it
      ['shift_jis', [0x82, 0x0a]], // a lead byte before a newline
      ['big5', [0xff, 0xff]],
      ['euc-kr', [0xc9, 0xa1]], // user-defined area
    ];
    for (const [encoding, raw] of cases) {
      const bytes = Buffer.from([0x41, ...raw, 0x42]);
      expect(tableDecoder(lib, encoding)(bytes), `${encoding} ${raw.join(',')}`).toBeUndefined();
      const codec = legacyCodec(loaded, encoding);
      // The codec's answers are iconv-lite's, whatever path they took.
      expect(codec.decode(bytes)).toBe(iconv.decode(bytes, encoding));
      expect(codec.roundTrips(bytes)).toBe(roundTrips(bytes, encoding));
    }
    // The NEC duplicate really is one that must not be called round-trip safe.
    expect(roundTrips(Buffer.from([0x87, 0x90]), 'shift_jis')).toBe(false);
  });

  it('an iconv-lite that answers unexpectedly gives no table (every decode falls back)', () => {
    const fake = (change: Partial<Pick<typeof IconvLite, 'encode' | 'decode'>>) => ({ ...lib, ...change });
    // Decoded text that does not split back into one piece per character.
    expect(
      buildDecodeTable(
        fake({ decode: ((b: Buffer, e: string) => iconv.decode(b, e).replace(/\n/g, '')) as typeof iconv.decode }),
        'shift_jis',
      ),
    ).toBeUndefined();
    // A decoder that disagrees on one character: that character is simply not covered.
    const skewed = buildDecodeTable(
      fake({ decode: ((b: Buffer, e: string) => iconv.decode(b, e).replace(/本/g, '日')) as typeof iconv.decode }),
      'shift_jis',
    );
    expect(decodeWithTable(skewed!, iconv.encode('日日', 'shift_jis'))).toBe('日日');
    expect(decodeWithTable(skewed!, iconv.encode('日本', 'shift_jis'))).toBeUndefined();
    // A newline that is not byte 10.
    expect(
      buildDecodeTable(
        fake({
          encode: (t: string, e: string, o?: object) => (t === '\n' ? Buffer.from([13]) : iconv.encode(t, e, o)),
        }),
        'shift_jis',
      ),
    ).toBeUndefined();
    const decode = tableDecoder(
      fake({ decode: ((b: Buffer, e: string) => iconv.decode(b, e).replace(/\n/g, '')) as typeof iconv.decode }),
      'shift_jis',
    );
    expect(decode(iconv.encode('日本語\n', 'shift_jis'))).toBeUndefined();
  });
});

describe('table decoder through read_file', () => {
  it('a Shift_JIS window is the same text as iconv-lite gives, with a fallback line in the middle of it', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const lines = Array.from(
      { length: 3000 },
      (_, i) => `${i + 1}行目：日本語のテキストファイルです。東京都千代田区丸の内。`,
    );
    const plain = iconv.encode(lines.join('\r\n') + '\r\n', 'shift_jis');
    // Line 1500 gets an NEC duplicate (0x8790): the batch holding it falls back to iconv-lite.
    const at = plain.indexOf(iconv.encode('1500行目', 'shift_jis'));
    const withDuplicate = Buffer.concat([plain.subarray(0, at), Buffer.from([0x87, 0x90]), plain.subarray(at)]);
    for (const [name, bytes] of [
      ['plain.txt', plain],
      ['dup.txt', withDuplicate],
    ] as const) {
      await writeFile(path.join(root, name), bytes);
      const expected = iconv.decode(bytes, 'shift_jis').split('\r\n').slice(0, -1);
      for (const offset of [1, 1400, 2990]) {
        const read = expectOk(
          await toolkit.invoke('filesystem', 'read_file', { path: name, offset, limit: 200, line_numbers: false }),
        );
        expect(read.encoding).toBe('shift_jis');
        expect(read.content).toBe(expected.slice(offset - 1, offset - 1 + 200).join('\n'));
      }
    }
  });
});
