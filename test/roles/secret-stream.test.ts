// A byte stream (a command's output) is redacted as it comes, before anything keeps or cuts it: an
// occurrence split across reads, written in any form the redactor knows, is taken out whole, and
// bytes that may begin one are held only until what follows shows whether they do.
import { describe, expect, it } from 'vitest';
import { secretMark } from '../../src/runtime/contract/roles.js';
import { secretForms } from '../../src/runtime/secrets/redaction.js';
import { ByteRedactor } from '../../src/runtime/secrets/stream.js';

const SECRET = 'Zq9vKx7Lm2-"ü/é';
const MARK = secretMark(SECRET);

/** Runs `chunks` through one redacted stream; what came out after each write, and after the end. */
function run(secrets: string[], chunks: Buffer[]): { each: string[]; all: Buffer } {
  const out: Buffer[] = [];
  const each: string[] = [];
  const stream = new ByteRedactor(secrets).stream((bytes, length) => out.push(Buffer.from(bytes.subarray(0, length))));
  for (const chunk of chunks) {
    const before = out.length;
    stream.write(chunk, chunk.length);
    each.push(Buffer.concat(out.slice(before)).toString('utf8'));
  }
  stream.end();
  return { each, all: Buffer.concat(out) };
}

/** The bytes of `text` cut at every byte offset in `cuts`. */
function cut(text: string, cuts: number[]): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  const points = [0, ...cuts, bytes.length];
  return points.slice(1).map((end, i) => bytes.subarray(points[i], end));
}

describe('a redacted byte stream', () => {
  it('takes an occurrence out whole wherever the reads cut it, in each form it may be written', () => {
    const forms = secretForms(SECRET).slice(0, 12);
    for (const form of forms) {
      const text = `before ${form} after\n`;
      const length = Buffer.byteLength(text);
      for (let at = 1; at < length; at++) {
        const { all } = run([SECRET], cut(text, [at]));
        expect(all.toString('utf8'), `${form} cut at ${at}`).toBe(`before ${MARK} after\n`);
      }
    }
    // Cut into single bytes, a multi-byte character of the value split too.
    const text = `x${SECRET}y${SECRET}`;
    const bytes = Buffer.byteLength(text);
    const { all } = run(
      [SECRET],
      cut(
        text,
        Array.from({ length: bytes - 1 }, (_, i) => i + 1),
      ),
    );
    expect(all.toString('utf8')).toBe(`x${MARK}y${MARK}`);
  });

  it('holds nothing back of output that begins no secret, and only what may begin one otherwise', () => {
    const { each } = run([SECRET], cut('plain output\nmore of it\n', [6, 13]));
    expect(each).toEqual(['plain ', 'output\n', 'more of it\n']);
    // The value's first characters at the end of a read wait for the next one.
    const split = run([SECRET], [Buffer.from('ok Zq9v'), Buffer.from('Kx7Lm2-"ü/é done')]);
    expect(split.each).toEqual(['ok ', `${MARK} done`]);
    // A beginning that never goes on is shown as it is once the stream ends.
    const left = run([SECRET], [Buffer.from('ok Zq9v'), Buffer.from('Kx')]);
    expect(left.each).toEqual(['ok ', '']);
    expect(left.all.toString()).toBe('ok Zq9vKx');
  });

  it('passes every byte that is not a secret on unchanged, binary and broken UTF-8 included', () => {
    const noise = Buffer.from([0, 255, 0xc3, 0x28, 0xe2, 0x82, 10, 0x80, 0xff]);
    const secret = Buffer.from(SECRET, 'utf8');
    const { all } = run([SECRET], [noise, secret.subarray(0, 5), secret.subarray(5), noise]);
    expect(all).toEqual(Buffer.concat([noise, Buffer.from(MARK, 'utf8'), noise]));
  });

  it('takes out the longest of values that begin alike, and several values in one stream', () => {
    const short = 'Abcd1234';
    const long = 'Abcd1234efgh';
    const { all } = run([short, long], cut(`1 ${long} 2 ${short} 3`, [5, 12, 17]));
    expect(all.toString()).toBe(`1 ${secretMark(long)} 2 ${secretMark(short)} 3`);
  });
});
