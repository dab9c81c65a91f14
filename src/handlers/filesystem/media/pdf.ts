// PDFs for read_file: text per page through unpdf (pdf.js) in a worker thread with a memory
// limit and a hard deadline, so a hostile PDF costs at most that and never blocks the event loop.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { lazyRequire } from '../../../runtime/lazy-require.js';
import { abortError, ToolError } from '../../../runtime/errors.js';
import { Slots } from './slots.js';

/** Largest PDF read (bytes). */
export const MAX_PDF_BYTES = 64 * 1024 * 1024;
/** Pages per call, and the default range. */
export const MAX_PDF_PAGES_PER_CALL = 20;
/** Cap on the text returned (characters), like a text window. */
export const MAX_PDF_CHARS = 100 * 1024;
/** Hard deadline for one PDF call (parse + text extraction): the worker is terminated after it. */
export const PDF_DEADLINE_MS = 30_000;
/** The deadline in force (tests shorten it to prove that a runaway PDF is stopped). */
export const pdfLimits = { deadlineMs: PDF_DEADLINE_MS };
/** Heap of the worker (MiB): pdf.js on a normal document needs a few tens. */
const WORKER_HEAP_MB = 256;
/** An idle worker is stopped after this long. */
const WORKER_IDLE_MS = 30_000;
/**
 * Growth of the process's resident memory allowed while a PDF is read (MiB). pdf.js decodes
 * streams into typed arrays, which the worker's heap limit does not count: a 1 MB PDF of one
 * compressed stream grew the process by 1.7 GB. So the main thread watches RSS meanwhile.
 */
export const pdfMemory = { growthMb: 512, sampleMs: 20 };

export interface PdfText {
  pageCount: number;
  /** Text of pages first..first+texts.length-1. */
  texts: string[];
  first: number;
  /** True when MAX_PDF_CHARS stopped extraction before the requested last page. */
  charCapped: boolean;
}

// The worker's code: loads unpdf from the path resolved by the main thread, answers one job per message.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const unpdf = import(workerData.unpdfUrl);
parentPort.on('message', async ({ id, bytes, first, last, maxChars, report }) => {
  try {
    const { getDocumentProxy } = await unpdf;
    const doc = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: true, verbosity: 0 });
    const pageCount = doc.numPages;
    if (report) parentPort.postMessage({ id, progress: true, done: 0, pageCount });
    const texts = [];
    let chars = 0, charCapped = false;
    for (let n = first; n <= Math.min(last, pageCount); n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\\n' : '');
      page.cleanup();
      if (texts.length > 0 && chars + text.length > maxChars) { charCapped = true; break; }
      chars += text.length;
      texts.push(text.length > maxChars ? text.slice(0, maxChars) : text);
      if (report) parentPort.postMessage({ id, progress: true, done: texts.length, pageCount });
    }
    await doc.destroy();
    parentPort.postMessage({ id, ok: true, pageCount, texts, charCapped });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, name: error && error.name, message: String(error && error.message || error) });
  }
});
`;

interface Job {
  id: number;
  resolve(value: PdfText): void;
  reject(error: unknown): void;
  first: number;
  onPages: PdfPagesListener | undefined;
}

/** Told, when someone follows the read, of the pages extracted so far (0 once the document is open). */
export type PdfPagesListener = (done: number, pageCount: number) => void;

const workerThreads = lazyRequire<typeof import('node:worker_threads')>('node:worker_threads');
let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;
const jobs = new Map<number, Job>();
/** One job at a time (a job that hits its deadline takes the worker down with it); a waiting call can still be aborted. */
export const pdfSlots = new Slots(1);

function unpdfUrl(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve('unpdf')).href.replace(/index\.cjs$/, 'index.mjs');
}

function stopWorker(reason: unknown): void {
  const current = worker;
  worker = undefined;
  if (idleTimer) clearTimeout(idleTimer);
  for (const job of jobs.values()) job.reject(reason);
  jobs.clear();
  void current?.terminate();
}

function getWorker(): Worker {
  if (worker) return worker;
  const created = new (workerThreads().Worker)(WORKER_SOURCE, {
    eval: true,
    workerData: { unpdfUrl: unpdfUrl() },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  created.unref(); // an idle PDF worker never keeps the process alive
  created.on(
    'message',
    (message: {
      id: number;
      progress?: true;
      done?: number;
      ok: boolean;
      pageCount: number;
      texts: string[];
      charCapped: boolean;
      name?: string;
      message?: string;
    }) => {
      const job = jobs.get(message.id);
      if (!job) return;
      if (message.progress) return job.onPages?.(message.done ?? 0, message.pageCount);
      jobs.delete(message.id);
      if (message.ok)
        job.resolve({
          pageCount: message.pageCount,
          texts: message.texts,
          first: job.first,
          charCapped: message.charCapped,
        });
      else
        job.reject(
          new ToolError(
            'UNSUPPORTED_CONTENT',
            `not a readable PDF (${message.name ?? 'Error'}: ${message.message ?? ''})`.slice(0, 400),
          ),
        );
    },
  );
  created.on('error', (error) => {
    if (worker === created) stopWorker(new ToolError('UNSUPPORTED_CONTENT', `the PDF reader failed: ${error.message}`));
  });
  created.on('exit', () => {
    if (worker === created) stopWorker(new ToolError('UNSUPPORTED_CONTENT', 'the PDF reader stopped'));
  });
  worker = created;
  return created;
}

/** Extracts the text of pages first..last (1-based) of a PDF, bounded by time, memory and size. */
export function extractPdfText(
  bytes: Buffer,
  first: number,
  last: number,
  signal: AbortSignal,
  onPages?: PdfPagesListener,
): Promise<PdfText> {
  return pdfSlots.run(
    signal,
    () =>
      new Promise<PdfText>((resolve, reject) => {
        if (signal.aborted) return reject(abortError(signal));
        if (idleTimer) clearTimeout(idleTimer);
        const id = nextId++;
        const deadline = setTimeout(
          () =>
            stopWorker(new ToolError('TIMEOUT', `reading the PDF took longer than ${pdfLimits.deadlineMs / 1000} s`)),
          pdfLimits.deadlineMs,
        );
        const onAbort = () => stopWorker(abortError(signal));
        signal.addEventListener('abort', onAbort, { once: true });
        const baseline = process.memoryUsage.rss();
        const watch = setInterval(() => {
          if (process.memoryUsage.rss() - baseline <= pdfMemory.growthMb * 1024 * 1024) return;
          stopWorker(
            new ToolError(
              'TOO_LARGE',
              `reading the PDF needed more than ${pdfMemory.growthMb} MiB of memory (a compressed stream that decodes to far more than the file); it was stopped`,
            ),
          );
        }, pdfMemory.sampleMs);
        const settle = () => {
          clearInterval(watch);
          clearTimeout(deadline);
          signal.removeEventListener('abort', onAbort);
          if (worker && jobs.size === 0)
            idleTimer = setTimeout(() => stopWorker(new Error('idle')), WORKER_IDLE_MS).unref();
        };
        jobs.set(id, {
          id,
          first,
          onPages,
          resolve: (v) => {
            settle();
            resolve(v);
          },
          reject: (e) => {
            settle();
            reject(e);
          },
        });
        const copy = new Uint8Array(bytes.byteLength);
        copy.set(bytes);
        const job = { id, bytes: copy, first, last, maxChars: MAX_PDF_CHARS, report: onPages !== undefined };
        getWorker().postMessage(job, [copy.buffer]);
      }),
  );
}

/** Parses a `pages` parameter ("3", "1-5"), defaulting to the first MAX_PDF_PAGES_PER_CALL pages. */
export function parsePages(pages: string | undefined): { first: number; last: number } {
  if (pages === undefined) return { first: 1, last: MAX_PDF_PAGES_PER_CALL };
  const match = /^(\d+)(?:-(\d+))?$/.exec(pages);
  if (!match) throw new ToolError('INVALID_INPUT', `pages must look like "3" or "1-5", got ${JSON.stringify(pages)}`);
  const first = Number(match[1]);
  const last = match[2] === undefined ? first : Number(match[2]);
  if (first < 1 || last < first)
    throw new ToolError(
      'INVALID_INPUT',
      `pages ${pages}: the range must start at 1 or later and not end before it starts`,
    );
  if (last - first + 1 > MAX_PDF_PAGES_PER_CALL) {
    throw new ToolError(
      'INVALID_INPUT',
      `pages ${pages} asks for ${last - first + 1} pages; at most ${MAX_PDF_PAGES_PER_CALL} per call (e.g. "${first}-${first + MAX_PDF_PAGES_PER_CALL - 1}")`,
    );
  }
  return { first, last };
}
