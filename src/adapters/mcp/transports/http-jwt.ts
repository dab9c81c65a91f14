// JWT access tokens for MCP over HTTP: the signature checked against the issuer's JWKS (asymmetric
// algorithms only, so a token signed with HS256 and the public key as its secret, or `alg: none`,
// never verifies), `exp` required and checked with `nbf` under a small clock tolerance, the
// audience, the issuer when one is configured, and the type (`typ`: an access token or a plain JWT,
// never another kind of token signed by the same keys). The principal of the calls a token carries
// is its issuer and subject together (`iss|sub`): two issuers' `alice` are two principals. An
// optional claim (`scope`, `roles`) chooses the policy the calls run under. `jose` loads with the
// first token; verified tokens are remembered briefly so a replica does not verify the same token's
// signature on every request.
import type { IncomingMessage } from 'node:http';
import type { PolicyOptions } from '../../../runtime/policy/types.js';
import { MAX_PRINCIPAL_CHARS } from '../../../runtime/toolkit/principal.js';

export interface JwtAuthOptions {
  /** URL of the issuer's JSON Web Key Set (https, or http for a local issuer). */
  jwksUrl: string;
  /** The audience (`aud`) tokens must carry: this server's identifier at the issuer. */
  audience: string | readonly string[];
  /** The issuer (`iss`) tokens must carry; also served as the authorization server in the metadata. */
  issuer?: string;
  /** The resource identifier served in the metadata (default: http://<Host header><path>). */
  resource?: string;
  /** Seconds of clock skew accepted on `exp` and `nbf` (default 30). */
  clockToleranceSec?: number;
  /**
   * The claim whose values choose the policy of the calls a token carries: a string of
   * space-separated values (`scope`) or an array of strings (`roles`, `groups`). Needs `scopePolicies`.
   */
  scopeClaim?: string;
  /**
   * Claim value → the policy its calls run under; the first entry whose value the token holds wins.
   * A token without the claim, or holding none of these values, is refused (403). The server hands
   * the chosen policy to the toolkit factory (`ToolkitScope.policy`), which must pass it to createToolkit.
   */
  scopePolicies?: readonly (readonly [value: string, policy: PolicyOptions])[];
}

/** Signature algorithms accepted: public-key ones only (no `none`, no HMAC). */
export const JWT_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
] as const;

const DEFAULT_CLOCK_TOLERANCE_SEC = 30;
/** How long a verified token is trusted without verifying it again (never past its `exp`). */
const REMEMBER_MS = 60_000;
const REMEMBERED_TOKENS = 1000;
/** A longer Authorization header is not a token this server would accept. */
const MAX_TOKEN_CHARS = 8192;

export type JwtCheck =
  | {
      ok: true;
      principal: string;
      token: string;
      scopes: string[];
      expiresAt: number;
      /** The index in `scopePolicies` of the policy the token's claim chose (with `scopeClaim`). */
      policy: number | undefined;
      /** The token's verified claims (the approvals page reads its approver claim here). */
      claims: Readonly<Record<string, unknown>>;
    }
  | {
      ok: false;
      status: 401 | 403 | 503;
      error: 'invalid_request' | 'invalid_token' | 'insufficient_scope' | 'temporarily_unavailable';
      why: string;
    };

/** Token types (`typ`, compared without case and without an `application/` prefix) accepted; an absent one is a plain JWT. */
const ACCEPTED_TYPES = new Set(['at+jwt', 'jwt']);
/** Characters that never belong in an issuer or a subject: they would hide or forge text where the principal is shown. */
// A lone surrogate half too: it has no UTF-8 form, and every one would be stored as the same U+FFFD.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/** The principal of a token: issuer and subject, `|` between them (a `|` or `%` inside either is percent-encoded). */
export function jwtPrincipal(issuer: string, subject: string): string {
  const part = (text: string) => text.replace(/[%|]/g, (ch) => (ch === '%' ? '%25' : '%7C'));
  return `${part(issuer)}|${part(subject)}`;
}

type Jose = typeof import('jose');
type KeySet = ReturnType<Jose['createRemoteJWKSet']>;

export function checkJwtOptions(options: JwtAuthOptions): void {
  let url: URL;
  try {
    url = new URL(options.jwksUrl);
  } catch {
    throw new TypeError(`the JWKS URL "${options.jwksUrl}" is not a valid URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new TypeError(`the JWKS URL must be http(s), not ${url.protocol}`);
  const audiences = typeof options.audience === 'string' ? [options.audience] : [...(options.audience ?? [])];
  if (audiences.length === 0 || audiences.some((a) => typeof a !== 'string' || a === ''))
    throw new TypeError('JWT authentication needs the audience tokens must carry (--auth-audience)');
  if (options.issuer !== undefined && (typeof options.issuer !== 'string' || options.issuer === ''))
    throw new TypeError('the JWT issuer must be a non-empty string');
  const tolerance = options.clockToleranceSec;
  if (tolerance !== undefined && !(Number.isFinite(tolerance) && tolerance >= 0 && tolerance <= 300))
    throw new TypeError('clockToleranceSec must be between 0 and 300 seconds');
  const { scopeClaim, scopePolicies } = options;
  if (scopeClaim === undefined) {
    if (scopePolicies !== undefined) throw new TypeError('scopePolicies needs scopeClaim (--auth-scope-claim)');
    return;
  }
  if (typeof scopeClaim !== 'string' || !/^[\w.:/-]{1,64}$/.test(scopeClaim))
    throw new TypeError(
      `the scope claim must be a claim name such as scope or roles, got ${JSON.stringify(scopeClaim)}`,
    );
  if (!Array.isArray(scopePolicies) || scopePolicies.length === 0)
    throw new TypeError(
      `the scope claim ${scopeClaim} needs the policy of each value (--auth-scope-policy VALUE=POLICY)`,
    );
  const seen = new Set<string>();
  for (const entry of scopePolicies as readonly unknown[]) {
    const [value, policy] = Array.isArray(entry) ? (entry as unknown[]) : [];
    if (typeof value !== 'string' || value === '' || /\s/.test(value) || policy === undefined)
      throw new TypeError('each scope policy is a [value, policy] pair with a value without spaces');
    if (seen.has(value)) throw new TypeError(`the scope value ${value} is given a policy twice`);
    seen.add(value);
  }
}

export class JwtVerifier {
  #jose: Promise<{ jose: Jose; keys: KeySet }> | undefined;
  /** token → what it verified as, until `until`. */
  readonly #remembered = new Map<string, { check: JwtCheck & { ok: true }; until: number }>();

  constructor(readonly options: JwtAuthOptions) {
    checkJwtOptions(options);
  }

  /** Checks the request's bearer token. */
  async check(req: IncomingMessage): Promise<JwtCheck> {
    const header = req.headers.authorization;
    if (header === undefined) return refused(401, 'invalid_request', 'no bearer token was sent');
    const match = /^Bearer +([A-Za-z0-9._~+/=-]+) *$/i.exec(header);
    if (!match || match[1]!.length > MAX_TOKEN_CHARS)
      return refused(401, 'invalid_token', 'the Authorization header is not a bearer token');
    return this.verify(match[1]!);
  }

  async verify(token: string): Promise<JwtCheck> {
    const now = Date.now();
    const known = this.#remembered.get(token);
    if (known && known.until > now) return known.check;
    if (known) this.#remembered.delete(token);
    const { jose, keys } = await (this.#jose ??= loadJose(this.options.jwksUrl));
    let payload: import('jose').JWTPayload;
    let header: import('jose').JWTHeaderParameters;
    try {
      ({ payload, protectedHeader: header } = await jose.jwtVerify(token, keys, {
        audience: typeof this.options.audience === 'string' ? this.options.audience : [...this.options.audience],
        ...(this.options.issuer !== undefined ? { issuer: this.options.issuer } : {}),
        algorithms: [...JWT_ALGORITHMS],
        clockTolerance: this.options.clockToleranceSec ?? DEFAULT_CLOCK_TOLERANCE_SEC,
        requiredClaims: ['exp', 'iss', 'sub'],
      }));
    } catch (error) {
      return joseRefusal(error);
    }
    const typ = header.typ;
    if (
      typ !== undefined &&
      !ACCEPTED_TYPES.has(
        String(typ)
          .toLowerCase()
          .replace(/^application\//, ''),
      )
    )
      return refused(
        401,
        'invalid_token',
        'the token is not an access token: its typ header is neither at+jwt nor JWT',
      );
    const { sub, iss, exp } = payload;
    if (typeof sub !== 'string' || sub === '' || INVISIBLE.test(sub))
      return refused(401, 'invalid_token', 'the token has no usable subject (sub)');
    if (typeof iss !== 'string' || iss === '' || INVISIBLE.test(iss))
      return refused(401, 'invalid_token', 'the token has no usable issuer (iss)');
    if (typeof exp !== 'number') return refused(401, 'invalid_token', 'the token has no expiry time (exp)');
    const principal = jwtPrincipal(iss, sub);
    if (principal.length > MAX_PRINCIPAL_CHARS)
      return refused(
        401,
        'invalid_token',
        `the token's issuer and subject are too long together (at most ${MAX_PRINCIPAL_CHARS} characters)`,
      );
    const scope = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
    const chosen = this.#policyOf(payload);
    if (typeof chosen === 'string') return refused(403, 'insufficient_scope', chosen);
    const check = {
      ok: true as const,
      principal,
      token,
      scopes: scope,
      expiresAt: exp,
      policy: chosen,
      claims: payload,
    };
    this.#remember(token, check, exp, now);
    return check;
  }

  /** The index of the policy the token's scope claim chooses, undefined without a scope claim, or why none does. */
  #policyOf(payload: import('jose').JWTPayload): number | undefined | string {
    const { scopeClaim, scopePolicies } = this.options;
    if (scopeClaim === undefined || scopePolicies === undefined) return undefined;
    const claim = payload[scopeClaim];
    const values =
      typeof claim === 'string'
        ? claim.split(/\s+/).filter(Boolean)
        : Array.isArray(claim)
          ? claim.filter((v): v is string => typeof v === 'string')
          : undefined;
    if (values === undefined || values.length === 0)
      return `the token has no ${scopeClaim} claim, which chooses the policy of its calls`;
    const held = new Set(values);
    const index = scopePolicies.findIndex(([value]) => held.has(value));
    if (index === -1)
      return `no value of the token's ${scopeClaim} claim has a policy here (known: ${scopePolicies.map(([v]) => v).join(', ')})`;
    return index;
  }

  #remember(token: string, check: JwtCheck & { ok: true }, expiresAt: number, now: number): void {
    const until = Math.min(now + REMEMBER_MS, expiresAt * 1000);
    if (until <= now) return;
    if (this.#remembered.size >= REMEMBERED_TOKENS) this.#remembered.delete(this.#remembered.keys().next().value!);
    this.#remembered.set(token, { check, until });
  }
}

async function loadJose(jwksUrl: string): Promise<{ jose: Jose; keys: KeySet }> {
  const jose = await import('jose');
  const keys = jose.createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  return { jose, keys };
}

function refused(status: 401 | 403 | 503, error: Exclude<JwtCheck, { ok: true }>['error'], why: string): JwtCheck {
  return { ok: false, status, error, why };
}

/** What a failed verification tells the client: which check failed, never the key material. */
function joseRefusal(error: unknown): JwtCheck {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return refused(401, 'invalid_token', 'the token has expired');
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED': {
      const { claim, reason } = error as { claim?: unknown; reason?: unknown };
      if (reason === 'missing' && claim === 'exp')
        return refused(
          401,
          'invalid_token',
          'the token has no expiry time (exp): a token that never expires is refused',
        );
      if (reason === 'missing' && claim === 'iss')
        return refused(401, 'invalid_token', 'the token names no issuer (iss), which is part of its principal');
      if (reason === 'missing' && claim === 'sub')
        return refused(401, 'invalid_token', 'the token has no usable subject (sub)');
      if (reason === 'missing') return refused(401, 'invalid_token', `the token has no ${String(claim)} claim`);
      if (claim === 'nbf') return refused(401, 'invalid_token', 'the token is not valid yet (nbf)');
      return refused(401, 'invalid_token', `the token's ${String(claim)} claim does not match`);
    }
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
    case 'ERR_JOSE_NOT_SUPPORTED':
      return refused(401, 'invalid_token', `the token's algorithm is not accepted (only ${JWT_ALGORITHMS.join(', ')})`);
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return refused(401, 'invalid_token', "the token's signature does not verify against the issuer's keys");
    case 'ERR_JWKS_TIMEOUT':
    case 'ERR_JWKS_INVALID':
      return refused(503, 'temporarily_unavailable', "the issuer's keys (JWKS) cannot be fetched right now");
    case 'ERR_JWS_INVALID':
    case 'ERR_JWT_INVALID':
      return refused(401, 'invalid_token', 'the token is malformed');
    default:
      // Anything else (the JWKS endpoint unreachable, a fetch error) is this server's problem: fail closed.
      return typeof code === 'string' && code.startsWith('ERR_J')
        ? refused(401, 'invalid_token', 'the token cannot be verified')
        : refused(503, 'temporarily_unavailable', "the issuer's keys (JWKS) cannot be fetched right now");
  }
}
