// Media decoding never starves other calls' file I/O: images take one of fewer slots than libuv
// has threads, so a tiny read finishes while a dozen large images decode; a call waiting for a
// slot (image or PDF) gives up at once when aborted. Asserted on order, not on wall-clock time.
import { setMaxListeners } from 'node:events';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pdfSlots } from '../../src/handlers/filesystem/media/pdf.js';
import { imageSlotCount, Slots, threadPoolSize } from '../../src/handlers/filesystem/media/slots.js';
import { errorCode, expectOk, workspaceToolkit } from '../support/helpers.js';
import { makePdf } from '../support/pdf-fixture.js';
import { scaled } from '../support/time.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A noisy PNG (it does not compress away, so decoding it takes real work). */
async function noisyPng(side: number): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i += 7) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

describe('slots', () => {
  it('grants up to the limit, then first come first served; release passes the slot on', async () => {
    const slots = new Slots(2);
    const signal = new AbortController().signal;
    const order: string[] = [];
    const a = await slots.acquire(signal);
    const b = await slots.acquire(signal);
    const c = slots.acquire(signal).then((release) => {
      order.push('c');
      return release;
    });
    const d = slots.acquire(signal).then((release) => {
      order.push('d');
      return release;
    });
    await tick();
    expect(order).toEqual([]);
    expect(slots.inUse).toBe(2);
    b();
    b(); // a second call of one release frees nothing more
    (await c)();
    await tick();
    expect(order).toEqual(['c', 'd']);
    a();
    (await d)();
    expect(slots.inUse).toBe(0);
  });

  it('a waiter that is aborted leaves the queue with CANCELLED and takes no slot', async () => {
    const slots = new Slots(1);
    const held = await slots.acquire(new AbortController().signal);
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    const next = slots.acquire(new AbortController().signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'CANCELLED' });
    held();
    (await next)();
    expect(slots.inUse).toBe(0);
    await expect(slots.acquire(AbortSignal.abort())).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('images get fewer slots than libuv has threads, at least one', () => {
    for (const pool of [1, 2, 4, 8, 64]) {
      for (const cores of [1, 2, 4, 16]) {
        const slots = imageSlotCount(pool, cores);
        expect(slots).toBeGreaterThanOrEqual(1);
        if (pool > 1) expect(slots).toBeLessThan(pool);
        if (cores > 1) expect(slots).toBeLessThan(cores);
      }
    }
    expect(imageSlotCount(4, 16)).toBe(2);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: '16' })).toBe(16);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: 'x' })).toBe(4);
    expect(threadPoolSize({})).toBe(4);
  });
});

describe('reads while media decode', () => {
  it(
    'a tiny read finishes before the third of 12 large images; queued images give up when aborted',
    { timeout: scaled(120_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      const png = await noisyPng(3000);
      await Promise.all(Array.from({ length: 12 }, (_, i) => writeFile(path.join(root, `big${i}.png`), png)));
      await writeFile(path.join(root, 'tiny.txt'), 'hello\n');
      expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'tiny.txt' })); // modules loaded
      const events: string[] = [];
      const controller = new AbortController();
      // Twelve calls follow this one signal, each with its own abort listener (removed when it ends):
      // more than Node's default of 10, which would otherwise warn of a leak.
      setMaxListeners(12 * 2, controller.signal);
      const images = Array.from({ length: 12 }, (_, i) =>
        toolkit
          .invoke('filesystem', 'read_file', { path: `big${i}.png` }, { signal: controller.signal })
          .then((result) => events.push(result.ok ? 'image' : `image ${result.error.code}`)),
      );
      // Give the images time to take the pool (the old code then held every thread of it).
      await new Promise((resolve) => setTimeout(resolve, 100));
      const tiny = await toolkit.invoke('filesystem', 'read_file', { path: 'tiny.txt' });
      events.push('tiny');
      expect(expectOk(tiny).content).toContain('hello');
      while (events.filter((e) => e === 'image').length < 3) await new Promise((resolve) => setTimeout(resolve, 10));
      controller.abort();
      await Promise.all(images);
      const thirdImage = events.flatMap((e, i) => (e === 'image' ? [i] : []))[2]!;
      expect(events.indexOf('tiny')).toBeLessThan(thirdImage);
      // The images still waiting for a slot gave up as soon as the call was aborted.
      expect(events.filter((e) => e === 'image CANCELLED').length).toBeGreaterThan(0);
      expect(events.filter((e) => e === 'image').length + events.filter((e) => e === 'image CANCELLED').length).toBe(
        12,
      );
    },
  );

  it('a PDF call waiting behind a slow one gives up at once when aborted', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'ok.pdf'), makePdf(['fine']));
    expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'ok.pdf' })); // worker warm
    // The slow call: the test holds the only PDF slot until the queued call has given up.
    const release = await pdfSlots.acquire(new AbortController().signal);
    const events: string[] = [];
    try {
      const controller = new AbortController();
      const queued = toolkit
        .invoke('filesystem', 'read_file', { path: 'ok.pdf' }, { signal: controller.signal })
        .then((r) => {
          events.push('queued');
          return r;
        });
      while (pdfSlots.waiting === 0) await tick(); // the queued call waits for the slot
      controller.abort();
      expect(errorCode(await queued)).toBe('CANCELLED');
      expect(pdfSlots.waiting).toBe(0);
    } finally {
      events.push('slow ended');
      release();
    }
    expect(events).toEqual(['queued', 'slow ended']);
    // The slot passes on: the next call reads the file.
    expectOk(await toolkit.invoke('filesystem', 'read_file', { path: 'ok.pdf' }));
    expect(pdfSlots.inUse).toBe(0);
  });
});
