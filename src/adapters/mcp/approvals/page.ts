// The approvals page as server-rendered HTML: every value escaped, the whole input shown as the
// approval text (hidden characters already escaped), no inline script or style (the page's strict
// CSP loads /approvals/app.js and /approvals/app.css only). Without JavaScript it refreshes itself
// and every form posts and comes back with a 303.
import { inertLine, inertText } from '../../../runtime/text/control-text.js';
import type { ApprovalRecord } from '../../../runtime/store/types.js';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Notices a decision comes back with: fixed texts, so nothing a request sends is echoed. */
export const NOTICES: Readonly<Record<string, string>> = {
  approved: 'Approved: the call runs.',
  denied: 'Denied: the call is refused.',
  decided: 'Someone else decided it first; nothing changed.',
  expired: 'It expired before your decision; nothing changed.',
  unknown: 'No such approval.',
  reason: 'The reason holds control or invisible characters; nothing was decided. Write it without them.',
};

function layout(title: string, body: string, refresh: boolean): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/approvals/app.css">
${refresh ? '<noscript><meta http-equiv="refresh" content="15"></noscript>\n<script src="/approvals/app.js" defer></script>' : ''}
</head>
<body>
${body}
</body>
</html>
`;
}

export function loginPage(message?: string): string {
  return layout(
    'toolwright approvals: sign in',
    `<main>
<h1>Approvals</h1>
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/approvals/login">
<label for="token">Access token</label>
<input id="token" name="token" type="password" autocomplete="off" required>
<button type="submit">Sign in</button>
</form>
</main>`,
    false,
  );
}

export function refusedPage(principal: string): string {
  return layout(
    'toolwright approvals: not an approver',
    `<main>
<h1>Approvals</h1>
<p class="error" role="alert">${escapeHtml(inertLine(principal))} is not an approver: only approvers may see or decide parked calls.</p>
<form method="post" action="/approvals/logout"><button type="submit">Sign out</button></form>
</main>`,
    false,
  );
}

function pendingItem(a: ApprovalRecord, csrf: string): string {
  const id = field(a.id);
  const form = (decision: 'approve' | 'deny', label: string) => `<form method="post" action="/approvals/decide">
<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">
<input type="hidden" name="id" value="${id}">
<input type="hidden" name="decision" value="${decision}">
${decision === 'deny' ? '<input name="reason" maxlength="2000" placeholder="reason (optional)" aria-label="reason">' : ''}
<button type="submit" class="${decision}" data-decision="${decision}">${label}</button>
</form>`;
  return `<li class="approval" id="a-${id}" data-id="${id}">
<p><strong>${field(a.operation)}</strong> by <span class="caller">${field(a.principal)}</span>,
parked <time>${field(a.created_at)}</time>, expires <time>${field(a.expires_at)}</time></p>
<pre class="input">${escapeHtml(inertText(a.text))}</pre>
<div class="actions">${form('approve', 'Approve')}${form('deny', 'Deny')}</div>
</li>`;
}

/** A field of a record as the page shows it: one line, inert, HTML-escaped (a reason, a name). */
function field(value: string): string {
  return escapeHtml(inertLine(value));
}

function decidedItem(a: ApprovalRecord): string {
  return `<li class="decided" data-id="${field(a.id)}"><span class="status">${field(a.status)}</span>
${field(a.operation)} by ${field(a.principal)}${a.decided_by ? `, decided by ${field(a.decided_by)}` : ''}${a.reason ? `: ${field(a.reason)}` : ''}
<time>${field(a.decided_at ?? '')}</time></li>`;
}

export function listPage(
  who: string,
  pending: readonly ApprovalRecord[],
  decided: readonly ApprovalRecord[],
  csrf: string,
  notice: string | undefined,
): string {
  // The notice comes from the query string: only the table's own keys name one (not `constructor`).
  const shown = notice !== undefined && Object.hasOwn(NOTICES, notice) ? NOTICES[notice] : undefined;
  return layout(
    `toolwright approvals (${pending.length})`,
    `<header>
<h1>Approvals</h1>
<p>Signed in as <span id="who">${escapeHtml(inertLine(who))}</span>. <a href="/approvals">Reload</a></p>
<form method="post" action="/approvals/logout"><input type="hidden" name="csrf" value="${escapeHtml(csrf)}"><button type="submit">Sign out</button></form>
</header>
<main id="list">
${shown ? `<p class="notice" role="status">${escapeHtml(shown)}</p>` : ''}
<h2>Waiting (<span id="pending-count">${pending.length}</span>)</h2>
${pending.length === 0 ? '<p class="empty">Nothing waits for a decision.</p>' : `<ul class="pending">${pending.map((a) => pendingItem(a, csrf)).join('\n')}</ul>`}
<h2>Recently decided</h2>
<ul class="recent">${decided.map(decidedItem).join('\n')}</ul>
</main>`,
    true,
  );
}

/** The page's script: on every change the server pushes, the list is fetched again and swapped in. */
export const APP_JS = `'use strict';
(function () {
  var busy = false, again = false;
  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    fetch('/approvals', { credentials: 'same-origin', cache: 'no-store' })
      .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, 'text/html');
        var next = doc.getElementById('list'), now = document.getElementById('list');
        var active = document.activeElement;
        // A reason being typed is not thrown away: the swap waits for the next change.
        if (next && now && next.innerHTML !== now.innerHTML && !(active && active.name === 'reason' && active.value)) {
          now.replaceWith(next);
          document.title = doc.title;
        }
      })
      .catch(function () {})
      .then(function () { busy = false; if (again) { again = false; refresh(); } });
  }
  if (!window.EventSource) return;
  var events = new EventSource('/approvals/events');
  events.addEventListener('change', refresh);
  events.addEventListener('open', refresh);
  document.documentElement.setAttribute('data-live', 'on');
})();
`;

export const APP_CSS = `body{font:15px/1.4 system-ui,sans-serif;margin:1.5rem auto;max-width:60rem;padding:0 1rem;color:#222}
pre.input{white-space:pre-wrap;word-break:break-all;background:#f6f6f6;border:1px solid #ddd;padding:.5rem;max-height:30rem;overflow:auto}
li.approval{border-bottom:1px solid #ccc;padding:.5rem 0;list-style:none}ul{padding:0}
.actions{display:flex;gap:1rem}.actions form{display:flex;gap:.5rem}
button.approve{background:#1a7f37;color:#fff}button.deny{background:#b42318;color:#fff}
.error{color:#b42318}.notice{background:#eef;padding:.5rem}li.decided{list-style:none;color:#555}
.status{font-weight:bold;margin-right:.5rem}
`;
