// web.web_fetch: GET-only, SSRF-guarded, size- and time-capped; HTML converted to Markdown or text
// in a job process. The network half lives in ./fetch/ (with the content-type and charset rules), the
// conversion in ./html/.
import type { WebFetchParams, WebFetchResult } from '../../generated/types.js';
import { ToolError } from '../../runtime/contract/errors.js';
import { continuationLine, nextArguments } from '../../runtime/contract/continuation.js';
import { withText, type HandlerReturn } from '../../runtime/contract/handler.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import { inertLine } from '../../runtime/text/control-text.js';
import {
  classify,
  decodeText,
  decodeTextInTurns,
  excerptOf,
  looksBinary,
  pageEnd,
  parseContentType,
  pickEncoding,
  sniff,
  type BodyKind,
} from './fetch/content.js';
import { discardBody, headerValue, openFetchSession, type FetchSession, type OpenResponse } from './fetch/fetcher.js';
import { convertInJobProcess, prewarmConverter } from './html/convert-pool.js';

const ERROR_EXCERPT_BYTES = 8 * 1024;

export async function webFetch(params: WebFetchParams, ctx: HandlerContext): Promise<HandlerReturn<WebFetchResult>> {
  const { format, max_bytes: maxBytes, timeout_ms: timeoutMs } = params;
  const deadline = Date.now() + timeoutMs; // one budget for the fetch and the conversion
  // The runtime checked the URL before the call (host rules, address guard): its addresses are used as checked.
  const checked = ctx.urls.url;
  const session = openFetchSession({
    maxBytes,
    timeoutMs,
    signal: ctx.signal,
    web: ctx.services.web,
    ...(ctx.checkHost ? { checkHost: ctx.checkHost } : {}),
    ...(checked ? { checked } : {}),
    ...(ctx.progress ? { progress: ctx.progress } : {}),
  });
  let converting = false;
  try {
    const response = await session.open(params.url);
    const finalUrl = response.finalUrl.href;
    const contentTypeHeader = headerValue(response.headers, 'content-type') ?? '';
    const media = parseContentType(contentTypeHeader);
    let kind = classify(media.mime);

    if (response.status >= 400) throw await httpError(session, response, kind, media.charset);

    if (kind === 'binary') {
      discardBody(response.body);
      throw unsupported(finalUrl, media.mime);
    }
    if (format !== 'raw' && (kind === 'html' || kind === 'unknown')) prewarmConverter(); // a conversion process starts while the body downloads
    const startIndex = params.start_index;
    const read = await session.read(response, maxBytes, startIndex);
    const truncated = read.truncated;
    let bytes = read.bytes;
    if (kind === 'unknown') kind = sniff(bytes);
    if (kind === 'binary') throw unsupported(finalUrl, media.mime || 'no content-type');
    const { encoding, unsupported: badCharset } = pickEncoding(bytes, media.charset, kind);
    // A label says text, the bytes say otherwise (an image or archive served as text/html).
    if (looksBinary(bytes, encoding)) throw mislabelledBinary(finalUrl, media.mime, encoding);
    // A cut page ends where the next one can start cleanly (a tag, a line, a character).
    if (truncated) bytes = bytes.subarray(0, pageEnd(bytes, kind, format !== 'raw', encoding) || bytes.length);
    const notes = readNotes(startIndex, badCharset, encoding);

    converting = kind === 'html' && format !== 'raw';
    const { content, title } = converting
      ? await convertInJobProcess(
          { bytes, encoding, truncated, format: format as 'markdown' | 'text', baseUrl: finalUrl, maxBytes },
          { deadline, timeoutMs, signal: ctx.signal },
        ).then((page) => (notes.push(...page.notes), page))
      : { content: await decodeTextInTurns(bytes, encoding, truncated), title: undefined };
    const output: WebFetchResult = {
      url: params.url,
      final_url: finalUrl,
      status: response.status,
      content_type: contentTypeHeader,
      ...(title ? { title } : {}),
      content,
      bytes: bytes.length,
      truncated,
      ...(truncated ? { next: nextArguments(params, { start_index: startIndex + bytes.length }) } : {}),
    };
    return withText(output, renderFetch(output, response.redirects.length, maxBytes, notes));
  } catch (error) {
    // The converter's own TIMEOUT/CANCELLED/UNSUPPORTED_CONTENT says what ran out; keep it.
    if (converting && error instanceof ToolError) throw error;
    throw session.toToolError(error);
  } finally {
    session.close();
  }
}

/** UNSUPPORTED_CONTENT for bytes that are binary under a text label (an image served as text/html). */
function mislabelledBinary(finalUrl: string, mime: string, encoding: string): ToolError {
  return new ToolError(
    'UNSUPPORTED_CONTENT',
    `${finalUrl} is labelled ${inertLine(mime) || '(no content-type)'} but its bytes are binary (NUL or control bytes, or not valid ${encoding}); web_fetch returns HTML, text and JSON only`,
    { content_type: mime, sniffed: 'binary' },
  );
}

/** What the answer notes about how the body was read: where it started, a charset it could not use. */
function readNotes(startIndex: number, badCharset: string | undefined, encoding: string): string[] {
  const notes: string[] = [];
  if (startIndex > 0) notes.push(`the body from byte ${startIndex} on`);
  if (badCharset)
    notes.push(
      `the charset "${badCharset}" is not supported here; decoded as ${encoding}, so some characters may be wrong`,
    );
  return notes;
}

/** HTTP_ERROR for a status of 400 or more, with an excerpt of the body when it is text. */
async function httpError(
  session: FetchSession,
  response: OpenResponse,
  kind: BodyKind,
  charset: string | undefined,
): Promise<ToolError> {
  const finalUrl = response.finalUrl.href;
  let excerpt = '';
  try {
    const { bytes } = await session.read(response, ERROR_EXCERPT_BYTES);
    const excerptKind = kind === 'unknown' ? sniff(bytes) : kind;
    if (excerptKind !== 'binary') {
      const { encoding } = pickEncoding(bytes, charset, excerptKind);
      if (!looksBinary(bytes, encoding)) excerpt = excerptOf(decodeText(bytes, encoding, true), excerptKind);
    }
  } catch {
    // The status is the news; an unreadable error body only loses the excerpt.
  }
  return new ToolError('HTTP_ERROR', `${finalUrl} answered HTTP ${response.status}${excerpt ? `: ${excerpt}` : ''}`, {
    status: response.status,
    url: finalUrl,
    ...(excerpt ? { excerpt } : {}),
  });
}

function unsupported(url: string, mime: string): ToolError {
  return new ToolError(
    'UNSUPPORTED_CONTENT',
    `${url} is ${inertLine(mime)} (binary); web_fetch returns HTML, text and JSON only`,
    { content_type: mime },
  );
}

// Every line written here that quotes the response (a header, a URL, the title) is inert: a header
// may carry C1 controls (bytes 0x80–0x9F read as latin1), the one-byte CSI among them.
function renderFetch(output: WebFetchResult, redirects: number, maxBytes: number, notes: readonly string[]): string {
  // Built with + (not join) so a large content string is referenced, not copied.
  let head = '';
  if (redirects > 0) head += `[redirected ${redirects}× to ${inertLine(output.final_url)}]\n`;
  for (const note of notes) head += `[note: ${inertLine(note)}]\n`;
  if (output.title) head += `Title: ${inertLine(output.title)}\n`;
  if (head) head += '\n';
  const body =
    output.content === ''
      ? `(empty body, HTTP ${output.status}, ${inertLine(output.content_type) || 'no content-type'})`
      : output.content;
  let tail = '';
  if (output.next) {
    const at = `cut at byte ${output.next.start_index} of the body (max_bytes=${maxBytes} a call)`;
    tail = `\n\n${continuationLine(at, output.next)}`;
  }
  return head + body + tail;
}
