// read_file for images, PDFs and notebooks: one place that reads the bytes (bounded) and builds
// the output; the text path lives in ../lines/read-text.ts.
import path from 'node:path';
import type { ReadFileParams, ReadFileResult } from '../../../generated/types.js';
import { throwIfAborted, ToolError } from '../../../runtime/errors.js';
import { continuationLine, nextArguments } from '../../../runtime/continuation.js';
import { withText } from '../../../runtime/handler.js';
import { elapsedProgress, type ProgressListener } from '../../../runtime/progress.js';
import type { PositionalReader } from '../lines/positional-reader.js';
import { plural } from '../plural.js';
import { imageMimeOf, MAX_IMAGE_FILE_BYTES, prepareImage } from './image.js';
import { MAX_NOTEBOOK_BYTES, renderNotebook } from './notebook.js';
import { extractPdfText, MAX_PDF_BYTES, parsePages, pdfSlots, type PdfPagesListener } from './pdf.js';

export type MediaKind = 'image' | 'pdf' | 'notebook';

/** What a file is, from its first bytes (images, PDFs) or its name (notebooks, which are JSON). */
export function mediaKindOf(relative: string, head: Uint8Array): MediaKind | undefined {
  if (imageMimeOf(head)) return 'image';
  if (head[0] === 0x25 && head[1] === 0x50 && head[2] === 0x44 && head[3] === 0x46 && head[4] === 0x2d) return 'pdf'; // %PDF-
  if (path.extname(relative).toLowerCase() === '.ipynb') return 'notebook';
  return undefined;
}

export interface MediaFile {
  handle: PositionalReader;
  size: number;
  display: string;
  /** The whole file, when it was already read. */
  head?: Buffer;
}

async function readAll(file: MediaFile, max: number, what: string, signal: AbortSignal): Promise<Buffer> {
  if (file.size > max)
    throw new ToolError(
      'TOO_LARGE',
      `${file.display} is ${plural(file.size, 'byte')}; ${what} up to ${max} bytes are read`,
    );
  if (file.head && file.head.length === file.size) return file.head;
  const bytes = Buffer.allocUnsafe(file.size);
  let at = 0;
  while (at < bytes.length) {
    throwIfAborted(signal);
    const { bytesRead } = await file.handle.read(bytes, at, bytes.length - at, at);
    if (bytesRead === 0) break;
    at += bytesRead;
  }
  return bytes.subarray(0, at);
}

/**
 * Runs `work` telling it to report its steps, when someone follows the call: the time since the
 * start with the step under way (and a heartbeat while a decode is silent).
 */
async function followed<T>(
  progress: ProgressListener | undefined,
  first: string,
  work: (onStep: ((step: string) => void) | undefined) => Promise<T>,
): Promise<T> {
  if (!progress) return work(undefined);
  let step = first;
  const feed = elapsedProgress(progress, () => step);
  feed.tick();
  try {
    return await work((next) => {
      step = next;
      feed.tick();
    });
  } finally {
    feed.stop();
  }
}

/** Progress of a PDF read: pages extracted of those asked for (0 once the document is open). */
function pdfPages(progress: ProgressListener, first: number, last: number, size: number): PdfPagesListener {
  return (done, pageCount) => {
    const wanted = Math.max(0, Math.min(last, pageCount) - first + 1);
    progress({
      progress: done,
      total: wanted,
      message: `${done} of ${plural(wanted, 'page')} read from a ${pageCount}-page PDF of ${plural(size, 'byte')}`,
    });
  };
}

export async function readMedia(
  kind: MediaKind,
  file: MediaFile,
  params: ReadFileParams,
  signal: AbortSignal,
  progress?: ProgressListener,
) {
  if (kind === 'image') return readImage(file, signal, progress);
  if (kind === 'pdf') return readPdf(file, params, signal, progress);
  return readNotebook(file, params, signal);
}

async function readImage(file: MediaFile, signal: AbortSignal, progress: ProgressListener | undefined) {
  const bytes = await readAll(file, MAX_IMAGE_FILE_BYTES, 'images', signal);
  const image = await followed(progress, 'loading the image decoder', (onStep) =>
    prepareImage(bytes, imageMimeOf(bytes)!, file.display, signal, onStep),
  );
  const scaled = image.width !== image.originalWidth || image.height !== image.originalHeight;
  const content = `${file.display}: ${image.mime} image, ${image.width}×${image.height} px${scaled ? ` (scaled down from ${image.originalWidth}×${image.originalHeight})` : ''}, ${plural(image.data.length, 'byte')}`;
  const output: ReadFileResult = {
    path: file.display,
    type: 'image',
    content,
    truncated: false,
    mime_type: image.mime,
    data: image.data.toString('base64'),
    width: image.width,
    height: image.height,
    original_width: image.originalWidth,
    original_height: image.originalHeight,
  };
  return withText(output, content);
}

async function readPdf(
  file: MediaFile,
  params: ReadFileParams,
  signal: AbortSignal,
  progress: ProgressListener | undefined,
) {
  const { first, last } = parsePages(params.pages);
  const bytes = await readAll(file, MAX_PDF_BYTES, 'PDFs', signal);
  // One PDF is read at a time, process-wide: a wait for the reader is said (as step 0).
  if (progress && pdfSlots.inUse >= pdfSlots.limit)
    progress({ progress: 0, message: 'waiting for the PDF reader (another PDF is being read)' });
  const pdf = await extractPdfText(
    bytes,
    first,
    last,
    signal,
    progress && pdfPages(progress, first, last, bytes.length),
  );
  if (first > pdf.pageCount)
    throw new ToolError(
      'INVALID_INPUT',
      `pages ${params.pages} is past the end of ${file.display}: it has ${plural(pdf.pageCount, 'page')}`,
    );
  const shownLast = first + pdf.texts.length - 1;
  const content = pdf.texts.map((text, i) => `--- page ${first + i} ---\n${text.trimEnd()}`).join('\n\n');
  const more = shownLast < pdf.pageCount;
  const next = more ? `${shownLast + 1}-${Math.min(pdf.pageCount, shownLast + (last - first + 1))}` : undefined;
  const output: ReadFileResult = {
    path: file.display,
    type: 'pdf',
    content,
    truncated: more,
    page_count: pdf.pageCount,
    pages: first === shownLast ? String(first) : `${first}-${shownLast}`,
    ...(next ? { next_pages: next, next: nextArguments(params, { pages: next }) } : {}),
  };
  const notes = [`pages ${output.pages} of ${pdf.pageCount}`];
  if (pdf.charCapped) notes.push('the text reached its 100 KiB cap');
  if (!content.replace(/--- page \d+ ---/g, '').trim()) notes.push('no text found: the pages may be scanned images');
  const cut = output.next ? `\n${continuationLine(`cut at page ${shownLast} of ${pdf.pageCount}`, output.next)}` : '';
  return withText(output, `${content}\n\n(${notes.join('; ')})${cut}`);
}

async function readNotebook(file: MediaFile, params: ReadFileParams, signal: AbortSignal) {
  const bytes = await readAll(file, MAX_NOTEBOOK_BYTES, 'notebooks', signal);
  const offset = params.offset;
  if (offset === 0)
    throw new ToolError(
      'INVALID_INPUT',
      'offset 0 is not a cell: cells are numbered from 1, and a negative offset counts from the end',
    );
  const nb = renderNotebook(bytes, file.display, offset, params.limit);
  const output: ReadFileResult = {
    path: file.display,
    type: 'notebook',
    content: nb.content,
    truncated: nb.more,
    cell_count: nb.cellCount,
    ...(nb.more ? { next_offset: nb.last + 1, next: nextArguments(params, { offset: nb.last + 1 }) } : {}),
  };
  const notes = [`cells ${nb.first}-${nb.last} of ${nb.cellCount}${nb.language ? ` (${nb.language})` : ''}`];
  const cut = output.next ? `\n${continuationLine(`cut at cell ${nb.last} of ${nb.cellCount}`, output.next)}` : '';
  return withText(output, `${nb.content}\n\n(${notes.join('; ')})${cut}`);
}
