// PDFs for read_file: text per page through unpdf (pdf.js) in a job process (a child Node
// process) with a heap cap, a memory watch and a hard deadline, so a hostile PDF costs at most that,
// never blocks the event loop, and cannot end the host by exhausting a heap.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { abortError, ToolError } from '../../../runtime/contract/errors.js';
import { JobProcess } from '../../../runtime/processes/job-process.js';
import { Slots } from './slots.js';

/** Largest PDF read (bytes). */
export const MAX_PDF_BYTES = 64 * 1024 * 1024;
/** Pages per call, and the default range. */
export const MAX_PDF_PAGES_PER_CALL = 20;
/** Cap on the text returned (characters), like a text window. */
export const MAX_PDF_CHARS = 100 * 1024;
/** Hard deadline for one PDF call (parse + text extraction): the reader is killed after it. */
export const PDF_DEADLINE_MS = 30_000;
/** The deadline in force (tests shorten it to prove that a runaway PDF is stopped). */
export const pdfLimits = { deadlineMs: PDF_DEADLINE_MS };
/** An idle reader is stopped after this long. */
const READER_IDLE_MS = 30_000;
/**
 * Growth of the reader's resident memory allowed while a PDF is read (MiB). pdf.js decodes
 * streams into typed arrays, which the heap cap does not count: a 1 MB PDF of one compressed
 * stream grew a process by 1.7 GB, in one synchronous inflate. So a watchdog thread in the reader,
 * whose event loop that work cannot hold, samples the process's memory and kills it past this.
 * `heapMb` is the reader's heap (pdf.js on a normal document needs a few tens), read when one starts.
 */
export const pdfMemory = { growthMb: 512, sampleMs: 20, heapMb: 256 };
/** What the watchdog writes to stderr before it kills the reader: the parent's cue for TOO_LARGE. */
const OVER_MEMORY = 'toolwright-pdf-reader: over its memory allowance';

// The watchdog thread: told the baseline and the allowance at each job's start (0: stand down).
const WATCHDOG_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { writeSync } = require('node:fs');
let timer;
parentPort.on('message', ({ baseline, growth, sampleMs }) => {
  clearInterval(timer);
  if (growth > 0) timer = setInterval(() => {
    if (process.memoryUsage.rss() - baseline <= growth) return;
    writeSync(2, ${JSON.stringify(OVER_MEMORY + '\n')});
    process.kill(process.pid, 'SIGKILL');
  }, sampleMs);
});
`;

export interface PdfText {
  pageCount: number;
  /** Text of pages first..first+texts.length-1. */
  texts: string[];
  first: number;
  /** True when MAX_PDF_CHARS stopped extraction before the requested last page. */
  charCapped: boolean;
}

// The reader's code: loads unpdf from the path given by the parent and starts its watchdog (then
// says 'ready'), answers one job per message.
const READER_SOURCE = `
const { Worker } = require('node:worker_threads');
const watchdog = new Worker(${JSON.stringify(WATCHDOG_SOURCE)}, { eval: true });
watchdog.unref();
const unpdf = import(process.argv[1]);
process.on('disconnect', () => process.exit(0));
process.on('message', async ({ id, bytes, first, last, maxChars, report, growth, sampleMs }) => {
  try {
    const { getDocumentProxy } = await unpdf;
    watchdog.postMessage({ baseline: process.memoryUsage.rss(), growth, sampleMs });
    const doc = await getDocumentProxy(bytes, { isEvalSupported: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: true, verbosity: 0 });
    const pageCount = doc.numPages;
    if (report) process.send({ id, progress: true, done: 0, pageCount });
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
      if (report) process.send({ id, progress: true, done: texts.length, pageCount });
    }
    await doc.destroy();
    process.send({ id, ok: true, pageCount, texts, charCapped });
  } catch (error) {
    process.send({ id, ok: false, name: error && error.name, message: String(error && error.message || error) });
  } finally {
    watchdog.postMessage({ growth: 0 });
  }
});
Promise.allSettled([unpdf, new Promise((ready) => watchdog.once('online', ready))]).then(() => process.send('ready'));
`;

/** What the reader sends: a job's progress, or its outcome. */
interface ReaderMessage {
  id: number;
  progress?: true;
  done?: number;
  ok: boolean;
  pageCount: number;
  texts: string[];
  charCapped: boolean;
  name?: string;
  message?: string;
}

interface Job {
  id: number;
  resolve(value: PdfText): void;
  reject(error: unknown): void;
  first: number;
  onPages: PdfPagesListener | undefined;
}

/** Told, when someone follows the read, of the pages extracted so far (0 once the document is open). */
export type PdfPagesListener = (done: number, pageCount: number) => void;

let reader: JobProcess<ReaderMessage> | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;
const jobs = new Map<number, Job>();
/** One job at a time (a job that hits its deadline takes the reader down with it); a waiting call can still be aborted. */
export const pdfSlots = new Slots(1);

function unpdfUrl(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve('unpdf')).href.replace(/index\.cjs$/, 'index.mjs');
}

function overHeap(): ToolError {
  return new ToolError(
    'TOO_LARGE',
    `reading the PDF needed more than the reader's ${pdfMemory.heapMb} MiB heap (a document too large or too complex to read); it was stopped`,
  );
}

function overMemory(): ToolError {
  return new ToolError(
    'TOO_LARGE',
    `reading the PDF needed more than ${pdfMemory.growthMb} MiB of memory (a compressed stream that decodes to far more than the file); it was stopped`,
  );
}

function stopReader(reason: unknown): void {
  const current = reader;
  reader = undefined;
  if (idleTimer) clearTimeout(idleTimer);
  for (const job of jobs.values()) job.reject(reason);
  jobs.clear();
  current?.kill();
}

function getReader(): JobProcess<ReaderMessage> {
  if (reader) return reader;
  const created = new JobProcess<ReaderMessage>({
    source: READER_SOURCE,
    args: [unpdfUrl()],
    heapMb: pdfMemory.heapMb,
  });
  created.unref(); // an idle reader never keeps the host alive
  created.on('message', (message) => {
    if (message === 'ready') return;
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
  });
  created.on('exit', (exit) => {
    if (reader !== created) return;
    if (exit.output.includes(OVER_MEMORY)) return stopReader(overMemory());
    if (exit.outOfMemory) return stopReader(overHeap());
    stopReader(new ToolError('UNSUPPORTED_CONTENT', `the PDF reader stopped (${exit.message})`));
  });
  reader = created;
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
        const current = getReader();
        const deadline = setTimeout(
          () =>
            stopReader(new ToolError('TIMEOUT', `reading the PDF took longer than ${pdfLimits.deadlineMs / 1000} s`)),
          pdfLimits.deadlineMs,
        );
        const onAbort = () => stopReader(abortError(signal));
        signal.addEventListener('abort', onAbort, { once: true });
        const settle = () => {
          clearTimeout(deadline);
          signal.removeEventListener('abort', onAbort);
          current.unref();
          if (reader && jobs.size === 0)
            idleTimer = setTimeout(() => stopReader(new Error('idle')), READER_IDLE_MS).unref();
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
        // Referenced while it works: the caller awaits it.
        current.ref();
        current.send({
          id,
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          first,
          last,
          maxChars: MAX_PDF_CHARS,
          report: onPages !== undefined,
          growth: pdfMemory.growthMb * 1024 * 1024,
          sampleMs: pdfMemory.sampleMs,
        });
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
