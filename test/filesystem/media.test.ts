// read_file on images and PDFs: what a model gets, the size limits, and that corrupt,
// truncated or hostile files are clear errors (never a crash, a hang or a blocked event loop).
import { truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MAX_EDGE_PX,
  MAX_IMAGE_FILE_BYTES,
  MAX_OUTPUT_BYTES,
  MAX_OUTPUT_PIXELS,
} from '../../src/handlers/filesystem/media/image.js';
import { pdfLimits, pdfMemory, PDF_DEADLINE_MS } from '../../src/handlers/filesystem/media/pdf.js';
import { errorCode, expectOk, workspaceToolkit } from '../support/helpers.js';
import { makeFlateBombPdf, makePdf } from '../support/pdf-fixture.js';
import { scaled } from '../support/time.js';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A valid PNG header claiming width×height, with a tiny IDAT: a decompression bomb's shape. */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('read_file images', () => {
  it('scales a 4000×3000 JPEG to the model limits', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const jpeg = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    await writeFile(path.join(root, 'photo.jpg'), jpeg);
    // Off the main thread: timed in test/stress/off-thread.stress.test.ts.
    const result = await toolkit.invoke('filesystem', 'read_file', { path: 'photo.jpg' });
    const out = expectOk(result);
    expect(out).toMatchObject({ type: 'image', mime_type: 'image/jpeg', original_width: 4000, original_height: 3000 });
    expect(Math.max(out.width, out.height)).toBeLessThanOrEqual(MAX_EDGE_PX);
    expect(out.width * out.height).toBeLessThanOrEqual(MAX_OUTPUT_PIXELS);
    expect(out.width / out.height).toBeCloseTo(4 / 3, 2);
    const meta = await sharp(Buffer.from(out.data, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', out.width, out.height]);
    expect(result.text).toContain('scaled down from 4000×3000');
  });

  it('passes a small PNG through unchanged, and keeps big PNGs lossless or falls back within the byte cap', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const small = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    await writeFile(path.join(root, 'small.png'), small);
    const out = expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'small.png' }));
    expect(out).toMatchObject({ mime_type: 'image/png', width: 300, height: 200 });
    expect(Buffer.from(out.data, 'base64').equals(small)).toBe(true);
    const wide = await sharp({ create: { width: 3000, height: 500, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    await writeFile(path.join(root, 'wide.png'), wide);
    const shrunk = expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'wide.png' }));
    expect(shrunk).toMatchObject({ mime_type: 'image/png', width: MAX_EDGE_PX });
    expect(Buffer.from(shrunk.data, 'base64').length).toBeLessThanOrEqual(MAX_OUTPUT_BYTES);
  });

  it('reads GIF and WebP by their bytes, whatever the file name', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(
      path.join(root, 'a.gif'),
      await sharp({ create: { width: 20, height: 10, channels: 3, background: '#00f' } })
        .gif()
        .toBuffer(),
    );
    await writeFile(
      path.join(root, 'noext'),
      await sharp({ create: { width: 16, height: 16, channels: 3, background: '#0f0' } })
        .webp()
        .toBuffer(),
    );
    expect(expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'a.gif' }))).toMatchObject({
      mime_type: 'image/gif',
      width: 20,
      height: 10,
    });
    expect(expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'noext' }))).toMatchObject({
      mime_type: 'image/webp',
      width: 16,
    });
  });

  it('corrupt, truncated, bomb and oversized images are clear errors', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const jpeg = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg()
      .toBuffer();
    await writeFile(path.join(root, 'cut.jpg'), jpeg.subarray(0, jpeg.length >> 1));
    await writeFile(
      path.join(root, 'junk.png'),
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from('not a png at all, just words'),
      ]),
    );
    await writeFile(path.join(root, 'bomb.png'), pngClaiming(100_000, 100_000));
    await writeFile(path.join(root, 'zero.png'), pngClaiming(0, 10));
    await writeFile(path.join(root, 'huge.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    await truncate(path.join(root, 'huge.jpg'), MAX_IMAGE_FILE_BYTES + 1);
    const code = async (p: string) => errorCode(await toolkit.invoke('filesystem', 'read_file', { path: p }));
    expect(await code('cut.jpg')).toBe('UNSUPPORTED_CONTENT');
    expect(await code('junk.png')).toBe('UNSUPPORTED_CONTENT');
    expect(await code('bomb.png')).toBe('TOO_LARGE');
    expect(await code('zero.png')).toBe('UNSUPPORTED_CONTENT');
    expect(await code('huge.jpg')).toBe('TOO_LARGE');
  });
});

describe('read_file PDFs', () => {
  afterEach(() => {
    pdfLimits.deadlineMs = PDF_DEADLINE_MS;
    pdfMemory.growthMb = 512;
    pdfMemory.heapMb = 256;
  });

  // A document whose parse outgrows the reader's JS heap ends the reader alone.
  it(
    "a page that exhausts the reader's heap is TOO_LARGE, the host lives on, and the next PDF reads",
    { timeout: scaled(60_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      pdfMemory.heapMb = 48;
      pdfMemory.growthMb = 4096; // the heap, not the resident-memory watch, is what stops it
      await writeFile(path.join(root, 'dense.pdf'), makePdf(['ab '.repeat(3 * 1024 * 1024)]));
      const result = await toolkit.invoke('filesystem', 'read_file', { path: 'dense.pdf' });
      expect(!result.ok && result.error.code, result.text).toBe('TOO_LARGE');
      expect(!result.ok && result.error.message).toMatch(/the reader's 48 MiB heap/);
      pdfMemory.heapMb = 256;
      await writeFile(path.join(root, 'ok.pdf'), makePdf(['after the heap ran out']));
      const ok = await toolkit.invoke('filesystem', 'read_file', { path: 'ok.pdf' });
      expect(ok.ok && ok.text).toContain('after the heap ran out');
    },
  );

  // The reader is a child process: its memory grows there and is stopped (the stress suite watches both RSS).
  it(
    'a compressed stream that decodes to far more than the file is stopped by memory (TOO_LARGE), then normal PDFs read again',
    { timeout: scaled(60_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      pdfMemory.growthMb = 96;
      const bomb = await makeFlateBombPdf(600 * 1024 * 1024);
      expect(bomb.length).toBeLessThan(4 * 1024 * 1024);
      await writeFile(path.join(root, 'bomb.pdf'), bomb);
      const result = await toolkit.invoke('filesystem', 'read_file', { path: 'bomb.pdf' });
      expect(!result.ok && result.error.code, result.text).toBe('TOO_LARGE');
      expect(!result.ok && result.error.message).toMatch(/needed more than 96 MiB/);
      await writeFile(path.join(root, 'ok.pdf'), makePdf(['after the bomb']));
      const ok = await toolkit.invoke('filesystem', 'read_file', { path: 'ok.pdf' });
      expect(ok.ok && ok.text).toContain('after the bomb');
    },
  );

  it('returns text per page for a range, with the page count and how to continue', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(
      path.join(root, 'doc.pdf'),
      makePdf(Array.from({ length: 30 }, (_, i) => `This is page ${i + 1} (of thirty)`)),
    );
    const result = await toolkit.invoke('filesystem', 'read_file', { path: 'doc.pdf', pages: '2-5' });
    const out = expectOk(result);
    expect(out).toMatchObject({ type: 'pdf', page_count: 30, pages: '2-5', next_pages: '6-9', truncated: true });
    expect(out.content).toBe([2, 3, 4, 5].map((n) => `--- page ${n} ---\nThis is page ${n} (of thirty)`).join('\n\n'));
    expect(result.text).toContain('"pages":"6-9"');
    const first = expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'doc.pdf' }));
    expect(first).toMatchObject({ pages: '1-20', next_pages: '21-30' });
    const last = expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'doc.pdf', pages: '30' }));
    expect(last).toMatchObject({
      pages: '30',
      truncated: false,
      content: '--- page 30 ---\nThis is page 30 (of thirty)',
    });
    expect(last.next_pages).toBeUndefined();
  });

  it('refuses bad ranges and corrupt PDFs with clear errors', async () => {
    const { root, toolkit } = await workspaceToolkit();
    const pdf = makePdf(['one', 'two']);
    await writeFile(path.join(root, 'ok.pdf'), pdf);
    await writeFile(path.join(root, 'junk.pdf'), Buffer.from('%PDF-1.7\nthis is not a pdf body at all\n'));
    await writeFile(path.join(root, 'cut.pdf'), pdf.subarray(0, 40));
    const call = (p: string, pages?: string) =>
      toolkit.invoke('filesystem', 'read_file', { path: p, ...(pages ? { pages } : {}) });
    expect(errorCode(await call('ok.pdf', '3'))).toBe('INVALID_INPUT');
    await writeFile(path.join(root, 'notes.txt'), 'text\n');
    const notPdf = await call('notes.txt', '1');
    expect(errorCode(notPdf)).toBe('INVALID_INPUT');
    expect(notPdf.text).toContain('pages is for PDFs');
    expect(errorCode(await call('ok.pdf', '1-50'))).toBe('INVALID_INPUT');
    expect(errorCode(await call('ok.pdf', '5-2'))).toBe('INVALID_INPUT');
    expect(errorCode(await call('junk.pdf'))).toBe('UNSUPPORTED_CONTENT');
    expect(errorCode(await call('cut.pdf'))).toBe('UNSUPPORTED_CONTENT');
    // The worker survives bad input: a good PDF still reads afterwards.
    expect(expectOk(await call('ok.pdf'))).toMatchObject({
      page_count: 2,
      content: '--- page 1 ---\none\n\n--- page 2 ---\ntwo',
    });
  });

  it(
    'a PDF that runs past the deadline is stopped (TIMEOUT) and the next one still reads',
    { timeout: scaled(60_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      await writeFile(path.join(root, 'ok.pdf'), makePdf(['fine']));
      expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'ok.pdf' })); // worker warm
      // 20 pages of many text runs: seconds of work for pdf.js.
      await writeFile(path.join(root, 'slow.pdf'), makePdf(Array.from({ length: 20 }, () => 'w '.repeat(200_000))));
      pdfLimits.deadlineMs = 50;
      const slow = await toolkit.invoke('filesystem', 'read_file', { path: 'slow.pdf' });
      expect(errorCode(slow)).toBe('TIMEOUT');
      pdfLimits.deadlineMs = PDF_DEADLINE_MS;
      expect(expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'ok.pdf' })).content).toContain('fine');
    },
  );
});

describe('images through the adapters', () => {
  it('MCP image content (validated by the SDK client), Anthropic image blocks, OpenAI input_image, a note for Chat Completions', async () => {
    const { linkedClient } = await import('../support/mcp-memory.js');
    const { createMcpServer } = await import('../../src/adapters/mcp/server.js');
    const { runAnthropicToolUse } = await import('../../src/adapters/anthropic.js');
    const { runOpenAIResponsesFunctionCall, runOpenAIToolCall } = await import('../../src/adapters/openai.js');
    const { root, toolkit } = await workspaceToolkit();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    await writeFile(path.join(root, 'p.png'), png);
    const base64 = png.toString('base64');

    const { client, close } = await linkedClient(await createMcpServer(toolkit));
    await client.listTools();
    const mcp = await client.callTool({ name: 'read_file', arguments: { path: 'p.png' } });
    expect(mcp.isError).toBeFalsy();
    expect(mcp.content).toEqual([
      expect.objectContaining({ type: 'text' }),
      { type: 'image', data: base64, mimeType: 'image/png' },
    ]);
    expect(mcp.structuredContent).toMatchObject({ type: 'image', width: 40, height: 30 });
    // The base64 travels once, in the image block; the structured copy keeps an empty data.
    expect((mcp.structuredContent as Record<string, unknown>).data).toBe('');
    await close();

    const anthropic = await runAnthropicToolUse(toolkit, { id: 'tu', name: 'read_file', input: { path: 'p.png' } });
    expect(anthropic.content).toEqual([
      expect.objectContaining({ type: 'text' }),
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: base64 } },
    ]);
    const responses = await runOpenAIResponsesFunctionCall(toolkit, {
      call_id: 'c',
      name: 'read_file',
      arguments: '{"path":"p.png"}',
    });
    expect(responses.output).toEqual([
      expect.objectContaining({ type: 'input_text' }),
      { type: 'input_image', image_url: `data:image/png;base64,${base64}` },
    ]);
    const chat = await runOpenAIToolCall(toolkit, {
      id: 'c',
      function: { name: 'read_file', arguments: '{"path":"p.png"}' },
    });
    expect(chat.content).toContain('40×30');
    expect(chat.content).toContain('cannot be passed');
    // Text results are unchanged: plain strings.
    await writeFile(path.join(root, 't.txt'), 'hello\n');
    expect(
      typeof (await runAnthropicToolUse(toolkit, { id: 'tu', name: 'read_file', input: { path: 't.txt' } })).content,
    ).toBe('string');
  });
});
