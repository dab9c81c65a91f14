// JWT access tokens for MCP over HTTP: the signature checked against the issuer's JWKS (asymmetric
// algorithms only, so a token signed with HS256 and the public key as its secret, or `alg: none`,
// never verifies), `exp` and `nbf` with a small clock tolerance, the audience, and the issuer when
// one is configured. The token's `sub` is the principal of the calls it carries. `jose` loads with
// the first token; verified tokens are remembered briefly so a replica does not verify the same
// token's signature on every request.
import type { IncomingMessage } from 'node:http';
import { MAX_PRINCIPAL_CHARS } from '../runtime/principal.js';

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
  | { ok: true; principal: string; token: string; scopes: string[]; expiresAt: number | undefined }
  | {
      ok: false;
      status: 401 | 503;
      error: 'invalid_request' | 'invalid_token' | 'temporarily_unavailable';
      why: string;
    };

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
    try {
      ({ payload } = await jose.jwtVerify(token, keys, {
        audience: typeof this.options.audience === 'string' ? this.options.audience : [...this.options.audience],
        ...(this.options.issuer !== undefined ? { issuer: this.options.issuer } : {}),
        algorithms: [...JWT_ALGORITHMS],
        clockTolerance: this.options.clockToleranceSec ?? DEFAULT_CLOCK_TOLERANCE_SEC,
      }));
    } catch (error) {
      return joseRefusal(error);
    }
    const sub = payload.sub;
    if (typeof sub !== 'string' || sub === '' || sub.length > MAX_PRINCIPAL_CHARS || /\p{Cc}/u.test(sub))
      return refused(401, 'invalid_token', 'the token has no usable subject (sub)');
    const expiresAt = typeof payload.exp === 'number' ? payload.exp : undefined;
    const scope = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
    const check = { ok: true as const, principal: sub, token, scopes: scope, expiresAt };
    this.#remember(token, check, expiresAt, now);
    return check;
  }

  #remember(token: string, check: JwtCheck & { ok: true }, expiresAt: number | undefined, now: number): void {
    const until = Math.min(now + REMEMBER_MS, expiresAt === undefined ? Infinity : expiresAt * 1000);
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

function refused(status: 401 | 503, error: Exclude<JwtCheck, { ok: true }>['error'], why: string): JwtCheck {
  return { ok: false, status, error, why };
}

/** What a failed verification tells the client: which check failed, never the key material. */
function joseRefusal(error: unknown): JwtCheck {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return refused(401, 'invalid_token', 'the token has expired');
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED': {
      const claim = String((error as { claim?: unknown }).claim);
      if (claim === 'nbf') return refused(401, 'invalid_token', 'the token is not valid yet (nbf)');
      return refused(401, 'invalid_token', `the token's ${claim} claim does not match`);
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
