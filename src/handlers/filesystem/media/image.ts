// Images for read_file: decoded, turned upright (EXIF orientation) and scaled down with sharp
// (libvips, off the main thread in libuv's pool, a few at a time: slots.ts), bounded in input
// size, pixels and time, so that a hostile file is an error.
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { ToolError } from '../../../runtime/contract/errors.js';
import { imageSlots } from './slots.js';

/** Largest image file read (bytes). */
export const MAX_IMAGE_FILE_BYTES = 40 * 1024 * 1024;
/** Largest decoded image (pixels): a decompression bomb claims far more than any photo has. */
export const MAX_INPUT_PIXELS = 100_000_000;
/** Longest edge sent to a model; Anthropic's vision guidance: ≤ 1568 px and ≈1.15 megapixels. */
export const MAX_EDGE_PX = 1568;
export const MAX_OUTPUT_PIXELS = 1_150_000;
/** Largest image data sent (raw bytes; base64 adds a third: ≈ 5 MB, the smallest API limit). */
export const MAX_OUTPUT_BYTES = Math.floor((5 * 1024 * 1024 * 3) / 4) - 1024;
/** Hard limit on one image's decode + encode. */
export const IMAGE_TIMEOUT_SECONDS = 20;

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export interface ImageData {
  mime: ImageMime;
  data: Buffer;
  width: number;
  height: number;
  originalWidth: number;
  originalHeight: number;
}

type SharpFactory = (input?: Buffer, options?: SharpOptions) => Sharp;
let sharpFactory: SharpFactory | undefined;
/** sharp is an optional peer dependency (libvips is ~18 MB): installed by hosts that read images. */
export const SHARP_INSTALL = 'npm install sharp@^0.35.5';
async function loadSharp(display: string): Promise<SharpFactory> {
  if (!sharpFactory) {
    try {
      const mod = (await import('sharp')) as unknown as { default: SharpFactory };
      sharpFactory = mod.default;
    } catch (error) {
      throw sharpMissing(error, display);
    }
  }
  return sharpFactory;
}

/** The error for an image read where sharp (or its platform binary) cannot be loaded. */
export function sharpMissing(error: unknown, display: string): ToolError {
  const code = (error as { code?: unknown } | null)?.code;
  const why =
    code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND'
      ? 'the optional package sharp is not installed'
      : `sharp could not be loaded (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  return new ToolError(
    'UNSUPPORTED_CONTENT',
    `${display} is an image, and reading images needs sharp: ${why}; the host can run \`${SHARP_INSTALL}\` (other files read as before)`,
  );
}

/** The image type announced by a file's first bytes. */
export function imageMimeOf(head: Uint8Array): ImageMime | undefined {
  if (head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head[0] === 0x47 && head[1] === 0x49 && head[2] === 0x46 && head[3] === 0x38) return 'image/gif';
  // RIFF....WEBP
  if (
    head[0] === 0x52 &&
    head[1] === 0x49 &&
    head[2] === 0x46 &&
    head[3] === 0x46 &&
    head[8] === 0x57 &&
    head[9] === 0x45 &&
    head[10] === 0x42 &&
    head[11] === 0x50
  )
    return 'image/webp';
  return undefined;
}

/** The size to send: the original when within limits, else scaled to the edge and pixel caps. */
export function targetSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MAX_EDGE_PX / Math.max(width, height), Math.sqrt(MAX_OUTPUT_PIXELS / (width * height)));
  if (scale >= 1) return { width, height };
  let w = Math.max(1, Math.min(MAX_EDGE_PX, Math.round(width * scale)));
  let h = Math.max(1, Math.min(MAX_EDGE_PX, Math.round(height * scale)));
  // Rounding may overshoot the pixel cap by a row or column.
  while (w * h > MAX_OUTPUT_PIXELS)
    if (w >= h) w--;
    else h--;
  return { width: w, height: h };
}

function imageError(error: unknown, display: string): ToolError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return new ToolError(
      'TOO_LARGE',
      `${display} is larger than ${MAX_INPUT_PIXELS / 1e6} megapixels; read_file does not decode it`,
    );
  }
  if (/timeout/i.test(message))
    return new ToolError('TIMEOUT', `decoding ${display} took longer than ${IMAGE_TIMEOUT_SECONDS} s`);
  return new ToolError('UNSUPPORTED_CONTENT', `${display} is not a valid image (${message.split('\n')[0]})`);
}

/**
 * The size the image is shown at: EXIF orientations 5-8 turn it a quarter, so width and height
 * swap. Only the first frame of an animation counts.
 */
export function displayedSize(meta: Pick<Metadata, 'width' | 'height' | 'pageHeight' | 'orientation'>): {
  width: number;
  height: number;
} {
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  return (meta.orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
}

/**
 * Decodes, checks and (when needed) turns upright, scales and re-encodes an image file's bytes,
 * holding one of the process's image slots (waiting for one honours `signal`).
 */
export async function prepareImage(
  bytes: Buffer,
  mime: ImageMime,
  display: string,
  signal: AbortSignal,
  /** Told what is being done (set when someone follows the read). */
  onStep?: (step: string) => void,
): Promise<ImageData> {
  const sharp = await loadSharp(display);
  if (onStep && imageSlots.inUse >= imageSlots.limit) onStep('waiting for an image slot (other images are decoding)');
  return imageSlots.run(signal, () => decodeImage(sharp, bytes, mime, display, onStep));
}

async function decodeImage(
  sharp: SharpFactory,
  bytes: Buffer,
  mime: ImageMime,
  display: string,
  onStep?: (step: string) => void,
): Promise<ImageData> {
  // Only the first frame of an animation; the strictest failOn so that truncated data is an error.
  const options: SharpOptions = {
    limitInputPixels: MAX_INPUT_PIXELS,
    sequentialRead: true,
    failOn: 'warning',
    animated: false,
  };
  let meta;
  try {
    onStep?.(`reading the header of a ${bytes.length}-byte ${mime}`);
    meta = await sharp(bytes, options).metadata();
  } catch (error) {
    throw imageError(error, display);
  }
  // Sizes are the upright image's: the orientation is applied before scaling.
  const { width: originalWidth, height: originalHeight } = displayedSize(meta);
  if (originalWidth <= 0 || originalHeight <= 0)
    throw new ToolError('UNSUPPORTED_CONTENT', `${display} has no image size in its header`);
  if (originalWidth * originalHeight > MAX_INPUT_PIXELS) throw imageError(new Error('pixel limit'), display);
  const target = targetSize(originalWidth, originalHeight);
  const resize = target.width !== originalWidth || target.height !== originalHeight;
  const upright = (meta.orientation ?? 1) === 1;
  try {
    // A file sent as it is must already be upright: not every reader of it applies EXIF orientation.
    if (!resize && upright && bytes.length <= MAX_OUTPUT_BYTES && (meta.pages ?? 1) === 1) {
      // Small enough as it is: send the file's bytes, after a full decode proves they are sound.
      onStep?.(`decoding ${originalWidth}×${originalHeight} px to check the data`);
      await sharp(bytes, options).timeout({ seconds: IMAGE_TIMEOUT_SECONDS }).raw().toBuffer();
      return { mime, data: bytes, width: originalWidth, height: originalHeight, originalWidth, originalHeight };
    }
    const base = () =>
      sharp(bytes, options)
        .autoOrient()
        .resize(target.width, target.height, { fit: 'fill' })
        .timeout({ seconds: IMAGE_TIMEOUT_SECONDS });
    // Photos stay JPEG/WebP; PNG/GIF (screenshots, diagrams, alpha) stay lossless unless too big.
    const attempts: [ImageMime, () => Sharp][] =
      mime === 'image/jpeg' || mime === 'image/webp'
        ? [
            [
              mime,
              () =>
                mime === 'image/jpeg' ? base().jpeg({ quality: 80, mozjpeg: false }) : base().webp({ quality: 80 }),
            ],
          ]
        : [
            ['image/png', () => base().png({ compressionLevel: 6, adaptiveFiltering: false })],
            ['image/webp', () => base().webp({ quality: 85 })],
          ];
    attempts.push(['image/jpeg', () => base().flatten({ background: '#ffffff' }).jpeg({ quality: 70 })]);
    for (const [outMime, make] of attempts) {
      onStep?.(
        `decoding ${originalWidth}×${originalHeight} px${resize ? `, scaling to ${target.width}×${target.height}` : ''}, encoding as ${outMime}`,
      );
      const { data, info } = await make().toBuffer({ resolveWithObject: true });
      if (data.length <= MAX_OUTPUT_BYTES) {
        return { mime: outMime, data, width: info.width, height: info.height, originalWidth, originalHeight };
      }
    }
  } catch (error) {
    throw imageError(error, display);
  }
  throw new ToolError('TOO_LARGE', `${display} does not fit in ${MAX_OUTPUT_BYTES} bytes even as a scaled JPEG`);
}
