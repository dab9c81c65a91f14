// web.web_search: a query through the toolkit's SearchBackend (SearXNG, Brave, or the host's own),
// filtered by allowed and blocked domains.
import type { WebSearchParams, WebSearchResult } from '../../generated/types.js';
import { ToolError, abortError } from '../../runtime/contract/errors.js';
import { withText, type HandlerReturn } from '../../runtime/contract/handler.js';
import { SEARCH_CONFIG_HINT, type SearchResultItem } from '../../runtime/services/search/backends.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import { bareHost } from '../../runtime/net/host-name.js';
import { inertLine } from '../../runtime/text/control-text.js';

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
    // An entry with an empty label (`example.com..`) is refused, not kept as a domain nothing matches.
    entry = bareHost(entry.replace(/^\*\./, '').replace(/^\./, '')) ?? '';
    if (!/^[a-z0-9.-]+$/.test(entry) || (!entry.includes('.') && entry !== 'localhost')) {
      throw new ToolError(
        'INVALID_INPUT',
        `${field} entries must be domain names like example.com, not ${JSON.stringify(raw)}`,
      );
    }
    domains.push(entry);
  }
  return [...new Set(domains)];
}

function hostMatches(host: string, domains: readonly string[]): boolean {
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}

export async function webSearch(params: WebSearchParams, ctx: HandlerContext): Promise<HandlerReturn<WebSearchResult>> {
  const query = params.query.trim();
  if (!query) throw new ToolError('INVALID_INPUT', 'query is blank; give the words to search for');
  const allowed = normalizeDomains(params.allowed_domains, 'allowed_domains');
  const blocked = normalizeDomains(params.blocked_domains, 'blocked_domains');
  const both = allowed.filter((d) => hostMatches(d, blocked));
  if (both.length > 0) {
    throw new ToolError(
      'INVALID_INPUT',
      `${both.join(', ')} is both allowed and blocked (a blocked parent domain covers it); drop it from one list`,
    );
  }
  const backend = ctx.services.search;
  if (!backend)
    throw new ToolError('UNAVAILABLE', `web_search has no search backend configured. ${SEARCH_CONFIG_HINT}`);

  const maxResults = params.max_results;
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
    throw new ToolError(
      'NETWORK_ERROR',
      `the ${backend.name} search backend failed: ${(error as Error).message ?? String(error)}`,
    );
  }

  const seen = new Set<string>();
  const results: SearchResultItem[] = [];
  for (const item of items) {
    let host: string | undefined;
    try {
      const url = new URL(item.url);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      host = bareHost(url.hostname);
    } catch {
      continue;
    }
    // A host with an empty label (`blocked.example..`) is no host a filter could place: dropped.
    if (host === undefined) continue;
    if (allowed.length > 0 && !hostMatches(host, allowed)) continue;
    if (blocked.length > 0 && hostMatches(host, blocked)) continue;
    if (seen.has(item.url)) continue;
    seen.add(item.url);
    // A result is the backend's text: made inert (one line each), as web_fetch makes a page inert.
    results.push({
      title: inertLine(item.title || item.url),
      url: inertLine(item.url),
      snippet: inertLine(item.snippet ?? ''),
    });
    if (results.length >= maxResults) break;
  }
  const output: WebSearchResult = { query, backend: backend.name, results };
  return withText(output, renderSearch(output, filtering));
}

// One line per field: a newline or a control sequence in a result cannot forge a result or act on a terminal.
function renderSearch(output: WebSearchResult, filtered: boolean): string {
  const query = inertLine(output.query);
  if (output.results.length === 0) {
    return `No results for "${query}"${filtered ? ' after applying allowed_domains/blocked_domains; loosen the filters or rephrase' : '; try other words'}.`;
  }
  const lines = [`Results for "${query}" (${inertLine(output.backend)}):`];
  output.results.forEach((r, i) => {
    // Each result was made inert when it was kept (above).
    lines.push('', `${i + 1}. ${r.title}`, `   ${r.url}`);
    if (r.snippet) lines.push(`   ${r.snippet}`);
  });
  lines.push('', 'Use web_fetch on a URL to read the page.');
  return lines.join('\n');
}
