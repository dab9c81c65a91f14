// The network half of web_fetch: GET through a per-call undici Agent whose DNS lookup can only
// return addresses the guard already checked, manual redirects (each hop re-checked), and a body
// reader that caps the decompressed size while streaming.
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { Agent } from 'undici';
import { ToolError, abortError } from '../../../runtime/contract/errors.js';
import type { WebOptions } from '../../../runtime/contract/types.js';
import {
  checkRedirectTarget,
  checkTarget,
  parseFetchUrl,
  type CheckedTarget,
  type ResolvedAddress,
} from '../../../runtime/net/address-guard.js';
import { loadUndici, pinnedLookup } from '../../../runtime/net/guarded.js';

export const MAX_REDIRECTS = 5;

const REQUEST_HEADERS = {
  'user-agent': 'toolwright-web-fetch/0.1 (+https://github.com/toolwright)',
  accept: 'text/html,application/xhtml+xml,text/markdown;q=0.9,text/plain;q=0.9,application/json;q=0.8,*/*;q=0.5',
  'accept-encoding': 'gzip, deflate, br',
};

export interface FetchSettings {
  maxBytes: number;
  timeoutMs: number;
  /** The caller's signal (invoke's abort). */
  signal: AbortSignal;
  web: Readonly<WebOptions>;
  /** The policy's host check for every redirect hop (the first URL was decided before the call; throws DENIED_BY_POLICY). */
  checkHost?: (url: URL) => void;
  /** The first URL as the runtime checked it before the call (its addresses are used as they are). */
  checked?: CheckedTarget;
  /** Told how many (decompressed) body bytes have been read. */
  progress?: (event: { progress: number; total?: number; message: string }) => void;
}

/** An open response: headers read, body not yet consumed. */
export interface OpenResponse {
  finalUrl: URL;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
  redirects: string[];
}

/** A fetch in progress; `close()` releases its connections whatever happened. */
export interface FetchSession {
  open(url: string): Promise<OpenResponse>;
  /** Reads the body up to `limit` decompressed bytes. */
  /** Up to `limit` bytes of the (decompressed) body, after passing over its first `skip` bytes. */
  read(response: OpenResponse, limit: number, skip?: number): Promise<{ bytes: Buffer; truncated: boolean }>;
  /** Maps any failure of open/read to a ToolError (timeout, cancel, network). */
  toToolError(error: unknown): ToolError;
  close(): void;
}

/** Drops a body we will not read; undici reports destroying an unread body as an error event. */
export function discardBody(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}

export function headerValue(headers: OpenResponse['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Any failure of open/read as a ToolError: the caller's cancel, the call's timeout, or the network's. */
function fetchToolError(error: unknown, settings: FetchSettings, timeout: AbortSignal): ToolError {
  if (settings.signal.aborted) return abortError(settings.signal);
  if (timeout.aborted) return timeout.reason as ToolError;
  if (error instanceof ToolError) return error;
  const err = error as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const code = err.code ?? err.cause?.code;
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new ToolError('TIMEOUT', `web_fetch timed out (${code}) after timeout_ms=${settings.timeoutMs}`);
  }
  const what = err.cause?.message ?? err.message ?? String(error);
  return new ToolError(
    'NETWORK_ERROR',
    `the request failed${code ? ` (${code})` : ''}: ${what}`,
    code ? { code } : undefined,
  );
}

/** Where a redirect goes, refused when there were too many, or it is invalid, not http(s), or carries credentials. */
function redirectTarget(url: URL, location: string, status: number, redirects: string[]): URL {
  if (redirects.length >= MAX_REDIRECTS) {
    throw new ToolError(
      'HTTP_ERROR',
      `stopped after ${MAX_REDIRECTS} redirects (last: ${url.href} → ${location}); the site redirects in a loop or too often`,
      {
        status,
        redirects: [...redirects, url.href],
      },
    );
  }
  let next: URL;
  try {
    next = new URL(location, url);
  } catch {
    throw new ToolError('HTTP_ERROR', `${url.href} redirected to an invalid location: ${location.slice(0, 200)}`, {
      status,
    });
  }
  checkRedirectTarget(url, next, (target) => ({ status, location: target.href }));
  return next;
}

/** The body as it reads decompressed (gzip, deflate, br); any other content-encoding is refused. */
function decodedBody(response: OpenResponse): {
  encoding: string;
  stream: Readable;
  decompressor: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined;
} {
  const encoding = (headerValue(response.headers, 'content-encoding') ?? '').trim().toLowerCase();
  let stream: Readable = response.body;
  let decompressor: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined;
  if (encoding === 'gzip' || encoding === 'x-gzip') decompressor = zlib.createGunzip();
  else if (encoding === 'deflate') decompressor = zlib.createInflate();
  else if (encoding === 'br') decompressor = zlib.createBrotliDecompress();
  else if (encoding !== '' && encoding !== 'identity') {
    discardBody(response.body);
    throw new ToolError(
      'UNSUPPORTED_CONTENT',
      `the response uses content-encoding "${encoding}", which web_fetch cannot decode`,
    );
  }
  if (decompressor) {
    const sink = decompressor;
    response.body.on('error', (error) => sink.destroy(error));
    stream = response.body.pipe(sink);
  }
  return { encoding, stream, decompressor };
}

/**
 * Up to `limit` bytes of `stream` after passing over its first `skip`; `truncated` when it had more
 * (reading stops there, which closes the socket).
 */
/** Bytes read between two turns of the event loop. */
const YIELD_EVERY_BYTES = 2 * 1024 * 1024;

async function readCapped(
  stream: Readable,
  limit: number,
  skip: number,
  declared: number,
  progress: FetchSettings['progress'],
): Promise<{ bytes: Buffer; truncated: boolean }> {
  // Without a length the cap is reserved at once: memory the body never reaches is never touched,
  // and no growing copy (each larger, each a pause) is made while it comes in.
  let buffer = Buffer.allocUnsafeSlow(
    Number.isSafeInteger(declared) && declared >= 0 ? Math.max(0, Math.min(declared - skip, limit)) : limit,
  );
  let toSkip = skip;
  let size = 0;
  let truncated = false;
  let yieldedAt = 0;
  for await (let chunk of stream as AsyncIterable<Buffer>) {
    // A server that keeps the socket's buffer full hands over chunk after chunk without a turn of
    // the event loop between them: every few megabytes the loop gets one.
    if (size - yieldedAt >= YIELD_EVERY_BYTES) {
      yieldedAt = size;
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (toSkip > 0) {
      const passed = Math.min(toSkip, chunk.length);
      toSkip -= passed;
      chunk = chunk.subarray(passed);
      if (chunk.length === 0) continue;
    }
    const room = limit - size;
    const take = Math.min(chunk.length, room);
    if (size + take > buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(limit, Math.max(size + take, buffer.length * 2)));
      buffer.copy(grown, 0, 0, size);
      buffer = grown;
    }
    chunk.copy(buffer, size, 0, take);
    size += take;
    progress?.({
      progress: skip + size,
      ...(Number.isSafeInteger(declared) ? { total: declared } : {}),
      message: `${skip + size} bytes of the body read`,
    });
    if (chunk.length > room) {
      // More bytes than the cap allows: keep what fits and stop reading (closes the socket).
      truncated = true;
      break;
    }
  }
  // Copied out when it filled little of what was reserved: the rest is not kept (nor sent to the converter).
  return {
    bytes: size < buffer.length / 2 ? Buffer.from(buffer.subarray(0, size)) : buffer.subarray(0, size),
    truncated,
  };
}

/** An abort controller that fires TIMEOUT once the call's timeout_ms has passed. */
function callTimeout(timeoutMs: number): { timeout: AbortController; timer: ReturnType<typeof setTimeout> } {
  const timeout = new AbortController();
  const timer = setTimeout(
    () =>
      timeout.abort(
        new ToolError(
          'TIMEOUT',
          `web_fetch gave up after timeout_ms=${timeoutMs}; retry with a larger timeout_ms if the site is slow`,
        ),
      ),
    timeoutMs,
  );
  return { timeout, timer };
}

export function openFetchSession(settings: FetchSettings): FetchSession {
  const pins = new Map<string, ResolvedAddress[]>();
  const { timeout, timer } = callTimeout(settings.timeoutMs);
  const signal = AbortSignal.any([settings.signal, timeout.signal]);
  let agent: Agent | undefined;

  async function hop(url: URL): Promise<{ status: number; headers: OpenResponse['headers']; body: Readable }> {
    const target =
      settings.checked?.url.href === url.href ? settings.checked : await checkTarget(url, settings.web, 'web_fetch');
    pins.set(target.hostname, target.addresses);
    const undici = await loadUndici();
    agent ??= new undici.Agent({
      connect: { lookup: pinnedLookup(pins), timeout: settings.timeoutMs },
      headersTimeout: settings.timeoutMs,
      bodyTimeout: settings.timeoutMs,
      // No proxy, no connection reuse across calls: every socket of this Agent went through the pins.
      keepAliveTimeout: 1_000,
    });
    const response = await undici.request(url, {
      method: 'GET',
      headers: REQUEST_HEADERS,
      dispatcher: agent,
      signal,
    });
    return { status: response.statusCode, headers: response.headers, body: response.body as unknown as Readable };
  }

  async function open(input: string): Promise<OpenResponse> {
    let url = parseFetchUrl(input);
    const redirects: string[] = [];
    for (;;) {
      const { status, headers, body } = await hop(url);
      const location = headerValue(headers, 'location');
      if (status < 300 || status >= 400 || status === 304 || !location) {
        return { finalUrl: url, status, headers, body, redirects };
      }
      discardBody(body);
      const next = redirectTarget(url, location, status, redirects);
      settings.checkHost?.(next);
      redirects.push(url.href);
      url = next;
    }
  }

  async function read(response: OpenResponse, limit: number, skip = 0): Promise<{ bytes: Buffer; truncated: boolean }> {
    const { encoding, stream, decompressor } = decodedBody(response);
    // Count decompressed bytes and stop at the cap: a gzip bomb costs `limit`, not its expansion.
    // One buffer, sized from content-length when it is known, so a large body is held once.
    const declared = decompressor ? NaN : Number(headerValue(response.headers, 'content-length'));
    try {
      return await readCapped(stream, limit, skip, declared, settings.progress);
    } catch (error) {
      if (decompressor && !signal.aborted && (error as NodeJS.ErrnoException).code?.startsWith('Z_')) {
        throw new ToolError('NETWORK_ERROR', `the ${encoding} body is corrupt: ${(error as Error).message}`);
      }
      throw error;
    } finally {
      discardBody(response.body);
      if (decompressor) discardBody(decompressor);
    }
  }

  return {
    open,
    read,
    toToolError: (error: unknown) => fetchToolError(error, settings, timeout.signal),
    close() {
      clearTimeout(timer);
      agent?.destroy().catch(() => {});
    },
  };
}
