// The /approvals page as a browser without JavaScript uses it: sign in with a form (keeping the
// cookie the server sets), read the page, post decisions with the CSRF token the page holds.
export interface PageSession {
  csrf: string;
  /** The session cookie the server set (`name=value`). */
  cookie: string;
  get(path: string): Promise<Response>;
  /** The pending ids and their text, as the page shows them. */
  list(): Promise<string>;
  decide(
    id: string,
    decision: 'approve' | 'deny',
    reason?: string,
    override?: { csrf?: string },
  ): Promise<{ status: number; location: string | null }>;
}

export function pageClient(base: string) {
  const tryLogin = (token: string) =>
    fetch(`${base}/approvals/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    });
  async function login(token: string): Promise<PageSession> {
    const reply = await tryLogin(token);
    if (reply.status !== 303) throw new Error(`login answered ${reply.status}`);
    const cookie = reply.headers.get('set-cookie')!.split(';')[0]!;
    const get = (path: string) => fetch(`${base}${path}`, { headers: { cookie }, redirect: 'manual' });
    const first = await get('/approvals');
    const csrf = /name="csrf" value="([^"]*)"/.exec(await first.text())?.[1] ?? '';
    return {
      csrf,
      cookie,
      get,
      list: async () => (await get('/approvals')).text(),
      async decide(id, decision, reason, override) {
        const form: Record<string, string> = { id, decision, csrf: override?.csrf ?? csrf };
        if (reason !== undefined) form.reason = reason;
        const posted = await fetch(`${base}/approvals/decide`, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        });
        await posted.text();
        return { status: posted.status, location: posted.headers.get('location') };
      },
    };
  }
  return { login, tryLogin };
}
