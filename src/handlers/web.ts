// The web provider: web_fetch (GET-only, SSRF-guarded, size- and time-capped) and web_search
// (through the toolkit's SearchBackend). Network and address checks live in ./web/.
import type { WebFetchParams, WebFetchResult, WebHandlers, WebSearchParams, WebSearchResult } from '../generated/types.js';
import { ToolError, abortError } from '../runtime/errors.js';
import { withText, type HandlerReturn } from '../runtime/handler.js';
import { SEARCH_CONFIG_HINT, type SearchResultItem } from '../runtime/services/search-backend.js';
import type { HandlerContext } from '../runtime/types.js';
import { classify, decodeText, excerptOf, looksBinary, parseContentType, pickEncoding, sniff } from './web/content.js';
import { convertInWorker, prewarmConverter } from './web/convert-pool.js';
import { discardBody, headerValue, openFetchSession } from './web/fetcher.js';

export const DEFAULT_MAX_BYTES = 1024 * 1024;
export const MAX_MAX_BYTES = 100 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 30_000;
const ERROR_EXCERPT_BYTES = 8 * 1024;

async function web_fetch(params: WebFetchParams, ctx: HandlerContext): Promise<HandlerReturn<WebFetchResult>> {
  const format = params.format ?? 'markdown';
  const maxBytes = Math.min(params.max_bytes ?? DEFAULT_MAX_BYTES, MAX_MAX_BYTES);
  const timeoutMs = params.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs; // one budget for the fetch and the conversion
  // The runtime checked the URL before the call (host rules, address guard): its addresses are used as checked.
  const checked = ctx.urls.url;
  const session = openFetchSession({ maxBytes, timeoutMs, signal: ctx.signal, web: ctx.services.web, ...(ctx.checkHost ? { checkHost: ctx.checkHost } : {}), ...(checked ? { checked } : {}) });
  let converting = false;
  try {
    const response = await session.open(params.url);
    const finalUrl = response.finalUrl.href;
    const contentTypeHeader = headerValue(response.headers, 'content-type') ?? '';
    const media = parseContentType(contentTypeHeader);
    let kind = classify(media.mime);

    if (response.status >= 400) {
      let excerpt = '';
      try {
        const { bytes } = await session.read(response, ERROR_EXCERPT_BYTES);
        const excerptKind = kind === 'unknown' ? sniff(bytes) : kind;
        if (excerptKind !== 'binary') {
          const { encoding } = pickEncoding(bytes, media.charset, excerptKind);
          if (!looksBinary(bytes, encoding)) excerpt = excerptOf(decodeText(bytes, encoding, true), excerptKind);
        }
      } catch {
        // The status is the news; an unreadable error body only loses the excerpt.
      }
      throw new ToolError(
        'HTTP_ERROR',
        `${finalUrl} answered HTTP ${response.status}${excerpt ? `: ${excerpt}` : ''}`,
        { status: response.status, url: finalUrl, ...(excerpt ? { excerpt } : {}) },
      );
    }

    if (kind === 'binary') {
      discardBody(response.body);
      throw unsupported(finalUrl, media.mime);
    }
    if (format !== 'raw' && (kind === 'html' || kind === 'unknown')) prewarmConverter(); // a worker starts while the body downloads
    const { bytes, truncated } = await session.read(response, maxBytes);
    if (kind === 'unknown') kind = sniff(bytes);
    if (kind === 'binary') throw unsupported(finalUrl, media.mime || 'no content-type');
    const { encoding, unsupported: badCharset } = pickEncoding(bytes, media.charset, kind);
    // A label says text, the bytes say otherwise (an image or archive served as text/html).
    if (looksBinary(bytes, encoding)) {
      throw new ToolError(
        'UNSUPPORTED_CONTENT',
        `${finalUrl} is labelled ${media.mime || '(no content-type)'} but its bytes are binary (NUL or control bytes, or not valid ${encoding}); web_fetch returns HTML, text and JSON only`,
        { content_type: media.mime, sniffed: 'binary' },
      );
    }
    const notes: string[] = [];
    if (badCharset) notes.push(`the charset "${badCharset}" is not supported here; decoded as ${encoding}, so some characters may be wrong`);

    let content: string;
    let title: string | undefined;
    if (kind === 'html' && format !== 'raw') {
      converting = true;
      const page = await convertInWorker({ bytes, encoding, truncated, format, baseUrl: finalUrl }, { deadline, timeoutMs, signal: ctx.signal });
      ({ content, title } = page);
      notes.push(...page.notes);
    } else {
      content = decodeText(bytes, encoding, truncated);
    }
    const output: WebFetchResult = {
      url: params.url,
      final_url: finalUrl,
      status: response.status,
      content_type: contentTypeHeader,
      ...(title ? { title } : {}),
      content,
      bytes: bytes.length,
      truncated,
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

function unsupported(url: string, mime: string): ToolError {
  return new ToolError(
    'UNSUPPORTED_CONTENT',
    `${url} is ${mime} (binary); web_fetch returns HTML, text and JSON only`,
    { content_type: mime },
  );
}

function renderFetch(output: WebFetchResult, redirects: number, maxBytes: number, notes: readonly string[]): string {
  // Built with + (not join) so a large content string is referenced, not copied.
  let head = '';
  if (redirects > 0) head += `[redirected ${redirects}× to ${output.final_url}]\n`;
  for (const note of notes) head += `[note: ${note}]\n`;
  if (output.title) head += `Title: ${output.title}\n`;
  if (head) head += '\n';
  const body = output.content === '' ? `(empty body, HTTP ${output.status}, ${output.content_type || 'no content-type'})` : output.content;
  let tail = '';
  if (output.truncated) {
    const hint = maxBytes < MAX_MAX_BYTES
      ? `call again with a larger max_bytes (up to ${MAX_MAX_BYTES}) for more`
      : 'this is the most web_fetch returns';
    tail = `\n\n[truncated: the body was cut at max_bytes=${maxBytes}; ${hint}]`;
  }
  return head + body + tail;
}

// ---- web_search ----------------------------------------------------------------------------

const DEFAULT_MAX_RESULTS = 8;

/** Bare lower-case domain names; a URL or `*.` prefix is reduced to its host. */
function normalizeDomains(list: readonly string[] | undefined, field: string): string[] {
  const domains: string[] = [];
  for (const raw of list ?? []) {
    let entry = raw.trim().toLowerCase();
    if (entry.includes('://')) {
      try {
        entry = new URL(entry).hostname;
      } catch {
        // fall through to the check below
      }
    }
    entry = entry.replace(/^\*\./, '').replace(/^\./, '').replace(/\.$/, '');
    if (!/^[a-z0-9.-]+$/.test(entry) || !entry.includes('.') && entry !== 'localhost') {
      throw new ToolError('INVALID_INPUT', `${field} entries must be domain names like example.com, not ${JSON.stringify(raw)}`);
    }
    domains.push(entry);
  }
  return [...new Set(domains)];
}

function hostMatches(host: string, domains: readonly string[]): boolean {
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}

async function web_search(params: WebSearchParams, ctx: HandlerContext): Promise<HandlerReturn<WebSearchResult>> {
  const query = params.query.trim();
  if (!query) throw new ToolError('INVALID_INPUT', 'query is blank; give the words to search for');
  const allowed = normalizeDomains(params.allowed_domains, 'allowed_domains');
  const blocked = normalizeDomains(params.blocked_domains, 'blocked_domains');
  const both = allowed.filter((d) => hostMatches(d, blocked));
  if (both.length > 0) {
    throw new ToolError('INVALID_INPUT', `${both.join(', ')} is both allowed and blocked (a blocked parent domain covers it); drop it from one list`);
  }
  const backend = ctx.services.search;
  if (!backend) throw new ToolError('UNAVAILABLE', `web_search has no search backend configured. ${SEARCH_CONFIG_HINT}`);

  const maxResults = params.max_results ?? DEFAULT_MAX_RESULTS;
  const filtering = allowed.length > 0 || blocked.length > 0;
  // Ask for more when filtering will drop some; one allowed domain is also pushed into the query.
  const askFor = filtering ? Math.min(maxResults * 3, 50) : maxResults;
  const sentQuery = allowed.length === 1 && !/\bsite:/i.test(query) ? `${query} site:${allowed[0]}` : query;

  let items: SearchResultItem[];
  try {
    items = await backend.search({ query: sentQuery, maxResults: askFor, signal: ctx.signal });
  } catch (error) {
    if (ctx.signal.aborted) throw abortError(ctx.signal);
    if (error instanceof ToolError) throw error;
    throw new ToolError('NETWORK_ERROR', `the ${backend.name} search backend failed: ${(error as Error).message ?? String(error)}`);
  }

  const seen = new Set<string>();
  const results: SearchResultItem[] = [];
  for (const item of items) {
    let host: string;
    try {
      const url = new URL(item.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      host = url.hostname.toLowerCase().replace(/\.$/, '');
    } catch {
      continue;
    }
    if (allowed.length > 0 && !hostMatches(host, allowed)) continue;
    if (blocked.length > 0 && hostMatches(host, blocked)) continue;
    if (seen.has(item.url)) continue;
    seen.add(item.url);
    results.push({ title: item.title || item.url, url: item.url, snippet: item.snippet ?? '' });
    if (results.length >= maxResults) break;
  }
  const output: WebSearchResult = { query, backend: backend.name, results };
  return withText(output, renderSearch(output, filtering));
}

function renderSearch(output: WebSearchResult, filtered: boolean): string {
  if (output.results.length === 0) {
    return `No results for "${output.query}"${filtered ? ' after applying allowed_domains/blocked_domains; loosen the filters or rephrase' : '; try other words'}.`;
  }
  const lines = [`Results for "${output.query}" (${output.backend}):`];
  output.results.forEach((r, i) => {
    lines.push('', `${i + 1}. ${r.title}`, `   ${r.url}`);
    if (r.snippet) lines.push(`   ${r.snippet}`);
  });
  lines.push('', 'Use web_fetch on a URL to read the page.');
  return lines.join('\n');
}

export const webHandlers: WebHandlers = { web_fetch, web_search };
