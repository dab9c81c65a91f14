// read_file's progress on media: a PDF's pages extracted of those asked for, an image's decode
// steps with the time since the start; through invoke's onProgress and over MCP; and no work for
// progress when nobody follows (the PDF reader is not asked to report).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobProcess } from '../../src/runtime/processes/job-process.js';
import { expectOk, workspaceToolkit } from '../support/helpers.js';
import { makePdf } from '../support/pdf-fixture.js';
import {
  callOverMcp,
  everyProgressNotification,
  expectGrowing,
  invokeFollowed,
  progressClient,
} from '../support/progress.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const SIX_PAGES = makePdf(Array.from({ length: 6 }, (_, i) => `This is page ${i + 1} of six`));
const PDF_MESSAGE = /^\d+ of \d+ pages? read from a 6-page PDF of \d+ bytes$/;

describe('PDF progress', () => {
  it('onProgress hears every page of a multi-page PDF as it is extracted, of the pages asked for', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'six.pdf'), SIX_PAGES);
    // Slow for every event: each page's report then passes the throttle.
    const { result, events } = await invokeFollowed(toolkit, 'filesystem', 'read_file', { path: 'six.pdf' }, 8);
    expect(expectOk<{ page_count: number }>(result).page_count).toBe(6);
    expectGrowing(events, 7, PDF_MESSAGE);
    expect(events.map((e) => e.progress)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(events.every((e) => e.total === 6)).toBe(true);
    expect(events[3]!.message).toBe(`3 of 6 pages read from a 6-page PDF of ${SIX_PAGES.length} bytes`);

    const range = await invokeFollowed(toolkit, 'filesystem', 'read_file', { path: 'six.pdf', pages: '2-4' }, 8);
    expect(range.result.ok).toBe(true);
    expect(range.events.map((e) => [e.progress, e.total])).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('the SDK client gets the pages for a call with a token, and nothing without one', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'six.pdf'), SIX_PAGES);
    const client = await progressClient(toolkit);
    const { result, events } = await callOverMcp(client, 'read_file', { path: 'six.pdf' }, 8);
    expect(result.isError).toBeFalsy();
    // The reader's page reports can arrive together (one read of its channel): the server's
    // throttle then passes the first of them, so as few as one may reach the client (seen in CI).
    expectGrowing(events, 1, PDF_MESSAGE);
    expect(events.every((e) => e.total === 6 && e.progress <= 6)).toBe(true);
    const seen = everyProgressNotification(client);
    const silent = await client.callTool({ name: 'read_file', arguments: { path: 'six.pdf' } });
    expect(silent.isError).toBeFalsy();
    expect(seen).toEqual([]);
    await client.close();
  });

  it('the PDF reader is asked to report pages only when someone follows the read', async () => {
    const { root, toolkit } = await workspaceToolkit();
    await writeFile(path.join(root, 'six.pdf'), SIX_PAGES);
    const posted = vi.spyOn(JobProcess.prototype, 'send');
    expect((await toolkit.invoke('filesystem', 'read_file', { path: 'six.pdf' })).ok).toBe(true);
    expect((await invokeFollowed(toolkit, 'filesystem', 'read_file', { path: 'six.pdf' })).result.ok).toBe(true);
    const reports = posted.mock.calls.map(([job]) => (job as { report?: unknown }).report);
    expect(reports).toEqual([false, true]);
  });
});

const IMAGE_MESSAGE =
  /^(loading the image decoder|reading the header of a \d+-byte image\/png|decoding 3000×2000 px, scaling to \d+×\d+, encoding as image\/(png|webp|jpeg)) after \d+ ms$/;

describe('image progress', () => {
  it('a large image reports its decode steps with growing elapsed time, through onProgress and over MCP', async () => {
    const { root, toolkit } = await workspaceToolkit();
    // Wider than the edge limit: it is scaled down (and so decoded, scaled and encoded again).
    const wide = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    await writeFile(path.join(root, 'big.png'), wide);
    const { result, events } = await invokeFollowed(toolkit, 'filesystem', 'read_file', { path: 'big.png' }, 6);
    expect(expectOk<{ width: number; original_width: number }>(result).original_width).toBe(3000);
    expectGrowing(events, 3, IMAGE_MESSAGE);
    const steps = events.map((e) => e.message!.replace(/ after \d+ ms$/, ''));
    expect(steps[0]).toBe('loading the image decoder');
    expect(steps).toContain(`reading the header of a ${wide.length}-byte image/png`);
    expect(steps.some((s) => s.startsWith('decoding 3000×2000 px, scaling to '))).toBe(true);

    const client = await progressClient(toolkit);
    const over = await callOverMcp(client, 'read_file', { path: 'big.png' }, 6);
    expect(over.result.isError).toBeFalsy();
    expectGrowing(over.events, 3, IMAGE_MESSAGE);
    await client.close();
  });
});
