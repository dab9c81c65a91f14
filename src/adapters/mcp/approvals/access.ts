// Who may use the approvals page: the same credentials as the MCP endpoint (its bearer token, or a
// JWT its verifier accepts) plus the approver tokens, sent as `Authorization: Bearer` or, from a
// browser, kept in an HttpOnly, SameSite=Strict cookie scoped to the page. Only approvers may see
// or decide anything: a JWT whose approver claim holds the configured value, or a token of the
// approver list (compared in constant time). A form post made with the cookie must carry the CSRF
// token derived from that cookie, so another site cannot post one for the browser.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { tokenDigest } from '../transports/http-access.js';
import type { JwtVerifier } from '../transports/http-jwt.js';

export const COOKIE = 'tw_approvals';
/** How long a browser keeps its login, seconds. */
const COOKIE_MAX_AGE = 8 * 3600;
const MAX_TOKEN_CHARS = 8192;

/** One approver token, and the name its decisions are recorded under. */
export interface ApproverToken {
  token: string;
  name?: string;
}

export interface ApproverRules {
  /** `NAME=VALUE`: a JWT whose claim NAME is VALUE, or an array holding it, is an approver. */
  approverClaim?: string;
  /** Tokens whose holders are approvers (also accepted on the page without being the MCP token). */
  approverTokens?: readonly (string | ApproverToken)[];
}

/** Who a request is, as the page sees it. */
export type PageIdentity =
  | { kind: 'none' }
  | { kind: 'refused'; status: 401 | 503; why: string }
  | { kind: 'known'; principal: string; approver: boolean; viaCookie: boolean; credential: string };

/** The approver rules, checked: a TypeError names what is wrong. */
export function checkApproverRules(rules: ApproverRules, verifier: JwtVerifier | undefined) {
  let claim: { name: string; value: string } | undefined;
  if (rules.approverClaim !== undefined) {
    const at = rules.approverClaim.indexOf('=');
    if (typeof rules.approverClaim !== 'string' || at <= 0 || at === rules.approverClaim.length - 1)
      throw new TypeError('approverClaim must be NAME=VALUE, e.g. roles=approver');
    if (!verifier)
      throw new TypeError('approverClaim needs JWT authentication (authJwt): approvers are named by a claim');
    claim = { name: rules.approverClaim.slice(0, at), value: rules.approverClaim.slice(at + 1) };
  }
  const tokens = (rules.approverTokens ?? []).map((entry, i) => {
    const { token, name } = typeof entry === 'string' ? { token: entry, name: undefined } : entry;
    if (typeof token !== 'string' || token.length < 16 || /\s/.test(token) || token.length > MAX_TOKEN_CHARS)
      throw new TypeError(`approver token ${i + 1} must be at least 16 characters without spaces`);
    const digest = tokenDigest(token);
    return { digest, name: name ?? `approver-token:${digest.toString('hex').slice(0, 12)}` };
  });
  if (!claim && tokens.length === 0)
    throw new TypeError('the approvals page needs approvers: approverClaim (with authJwt) or approverTokens');
  return { claim, tokens };
}

type Rules = ReturnType<typeof checkApproverRules>;

/** The credential a request carries: its Authorization header first, else the page's cookie. */
function credentialOf(req: IncomingMessage): { token: string; viaCookie: boolean } | undefined {
  const header = req.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer +(\S+) *$/i.exec(header);
    return match ? { token: match[1]!, viaCookie: false } : { token: '', viaCookie: false };
  }
  const cookie = cookieValue(req, COOKIE);
  return cookie === undefined ? undefined : { token: cookie, viaCookie: true };
}

export function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The token `given` matches one of `digests` (every one compared, each in constant time). */
function matchIndex(given: string, digests: readonly Buffer[]): number {
  const digest = tokenDigest(given);
  let found = -1;
  digests.forEach((expected, i) => {
    if (timingSafeEqual(digest, expected) && found < 0) found = i;
  });
  return found;
}

/** Verifies a token as the page takes it: an approver token, the MCP bearer token, or a JWT. */
export async function identify(
  token: string,
  viaCookie: boolean,
  rules: Rules,
  mcpToken: Buffer | undefined,
  verifier: JwtVerifier | undefined,
): Promise<PageIdentity> {
  if (token === '' || token.length > MAX_TOKEN_CHARS)
    return { kind: 'refused', status: 401, why: 'that is not a token' };
  const listed = matchIndex(
    token,
    rules.tokens.map((t) => t.digest),
  );
  if (listed >= 0)
    return { kind: 'known', principal: rules.tokens[listed]!.name, approver: true, viaCookie, credential: token };
  if (mcpToken && matchIndex(token, [mcpToken]) === 0)
    return { kind: 'known', principal: 'mcp-token', approver: false, viaCookie, credential: token };
  if (verifier) {
    const check = await verifier.verify(token);
    if (!check.ok) return { kind: 'refused', status: check.status === 503 ? 503 : 401, why: check.why };
    return {
      kind: 'known',
      principal: check.principal,
      approver: claimHolds(check.claims, rules.claim),
      viaCookie,
      credential: token,
    };
  }
  return { kind: 'refused', status: 401, why: 'the token is not accepted here' };
}

export async function identifyRequest(
  req: IncomingMessage,
  rules: Rules,
  mcpToken: Buffer | undefined,
  verifier: JwtVerifier | undefined,
): Promise<PageIdentity> {
  const credential = credentialOf(req);
  if (!credential) return { kind: 'none' };
  return identify(credential.token, credential.viaCookie, rules, mcpToken, verifier);
}

function claimHolds(claims: Readonly<Record<string, unknown>>, claim: Rules['claim']): boolean {
  if (!claim || !Object.hasOwn(claims, claim.name)) return false;
  const value = claims[claim.name];
  if (typeof value === 'string') return value === claim.value || value.split(/\s+/).includes(claim.value);
  return Array.isArray(value) && value.some((v) => v === claim.value);
}

/** The CSRF token of a session: derived from its cookie, so only a page that could read it can send it. */
export function csrfToken(credential: string): string {
  return createHash('sha256').update('toolwright approvals csrf\0').update(credential).digest('base64url');
}

export function csrfMatches(credential: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length > 128) return false;
  const expected = Buffer.from(csrfToken(credential));
  const sent = Buffer.alloc(expected.length);
  Buffer.from(given).copy(sent);
  return timingSafeEqual(sent, expected) && given.length === expected.length;
}

/** The Set-Cookie of a login (or, with undefined, of a logout). */
export function sessionCookie(token: string | undefined, secure: boolean): string {
  const attributes = ['HttpOnly', 'SameSite=Strict', 'Path=/approvals', ...(secure ? ['Secure'] : [])];
  if (token === undefined) return [`${COOKIE}=`, 'Max-Age=0', ...attributes].join('; ');
  return [`${COOKIE}=${encodeURIComponent(token)}`, `Max-Age=${COOKIE_MAX_AGE}`, ...attributes].join('; ');
}
