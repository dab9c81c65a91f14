// GET-a-JSON-document helper shared by the search backends: a timeout, a size cap, and failures
// mapped to the ToolErrors web_search declares (HTTP_ERROR, NETWORK_ERROR, TIMEOUT).
import { ToolError, abortError } from '../../contract/errors.js';

const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

// undici costs ~100 ms to load: only a search that actually runs pays for it.
let undiciModule: Promise<typeof import('undici')> | undefined;
const loadUndici = () => (undiciModule ??= import('undici'));

export interface JsonRequest {
  backend: string;
  url: URL;
  headers?: Record<string, string>;
  timeoutMs: number;
  signal: AbortSignal;
  /** Extra advice for a status code (e.g. how to fix a 401), appended to HTTP_ERROR messages. */
  hint?: (status: number) => string | undefined;
}

export async function getJson(req: JsonRequest): Promise<unknown> {
  const timeout = AbortSignal.timeout(req.timeoutMs);
  const signal = AbortSignal.any([req.signal, timeout]);
  const failed = (error: unknown): ToolError => {
    if (req.signal.aborted) return abortError(req.signal);
    if (timeout.aborted)
      return new ToolError('TIMEOUT', `the ${req.backend} search backend did not answer within ${req.timeoutMs} ms`);
    if (error instanceof ToolError) return error;
    const err = error as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
    const code = err.code ?? err.cause?.code;
    return new ToolError(
      'NETWORK_ERROR',
      `could not reach the ${req.backend} search backend at ${req.url.origin}${code ? ` (${code})` : ''}: ${err.cause?.message ?? err.message}`,
      code ? { code } : undefined,
    );
  };
  try {
    const { request } = await loadUndici();
    const response = await request(req.url, {
      method: 'GET',
      headers: { accept: 'application/json', 'user-agent': 'toolwright-web-search/0.1', ...req.headers },
      signal,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_RESPONSE_BYTES) {
        response.body.destroy();
        throw new ToolError(
          'HTTP_ERROR',
          `the ${req.backend} search backend sent more than ${MAX_RESPONSE_BYTES} bytes`,
          { status: response.statusCode },
        );
      }
      chunks.push(chunk);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (response.statusCode >= 400) {
      const excerpt = text
        .replace(/<[^<>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 200);
      const hint = req.hint?.(response.statusCode);
      throw new ToolError(
        'HTTP_ERROR',
        `the ${req.backend} search backend answered HTTP ${response.statusCode}${excerpt ? `: ${excerpt}` : ''}${hint ? ` — ${hint}` : ''}`,
        { status: response.statusCode, backend: req.backend },
      );
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ToolError(
        'HTTP_ERROR',
        `the ${req.backend} search backend answered HTTP ${response.statusCode} with something that is not JSON: ${text.slice(0, 120)}`,
        {
          status: response.statusCode,
          backend: req.backend,
        },
      );
    }
  } catch (error) {
    throw failed(error);
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Search snippets arrive with `<strong>` highlights and entities; models want plain text. */
export function plainSnippet(html: unknown): string {
  if (typeof html !== 'string') return '';
  return html
    .replace(/<[^<>]*>/g, '') // [^<>], not [^>]: linear on a run of "<"
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+[0-9]*|#39);/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#x')) return safeChar(parseInt(lower.slice(2), 16), whole);
      if (lower.startsWith('#')) return safeChar(parseInt(lower.slice(1), 10), whole);
      return ENTITIES[lower] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The character a numeric reference names, but never a control character (C0, DEL, C1), a lone
 * surrogate or one past U+10FFFF: a result's `&#x1b;[2J` stays as written, inert text.
 */
function safeChar(code: number, fallback: string): string {
  if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return fallback;
  if (code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d) return ' ';
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return fallback;
  return String.fromCodePoint(code);
}
