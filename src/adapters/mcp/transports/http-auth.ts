// JWT authentication of MCP HTTP requests and the protected-resource metadata document (RFC 9728)
// that tells a client where to get a token. A verified request carries its principal to the tool
// calls as the SDK's auth info (`extra.authInfo.extra.principal`).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { JwtVerifier, type JwtAuthOptions } from './http-jwt.js';
import { allowedHostNames, refuseAccess, sendJsonRpcError, tokenDigest } from './http-access.js';

export const METADATA_PATH = '/.well-known/oauth-protected-resource';

/** The request as the SDK's transport reads it: `auth` becomes `extra.authInfo` of its requests. */
export type AuthenticatedRequest = IncomingMessage & { auth?: AuthInfo };

/** What decides whether a request reaches the endpoint. */
export interface RequestGate {
  /** The endpoint's path. */
  readonly path: string;
  /** Names accepted in Host and Origin. */
  readonly allowed: ReadonlySet<string>;
  /** The static bearer token's digest, when one is required. */
  readonly expectedToken: Buffer | undefined;
  /** The JWT verifier, when tokens are JWTs. */
  readonly verifier: JwtVerifier | undefined;
}

/** The gate of a server at `path` bound to `host`, from its options (a bad JWT option is a TypeError). */
export function requestGate(
  path: string,
  host: string,
  options: { allowedHosts?: string[]; authToken?: string; authJwt?: JwtAuthOptions },
): RequestGate {
  return {
    path,
    allowed: allowedHostNames(host, options.allowedHosts ?? []),
    expectedToken: options.authToken === undefined ? undefined : tokenDigest(options.authToken),
    verifier: options.authJwt === undefined ? undefined : new JwtVerifier(options.authJwt),
  };
}

/**
 * Answers every request that does not reach the endpoint (the metadata document, another path, a
 * Host or Origin not allowed, a missing or bad token) and resolves undefined then; otherwise
 * resolves the request's principal (undefined without JWT authentication).
 */
export async function admitRequest(
  req: IncomingMessage,
  res: ServerResponse,
  gate: RequestGate,
): Promise<{ principal: string | undefined; policy: number | undefined } | undefined> {
  const { path, allowed, verifier } = gate;
  const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (verifier && isMetadataPath(pathname, path)) {
    if (!refuseAccess(req, res, allowed, undefined)) sendMetadata(req, res, verifier.options, path);
    return undefined;
  }
  if (pathname !== path) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: the MCP endpoint is ${path}\n`);
    return undefined;
  }
  if (refuseAccess(req, res, allowed, gate.expectedToken)) return undefined;
  if (!verifier) return { principal: undefined, policy: undefined };
  return authenticate(req, res, verifier, path);
}

/** The resource this server is (as configured, else as the request reached it). */
function resourceOf(req: IncomingMessage, options: JwtAuthOptions, path: string): string {
  return options.resource ?? `http://${req.headers.host ?? 'localhost'}${path}`;
}

function metadataUrl(req: IncomingMessage, options: JwtAuthOptions, path: string): string {
  const resource = new URL(resourceOf(req, options, path));
  const suffix = resource.pathname === '/' ? '' : resource.pathname;
  return `${resource.origin}${METADATA_PATH}${suffix}`;
}

/** Whether `pathname` is where the metadata document is served (at the root, and under the endpoint's path). */
export function isMetadataPath(pathname: string, path: string): boolean {
  return pathname === METADATA_PATH || pathname === `${METADATA_PATH}${path}`;
}

/** Serves the protected-resource metadata document. */
export function sendMetadata(req: IncomingMessage, res: ServerResponse, options: JwtAuthOptions, path: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('Only GET is served here\n');
    return;
  }
  const document = {
    resource: resourceOf(req, options, path),
    ...(options.issuer !== undefined ? { authorization_servers: [options.issuer] } : {}),
    bearer_methods_supported: ['header'],
  };
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=300' });
  res.end(req.method === 'HEAD' ? undefined : JSON.stringify(document));
}

/**
 * Verifies the request's token; on success its principal is set as the request's auth info and
 * returned with the policy its scope claim chose, otherwise the request is answered (401; 403 when
 * its scope chooses no policy; 503 when the keys cannot be fetched).
 */
export async function authenticate(
  req: AuthenticatedRequest,
  res: ServerResponse,
  verifier: JwtVerifier,
  path: string,
): Promise<{ principal: string; policy: number | undefined } | undefined> {
  const check = await verifier.check(req);
  if (check.ok) {
    req.auth = {
      token: check.token,
      clientId: check.principal,
      scopes: check.scopes,
      expiresAt: check.expiresAt,
      extra: { principal: check.principal },
    };
    return { principal: check.principal, policy: check.policy };
  }
  const challenge = [`Bearer resource_metadata="${metadataUrl(req, verifier.options, path)}"`];
  // No error code when the client sent no credentials at all (RFC 6750 §3.1); a header carries
  // printable ASCII only, without quotes.
  if (req.headers.authorization !== undefined)
    challenge.push(`error="${check.error}"`, `error_description="${check.why.replace(/[^\x20-\x7e]|["\\]/g, '')}"`);
  const headers: Record<string, string> = { 'www-authenticate': challenge.join(', ') };
  if (check.status === 503) headers['retry-after'] = '5';
  const title = check.status === 401 ? 'Unauthorized' : check.status === 403 ? 'Forbidden' : 'Unavailable';
  sendJsonRpcError(res, check.status, `${title}: ${check.why}`, headers);
  return undefined;
}
