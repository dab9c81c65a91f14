// The `/approvals` routes of the MCP HTTP server: the page (GET), sign in and out, decisions (POST
// forms that come back with a 303), the live updates (`/approvals/events`, Server-Sent Events on
// every change the store publishes, from any replica), and the page's script and style. Host and
// Origin are checked as for the MCP endpoint, and a form a browser posts must come from this very
// origin, port included (a cookie is sent to every port of a host: a page on another port could
// otherwise sign the approver out, or in as someone else); every answer is `Cache-Control:
// no-store` under a strict CSP.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { APPROVALS_CHANNEL, type Store, type Subscription } from '../../../runtime/store/types.js';
import { refuseOrigin } from '../transports/http-access.js';
import type { JwtVerifier } from '../transports/http-jwt.js';
import {
  checkApproverRules,
  csrfMatches,
  csrfToken,
  identify,
  identifyRequest,
  sessionCookie,
  type ApproverRules,
  type PageIdentity,
} from './access.js';
import { APP_CSS, APP_JS, listPage, loginPage, refusedPage } from './page.js';

/**
 * Whether a post comes from the page's own origin: a browser names the page that posted (Origin),
 * and its host and port must be the ones the request was sent to. A client that names no page (not
 * a browser) posts for itself.
 */
function fromThisOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host.toLowerCase() === (req.headers.host ?? '').toLowerCase();
  } catch {
    return false;
  }
}

export interface ApprovalsPageOptions extends ApproverRules {
  /** The store the parked calls are in (the one the toolkits park them in). */
  store: Store;
}

const MAX_FORM_BYTES = 16 * 1024;
const MAX_EVENT_STREAMS = 100;
const HEARTBEAT_MS = 15_000;
const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // same-origin, not no-referrer: under no-referrer a browser posts forms with `Origin: null`, which the Origin check refuses.
  'referrer-policy': 'same-origin',
};

export interface ApprovalsPage {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): void;
}

export const isApprovalsPath = (pathname: string) => pathname === '/approvals' || pathname.startsWith('/approvals/');

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type, ...headers }).end(body);
}
const html = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) =>
  send(res, status, 'text/html; charset=utf-8', body, headers);
function redirect(res: ServerResponse, to: string, headers: Record<string, string> = {}): void {
  res.writeHead(303, { ...SECURITY_HEADERS, location: to, ...headers }).end();
}

/** A urlencoded form body, bounded; undefined when it is too large or not a form. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) return undefined;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export function createApprovalsPage(
  options: ApprovalsPageOptions,
  gate: { allowed: ReadonlySet<string>; expectedToken: Buffer | undefined; verifier: JwtVerifier | undefined },
): ApprovalsPage {
  const rules = checkApproverRules(options, gate.verifier);
  const { store } = options;
  const streams = new Set<ServerResponse>();
  const secure = (req: IncomingMessage) => req.headers['x-forwarded-proto'] === 'https';

  async function page(res: ServerResponse, who: PageIdentity & { kind: 'known' }, notice: string | undefined) {
    await store.approvals.expire();
    const [pending, recent] = await Promise.all([
      store.approvals.list({ status: 'pending' }),
      store.approvals.list({ limit: 120 }),
    ]);
    const decided = recent.filter((a) => a.status !== 'pending').slice(0, 20);
    html(res, 200, listPage(who.principal, pending, decided, csrfToken(who.credential), notice));
  }

  async function decide(req: IncomingMessage, res: ServerResponse, who: PageIdentity & { kind: 'known' }) {
    const form = await readForm(req);
    if (!form) return html(res, 400, loginPage('That form could not be read.'));
    if (who.viaCookie && !csrfMatches(who.credential, form.get('csrf')))
      return html(res, 403, refusedPage(`${who.principal} (the form's CSRF token is missing or wrong)`));
    const id = form.get('id') ?? '';
    const decision = form.get('decision');
    if (decision !== 'approve' && decision !== 'deny') return redirect(res, '/approvals?notice=unknown');
    const reason = (form.get('reason') ?? '').slice(0, 2000);
    // Shown to other approvers and told to the caller: refused as the CLI refuses such a name.
    if (/[\p{Cc}\p{Cf}]/u.test(reason)) return redirect(res, '/approvals?notice=reason');
    const outcome = /^[0-9a-f-]{36}$/.test(id)
      ? await store.approvals.decide(id, {
          status: decision === 'approve' ? 'approved' : 'denied',
          by: who.principal,
          ...(reason.trim() !== '' ? { reason: reason.trim() } : {}),
        })
      : undefined;
    const notice = !outcome
      ? 'unknown'
      : outcome.applied
        ? outcome.approval.status
        : outcome.approval.status === 'pending' || outcome.approval.status === 'expired'
          ? 'expired'
          : 'decided';
    redirect(res, `/approvals?notice=${notice}`);
  }

  async function events(req: IncomingMessage, res: ServerResponse) {
    if (streams.size >= MAX_EVENT_STREAMS)
      return send(res, 503, 'text/plain', 'too many live pages; reload later\n', { 'retry-after': '10' });
    let subscription: Subscription | undefined;
    const stop = () => {
      streams.delete(res);
      clearInterval(beat);
      void subscription?.close().catch(() => undefined);
    };
    res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/event-stream', connection: 'keep-alive' });
    streams.add(res);
    const beat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    beat.unref?.();
    req.on('close', stop);
    const push = () => res.write('event: change\ndata: \n\n');
    try {
      subscription = await store.notifications.subscribe(APPROVALS_CHANNEL, push, { onResume: push });
      if (!streams.has(res)) void subscription.close().catch(() => undefined);
    } catch {
      res.end();
      stop();
      return;
    }
    res.write('retry: 3000\n\n');
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (refuseOrigin(req, res, gate.allowed)) return;
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /approvals/app.js') return send(res, 200, 'text/javascript; charset=utf-8', APP_JS);
    if (route === 'GET /approvals/app.css') return send(res, 200, 'text/css; charset=utf-8', APP_CSS);
    if (req.method === 'POST' && !fromThisOrigin(req))
      return html(res, 403, loginPage('That form was posted from another site or port; sign in here.'));
    if (route === 'POST /approvals/login') {
      const form = await readForm(req);
      const token = form?.get('token') ?? '';
      const who = await identify(token, true, rules, gate.expectedToken, gate.verifier);
      if (who.kind !== 'known') return html(res, 401, loginPage('That token is not accepted.'));
      return redirect(res, '/approvals', { 'set-cookie': sessionCookie(token, secure(req)) });
    }
    if (route === 'POST /approvals/logout')
      return redirect(res, '/approvals', { 'set-cookie': sessionCookie(undefined, secure(req)) });
    const who = await identifyRequest(req, rules, gate.expectedToken, gate.verifier);
    if (who.kind === 'none') {
      if (route === 'GET /approvals') return html(res, 200, loginPage());
      return send(res, 401, 'text/plain', 'sign in at /approvals first\n');
    }
    if (who.kind === 'refused')
      return html(res, who.status, loginPage(`Not signed in: ${who.why}`), {
        'set-cookie': sessionCookie(undefined, secure(req)),
      });
    if (!who.approver) return html(res, 403, refusedPage(who.principal));
    if (route === 'GET /approvals') return page(res, who, url.searchParams.get('notice') ?? undefined);
    if (route === 'GET /approvals/events') return events(req, res);
    if (route === 'POST /approvals/decide') return decide(req, res, who);
    send(res, 404, 'text/plain', 'not found\n');
  }

  return {
    handle,
    close() {
      for (const res of streams) res.end();
      streams.clear();
    },
  };
}
