// Images are turned upright (EXIF orientation 1-8) before they are scaled: width, height and
// original_* are the displayed ones, and the pixels a model gets are the way a viewer shows them.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ReadFileResult } from '../../src/generated/types.js';
import { expectOk, workspaceToolkit } from '../support/helpers.js';
import { scaled } from '../support/time.js';

type ImageResult = Extract<ReadFileResult, { type: 'image' }>;

type Corner = 'top-left' | 'top-right' | 'bottom-right' | 'bottom-left';
/** Where the stored image's top-left corner is shown, for each EXIF orientation. */
const SHOWN_AT: Record<number, Corner> = {
  1: 'top-left',
  2: 'top-right',
  3: 'bottom-right',
  4: 'bottom-left',
  5: 'top-left',
  6: 'top-right',
  7: 'bottom-right',
  8: 'bottom-left',
};

/** A blue image whose stored top-left corner is a red block, tagged with an EXIF orientation. */
async function markedImage(
  width: number,
  height: number,
  orientation: number,
  format: 'jpeg' | 'webp',
): Promise<Buffer> {
  const block = Math.max(8, Math.round(Math.min(width, height) / 6));
  const red = await sharp({ create: { width: block, height: block, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).composite([
    { input: red, left: 0, top: 0 },
  ]);
  return (format === 'jpeg' ? image.jpeg({ quality: 95 }) : image.webp({ quality: 95 }))
    .withMetadata({ orientation })
    .toBuffer();
}

/** Which corner of the image data is red. */
async function redCorner(data: Buffer): Promise<Corner | undefined> {
  const { data: pixels, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    return pixels[i]! > 160 && pixels[i + 2]! < 100;
  };
  const inset = 2;
  const corners: [Corner, number, number][] = [
    ['top-left', inset, inset],
    ['top-right', info.width - 1 - inset, inset],
    ['bottom-right', info.width - 1 - inset, info.height - 1 - inset],
    ['bottom-left', inset, info.height - 1 - inset],
  ];
  const red = corners.filter(([, x, y]) => at(x, y)).map(([name]) => name);
  return red.length === 1 ? red[0] : undefined;
}

describe('EXIF orientation', () => {
  it(
    'a 400×3000 JPEG in each orientation 1-8 is scaled as it is shown, upright',
    { timeout: scaled(60_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      for (let orientation = 1; orientation <= 8; orientation++) {
        await writeFile(path.join(root, `tall-${orientation}.jpg`), await markedImage(400, 3000, orientation, 'jpeg'));
        const result = await toolkit.invoke('filesystem', 'read_file', { path: `tall-${orientation}.jpg` });
        const out = expectOk<ImageResult>(result);
        const turned = orientation >= 5;
        const label = `orientation ${orientation}`;
        expect([out.original_width, out.original_height], label).toEqual(turned ? [3000, 400] : [400, 3000]);
        expect(Math.max(out.width, out.height), label).toBe(1568);
        expect(out.width > out.height, label).toBe(turned);
        // The aspect ratio survives: nothing was squeezed into the other orientation's box.
        expect(out.width / out.height, label).toBeCloseTo(out.original_width / out.original_height, 1);
        const data = Buffer.from(out.data, 'base64');
        const meta = await sharp(data).metadata();
        expect([meta.width, meta.height, meta.orientation ?? 1], label).toEqual([out.width, out.height, 1]);
        expect(await redCorner(data), label).toBe(SHOWN_AT[orientation]);
        expect(result.text, label).toContain(`scaled down from ${out.original_width}×${out.original_height}`);
      }
    },
  );

  it(
    'an image small enough to send as it is is still sent upright when it has an orientation',
    { timeout: scaled(60_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      for (let orientation = 1; orientation <= 8; orientation++) {
        const file = await markedImage(120, 48, orientation, 'jpeg');
        await writeFile(path.join(root, `small-${orientation}.jpg`), file);
        const out = expectOk<ImageResult>(
          await toolkit.invoke('filesystem', 'read_file', { path: `small-${orientation}.jpg` }),
        );
        const label = `orientation ${orientation}`;
        const shown = orientation >= 5 ? [48, 120] : [120, 48];
        expect([out.width, out.height, out.original_width, out.original_height], label).toEqual([...shown, ...shown]);
        const data = Buffer.from(out.data, 'base64');
        if (orientation === 1) expect(data.equals(file), label).toBe(true); // upright already: the file's own bytes
        expect((await sharp(data).metadata()).orientation ?? 1, label).toBe(1);
        expect(await redCorner(data), label).toBe(SHOWN_AT[orientation]);
      }
    },
  );

  it('WebP carries EXIF orientation too', { timeout: scaled(60_000) }, async () => {
    const { root, toolkit } = await workspaceToolkit();
    for (const orientation of [6, 8]) {
      await writeFile(path.join(root, `wide-${orientation}.webp`), await markedImage(3000, 400, orientation, 'webp'));
      const out = expectOk<ImageResult>(
        await toolkit.invoke('filesystem', 'read_file', { path: `wide-${orientation}.webp` }),
      );
      expect([out.original_width, out.original_height]).toEqual([400, 3000]);
      expect(out.height).toBe(1568);
      expect(await redCorner(Buffer.from(out.data, 'base64'))).toBe(SHOWN_AT[orientation]);
    }
  });
});
