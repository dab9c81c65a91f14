// The SIMD newline scanner behind read_file's counting pass: it must agree with the plain JS one
// on every input, and the committed module must be what newline-scan.wat compiles to.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScanner, JsScanner, SCAN_BUFFER_BYTES } from '../../src/handlers/filesystem/lines/newline-scan.js';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { compileNewlineScan } from '../../scripts/build-wasm.mjs';

describe('newline scanner', () => {
  it('uses WebAssembly on this runtime', () => {
    expect(createScanner()).not.toBeInstanceOf(JsScanner);
  });

  it('finds the k-th newline exactly like Buffer.indexOf, and counts misses', () => {
    const wasm = createScanner();
    const js = new JsScanner();
    const bytes = fc.array(fc.oneof(fc.constant(10), fc.integer({ min: 0, max: 255 })), {
      minLength: 0,
      maxLength: 400,
      size: 'max',
    });
    fc.assert(
      fc.property(
        bytes,
        fc.nat(200),
        fc.nat(400),
        fc.integer({ min: 1, max: 80 }),
        fc.constantFrom<0 | 1>(0, 1),
        (data, fromSeed, lenSeed, k, which) => {
          // Place the data at a random offset so every alignment of the 64/16-byte steps is exercised.
          const at = fromSeed % 97;
          for (const scanner of [wasm, js]) {
            scanner.buffers[which].fill(10, 0, 1024); // newlines outside [from, to) must not count
            Buffer.from(data).copy(scanner.buffers[which], at);
          }
          const from = at;
          const to = at + Math.min(data.length, lenSeed);
          const expected = js.nth(which, from, to, k);
          const actual = wasm.nth(which, from, to, k);
          expect(actual).toBe(expected);
          if (expected === -1) expect(wasm.missCount).toBe(js.missCount);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('handles a whole buffer of newlines and none', () => {
    const scanner = createScanner();
    scanner.buffers[1].fill(10);
    expect(scanner.nth(1, 0, SCAN_BUFFER_BYTES, SCAN_BUFFER_BYTES)).toBe(SCAN_BUFFER_BYTES - 1);
    expect(scanner.nth(1, 5, SCAN_BUFFER_BYTES, SCAN_BUFFER_BYTES)).toBe(-1);
    expect(scanner.missCount).toBe(SCAN_BUFFER_BYTES - 5);
    scanner.buffers[0].fill(65);
    expect(scanner.nth(0, 0, SCAN_BUFFER_BYTES, 1)).toBe(-1);
    expect(scanner.missCount).toBe(0);
  });

  it('newline-scan.wasm.ts is what newline-scan.wat compiles to (run npm run build:wasm)', async () => {
    const committed = await readFile(
      path.resolve(import.meta.dirname, '../../src/handlers/filesystem/lines/newline-scan.wasm.ts'),
      'utf8',
    );
    expect(committed).toBe(await compileNewlineScan());
  });
});
