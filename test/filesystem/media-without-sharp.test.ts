// sharp is an optional peer dependency: without it (or with its platform binary broken) an image
// read is a clear UNSUPPORTED_CONTENT naming the install, and every other file reads as before.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { sharpMissing, SHARP_INSTALL } from '../../src/handlers/filesystem/media/image.js';
import { errorCode, workspaceToolkit } from '../support/helpers.js';

vi.mock('sharp', () => {
  throw Object.assign(new Error("Cannot find package 'sharp' imported from image.js"), {
    code: 'ERR_MODULE_NOT_FOUND',
  });
});

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);

describe('read_file without sharp', () => {
  it('an image is UNSUPPORTED_CONTENT naming the install, twice over, and text files still read', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'shot.png'), Buffer.concat([PNG_HEAD, Buffer.alloc(64)]));
    await writeFile(path.join(root, 'photo.jpg'), Buffer.concat([JPEG_HEAD, Buffer.alloc(64)]));
    await writeFile(path.join(root, 'notes.txt'), 'hello\n');
    for (const file of ['shot.png', 'photo.jpg', 'shot.png']) {
      const result = await toolkit.invoke('filesystem', 'read_file', { path: file });
      expect(errorCode(result), file).toBe('UNSUPPORTED_CONTENT');
      expect(result.text).toContain(file);
      expect(result.text).toContain('is an image, and reading images needs sharp');
      expect(result.text).toContain(SHARP_INSTALL);
    }
    const text = await toolkit.invoke('filesystem', 'read_file', { path: 'notes.txt' });
    expect(text.ok, text.text).toBe(true);
    expect(text.text).toContain('hello');
  });

  it('a real missing package is named as not installed', async () => {
    const missing: string = ['toolwright', 'no-such-package'].join('-'); // a name no type can resolve
    const failure = await import(missing).catch((error: unknown) => error);
    expect(sharpMissing(failure, 'c.png').message).toBe(
      `c.png is an image, and reading images needs sharp: the optional package sharp is not installed; the host can run \`${SHARP_INSTALL}\` (other files read as before)`,
    );
  });

  it('a sharp whose platform binary fails to load says so, in one line', () => {
    const broken = new Error('Could not load the "sharp" module using the linux-x64 runtime\nPossible solutions: …');
    const error = sharpMissing(broken, 'a.webp');
    expect(error.code).toBe('UNSUPPORTED_CONTENT');
    expect(error.message).toContain(
      'sharp could not be loaded (Could not load the "sharp" module using the linux-x64 runtime)',
    );
    expect(error.message).not.toContain('\n');
    expect(sharpMissing(Object.assign(new Error('x'), { code: 'MODULE_NOT_FOUND' }), 'b.gif').message).toContain(
      'b.gif is an image, and reading images needs sharp: the optional package sharp is not installed',
    );
  });
});
