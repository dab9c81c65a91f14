// Legacy encodings: detected, read as text with the encoding named, edited and rewritten keeping
// every byte outside the edit; unrepresentable text is INVALID_INPUT; binaries stay BINARY_FILE.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { detectLegacyEncoding, hasBinaryBytes } from '../../src/handlers/filesystem/encodings/detect.js';
import { LEGACY_ENCODINGS, legacyCodec, loadIconv } from '../../src/handlers/filesystem/encodings/legacy.js';
import { decodeForEdit, encodeLike } from '../../src/handlers/filesystem/encodings/text-codec.js';
import { errorCode, expectOk, workspaceToolkit } from '../support/helpers.js';
import { scaled } from '../support/time.js';

// Text per encoding, each with a word to replace (`from`) and its replacement (`to`) in that script.
const cases: { encoding: string; accept?: string[]; text: string; from: string; to: string }[] = [
  {
    encoding: 'windows-1252',
    text: 'Le cœur déçu mais l’âme plutôt naïve, Louÿs rêva de crapaüter en canoë au delà des îles.\n« Ça coûte 5 € — c’est cher », dit-il à l’hôtel.\nDer Größenwahn führt über Straßen und Brücken.\n',
    from: 'Brücken',
    to: 'Flüsse',
  },
  // 0x81 is undefined in Windows-1252: Latin-1 is what keeps it.
  {
    encoding: 'iso-8859-1',
    text: "Le cœur déçu mais l'âme plutôt naïve, Louÿs rêva de crapaüter en canoë au delà des îles.\nDéjà vu à l'hôtel, \u0081 crème brûlée.\n".replace(
      'œ',
      'oe',
    ),
    from: 'naïve',
    to: 'fraîche',
  },
  {
    encoding: 'iso-8859-2',
    accept: ['iso-8859-2', 'windows-1250'],
    text:
      'Příliš žluťoučký kůň úpěl ďábelské ódy. Zażółć gęślą jaźń.\nŘeřicha a šťovík rostou na zahradě, když prší.\n'.repeat(
        3,
      ) + 'Koniec.\n',
    from: 'Koniec',
    to: 'Śniadanie',
  },
  {
    encoding: 'windows-1251',
    text:
      'Съешь же ещё этих мягких французских булок, да выпей чаю.\nВ чащах юга жил бы цитрус? Да, но фальшивый экземпляр!\n'.repeat(
        3,
      ) + 'Конец.\n',
    from: 'Конец',
    to: 'Финиш',
  },
  {
    encoding: 'koi8-r',
    text:
      'Съешь же ещё этих мягких французских булок, да выпей чаю.\nВ чащах юга жил бы цитрус? Да, но фальшивый экземпляр!\n'.repeat(
        3,
      ) + 'Конец.\n',
    from: 'Конец',
    to: 'Финиш',
  },
  {
    encoding: 'shift_jis',
    text: 'いろはにほへと ちりぬるを わかよたれそ つねならむ。\n日本語のテキストファイルです。東京都千代田区。\n',
    from: '千代田区',
    to: '新宿区',
  },
  {
    encoding: 'euc-jp',
    text: 'いろはにほへと ちりぬるを わかよたれそ つねならむ。\n日本語のテキストファイルです。東京都千代田区。\n',
    from: '千代田区',
    to: '新宿区',
  },
  {
    encoding: 'gbk',
    text: '我能吞下玻璃而不伤身体。\n中华人民共和国成立于一九四九年。这是一个简体中文的文本文件。\n',
    from: '简体中文',
    to: '中文',
  },
  {
    encoding: 'big5',
    text: '我能吞下玻璃而不傷身體。\n中華民國的首都是臺北。這是一個繁體中文的文字檔案。\n',
    from: '臺北',
    to: '高雄',
  },
  {
    encoding: 'euc-kr',
    text: '다람쥐 헌 쳇바퀴에 타고파.\n키스의 고유조건은 입술끼리 만나야 하고 특별한 기술은 필요치 않다.\n',
    from: '다람쥐',
    to: '고양이',
  },
];

describe('legacy codecs', () => {
  it('the fast line decoders agree with iconv-lite for every encoding on any bytes', async () => {
    const lib = await loadIconv();
    for (const encoding of LEGACY_ENCODINGS) {
      const codec = legacyCodec(lib, encoding);
      fc.assert(
        fc.property(fc.array(fc.uint8Array({ maxLength: 60 }), { maxLength: 6 }), fc.boolean(), (raws, ascii) => {
          // Lines never hold byte 10 (the reader splits on it).
          const lines = raws.map((raw) =>
            Buffer.from(raw.map((b) => (ascii ? b & 0x7f : b)).map((b) => (b === 10 ? 32 : b))),
          );
          const expected = lines.map((line) => iconv.decode(line, encoding));
          expect(lines.map((line) => codec.decode(line))).toEqual(expected);
          expect(codec.decodeLines(lines)).toEqual(expected);
        }),
        { numRuns: 150 },
      );
    }
  });
});

describe('legacy codecs: fast paths agree with iconv-lite', () => {
  it('roundTrips (per-byte table for single-byte code pages) equals decode → encode on any bytes', async () => {
    const lib = await loadIconv();
    const slow = (bytes: Buffer, encoding: string) => {
      const text = iconv.decode(bytes, encoding);
      return !text.includes('\ufffd') && iconv.encode(text, encoding).equals(bytes);
    };
    for (const encoding of LEGACY_ENCODINGS) {
      const codec = legacyCodec(lib, encoding);
      // Every single byte on its own (the table's whole domain for single-byte code pages)…
      for (let b = 0; b < 256; b++)
        expect(codec.roundTrips(Buffer.from([b])), `${encoding} byte ${b}`).toBe(slow(Buffer.from([b]), encoding));
      // …and random mixes, where multi-byte code pages decide on sequences.
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 80 }), (raw) => {
          const bytes = Buffer.from(raw);
          expect(codec.roundTrips(bytes)).toBe(slow(bytes, encoding));
        }),
        { numRuns: 200 },
      );
    }
  });

  it('decodeRange (native Latin-1 plus swaps) equals iconv-lite on any bytes and ranges', async () => {
    const lib = await loadIconv();
    const native = LEGACY_ENCODINGS.filter((encoding) => legacyCodec(lib, encoding).decodeRange);
    expect(native).toEqual(expect.arrayContaining(['windows-1252', 'iso-8859-1']));
    for (const encoding of native) {
      const codec = legacyCodec(lib, encoding);
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 120 }), fc.nat(), fc.nat(), (raw, a, b) => {
          const bytes = Buffer.from(raw);
          const start = bytes.length ? a % bytes.length : 0;
          const end = start + (bytes.length - start ? b % (bytes.length - start + 1) : 0);
          expect(codec.decodeRange!(bytes, start, end)).toBe(iconv.decode(bytes.subarray(start, end), encoding));
        }),
        { numRuns: 200 },
      );
    }
  });
});

describe('legacy encodings: detection', () => {
  for (const c of cases) {
    it(`detects ${c.encoding}`, async () => {
      const bytes = iconv.encode(c.text, c.encoding);
      const detected = await detectLegacyEncoding(bytes, true);
      expect(c.accept ?? [c.encoding]).toContain(detected?.codec.encoding);
      expect(detected!.codec.decode(bytes)).toBe(c.text);
    });
  }

  it('keeps real binaries binary: NUL bytes, control characters, random high bytes', async () => {
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => 128 + ((i * 7919) % 128)));
    expect(await detectLegacyEncoding(Buffer.from([0x41, 0x00, 0xe9, 0x42]), true)).toBeUndefined();
    expect(hasBinaryBytes(Buffer.from('abc\x01\x02\x03\x04def'))).toBe(true);
    expect(await detectLegacyEncoding(Buffer.from('ab\x01\x02\x03\x04\x05\x06\x07\xe9'), true)).toBeUndefined();
    expect(await detectLegacyEncoding(random, true)).toBeUndefined();
  });
});

describe('legacy encodings through read_file, edit_file and write_file', () => {
  for (const c of cases) {
    it(`${c.encoding}: read names it, an edit keeps every other byte, write_file keeps the encoding`, async () => {
      const { root, toolkit } = await workspaceToolkit();
      const file = path.join(root, 'f.txt');
      const original = iconv.encode(c.text, c.encoding);
      await writeFile(file, original);
      const read = expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'f.txt', line_numbers: false }));
      expect(read.content).toBe(c.text.trimEnd().split('\n').join('\n'));
      const encoding = read.encoding as string;
      expect(c.accept ?? [c.encoding]).toContain(encoding);

      expectOk(await toolkit.invoke('filesystem', 'edit_file', { path: 'f.txt', old_str: c.from, new_str: c.to }));
      const after = await readFile(file);
      const at = c.text.indexOf(c.from);
      const before = iconv.encode(c.text.slice(0, at), encoding);
      const rest = iconv.encode(c.text.slice(at + c.from.length), encoding);
      expect(after.subarray(0, before.length).equals(original.subarray(0, before.length))).toBe(true);
      expect(after.subarray(after.length - rest.length).equals(original.subarray(original.length - rest.length))).toBe(
        true,
      );
      expect(after.equals(Buffer.concat([before, iconv.encode(c.to, encoding), rest]))).toBe(true);

      // A character the encoding cannot hold: INVALID_INPUT, file untouched.
      const refused = await toolkit.invoke('filesystem', 'edit_file', {
        path: 'f.txt',
        old_str: c.to,
        new_str: `${c.to}🙂`,
      });
      expect(errorCode(refused)).toBe('INVALID_INPUT');
      expect(refused.text).toContain(encoding);
      expect((await readFile(file)).equals(after)).toBe(true);

      // encodeLike (write_file's helper) keeps the file's encoding.
      const like = await encodeLike(after, c.to);
      expect(like.encoding).toBe(encoding);
      expect(like.bytes.equals(iconv.encode(c.to, encoding))).toBe(true);

      // write_file itself: the whole file replaced, still in its encoding, read back the same.
      const replacement = c.text.replace(c.from, c.to).split('\n').reverse().join('\n');
      expectOk(await toolkit.invoke('filesystem', 'write_file', { path: 'f.txt', content: replacement }));
      expect((await readFile(file)).equals(iconv.encode(replacement, encoding))).toBe(true);
      const reread = expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'f.txt', line_numbers: false }));
      expect(reread.encoding).toBe(encoding);
      // Text the encoding cannot hold is refused and the file stays as it was.
      const wide = await toolkit.invoke('filesystem', 'write_file', { path: 'f.txt', content: `${replacement}🙂` });
      expect(errorCode(wide)).toBe('INVALID_INPUT');
      expect((await readFile(file)).equals(iconv.encode(replacement, encoding))).toBe(true);
    });
  }

  it('write_file keeps UTF-16 and a UTF-8 BOM, and writes new files as UTF-8', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(
      path.join(root, 'le.txt'),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('old\n', 'utf16le')]),
    );
    await writeFile(path.join(root, 'bom.txt'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('old\n')]));
    expectOk(await toolkit.invoke('filesystem', 'write_file', { path: 'le.txt', content: 'new ü\n' }));
    expectOk(await toolkit.invoke('filesystem', 'write_file', { path: 'bom.txt', content: 'new ü\n' }));
    expectOk(await toolkit.invoke('filesystem', 'write_file', { path: 'fresh.txt', content: 'new ü\n' }));
    expect(
      (await readFile(path.join(root, 'le.txt'))).equals(
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('new ü\n', 'utf16le')]),
      ),
    ).toBe(true);
    expect(
      (await readFile(path.join(root, 'bom.txt'))).equals(
        Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('new ü\n')]),
      ),
    ).toBe(true);
    expect((await readFile(path.join(root, 'fresh.txt'))).equals(Buffer.from('new ü\n'))).toBe(true);
  });

  it(
    'a large Shift_JIS file streams: windows from the start, the middle and the end',
    { timeout: scaled(60_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      const line = (i: number) => `${i}行目：日本語のテキストファイルです。東京都千代田区。`;
      const count = 400_000; // ≈ 20 MB: more than the count-ahead limit
      const text = Array.from({ length: count }, (_, i) => line(i + 1)).join('\n') + '\n';
      await writeFile(path.join(root, 'big.txt'), iconv.encode(text, 'shift_jis'));
      const head = expectOk(
        await toolkit.invoke('filesystem', 'read_file', { path: 'big.txt', limit: 3, line_numbers: false }),
      );
      expect(head).toMatchObject({
        encoding: 'shift_jis',
        content: [1, 2, 3].map(line).join('\n'),
        total_lines_known: false,
      });
      const middle = expectOk(
        await toolkit.invoke('filesystem', 'read_file', {
          path: 'big.txt',
          offset: 250_001,
          limit: 2,
          line_numbers: false,
        }),
      );
      expect(middle.content).toBe([250_001, 250_002].map(line).join('\n'));
      const tail = expectOk(
        await toolkit.invoke('filesystem', 'read_file', { path: 'big.txt', offset: -2, line_numbers: false }),
      );
      expect(tail).toMatchObject({ start_line: -2, content: [count - 1, count].map(line).join('\n') });
    },
  );

  it('mixed bytes (UTF-8 with a stray Latin-1 byte) are edited without changing any other byte', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const original = Buffer.concat([
      Buffer.from('naïve UTF-8 line\nplain ascii here\n'),
      Buffer.from([0xe9]),
      Buffer.from(' stray\n'),
    ]);
    await writeFile(path.join(root, 'm.txt'), original);
    const read = expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'm.txt', line_numbers: false }));
    expect(read.content.split('\n')[1]).toBe('plain ascii here');
    expectOk(
      await toolkit.invoke('filesystem', 'edit_file', { path: 'm.txt', old_str: 'plain ascii', new_str: 'PLAIN' }),
    );
    const after = await readFile(path.join(root, 'm.txt'));
    expect(
      after.equals(
        Buffer.concat([Buffer.from('naïve UTF-8 line\nPLAIN here\n'), Buffer.from([0xe9]), Buffer.from(' stray\n')]),
      ),
    ).toBe(true);
  });

  it('decodeForEdit: legacy text decodes with an encode that refuses what the encoding cannot hold', async () => {
    const bytes = iconv.encode('東京都千代田区。日本語のテキストです。\n', 'shift_jis');
    const decoded = (await decodeForEdit(bytes))!;
    expect(decoded.encoding).toBe('shift_jis');
    expect(decoded.encode(decoded.text).equals(bytes)).toBe(true);
    expect(() => decoded.encode('€ is not in Shift_JIS? ☃')).toThrow(/cannot represent/);
    // UTF-8 stays UTF-8 (fast path), and binary stays undefined.
    expect((await decodeForEdit(Buffer.from('héllo\n')))!.encoding).toBe('utf-8');
    expect(await decodeForEdit(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1, 2, 3]))).toBeUndefined();
  });

  it('binary files stay BINARY_FILE for read_file and edit_file', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(
      path.join(root, 'a.bin'),
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0xff, 0xfe, 0x80]),
    );
    await writeFile(
      path.join(root, 'b.bin'),
      Buffer.from(Array.from({ length: 2048 }, (_, i) => 128 + ((i * 31) % 128))),
    );
    expect(errorCode(await toolkit.invoke('filesystem', 'read_file', { path: 'a.bin' }))).toBe('BINARY_FILE');
    expect(errorCode(await toolkit.invoke('filesystem', 'read_file', { path: 'b.bin' }))).toBe('BINARY_FILE');
    expect(
      errorCode(await toolkit.invoke('filesystem', 'edit_file', { path: 'b.bin', old_str: 'x', new_str: 'y' })),
    ).toBe('BINARY_FILE');
  });
});
