// Timed: a 6-byte read_file stays under 50 ms while 12 large (64-megapixel) PNGs decode in the
// same process. The quick suite asserts the order of events instead (filesystem-media-concurrency).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectOk, workspaceToolkit } from '../support/helpers.js';
import { scaled } from '../support/time.js';

describe('file I/O while images decode', () => {
  it(
    'a tiny read takes < 50 ms (median of five) during 12 decodes of 64 megapixels',
    { timeout: scaled(300_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      const side = 8000;
      const pixels = Buffer.alloc(side * side * 3);
      for (let i = 0; i < pixels.length; i += 97) pixels[i] = (i * 31) & 255;
      const png = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
        .png({ compressionLevel: 1 })
        .toBuffer();
      await Promise.all(Array.from({ length: 12 }, (_, i) => writeFile(path.join(root, `big${i}.png`), png)));
      await writeFile(path.join(root, 'tiny.txt'), 'hello\n');
      const baseline: number[] = [];
      for (let i = 0; i < 6; i++) {
        const started = performance.now();
        expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'tiny.txt' }));
        baseline.push(performance.now() - started);
      }
      let done = 0;
      const images = Array.from({ length: 12 }, (_, i) =>
        toolkit.invoke('filesystem', 'read_file', { path: `big${i}.png` }).then((r) => {
          expectOk(r);
          done++;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'tiny.txt' }));
        times.push(performance.now() - started);
      }
      const stillDecoding = done < 12;
      await Promise.all(images);
      times.sort((a, b) => a - b);
      console.log(
        `tiny read_file alone: ${baseline
          .slice(1)
          .map((t) => t.toFixed(1))
          .join(', ')} ms; during decodes: ${times.map((t) => t.toFixed(1)).join(', ')} ms`,
      );
      expect(stillDecoding).toBe(true);
      expect(times[2]).toBeLessThan(50);
    },
  );
});
