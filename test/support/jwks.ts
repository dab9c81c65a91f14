// An identity provider for tests that need JWT principals: a JWKS served on 127.0.0.1 and access
// tokens signed by its key, one subject each. The principal a server derives from a token is
// treated as opaque here: tests compare what two subjects see, never the principal's spelling.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

export const TEST_AUDIENCE = 'toolwright-test';
export const TEST_ISSUER = 'http://127.0.0.1/issuer';

export interface TestIdentityProvider {
  readonly jwksUrl: string;
  /** A valid access token for `subject` (five minutes). */
  token(subject: string): Promise<string>;
  /** The options of `startMcpHttpServer` that require its tokens. */
  readonly authJwt: { jwksUrl: string; audience: string; issuer: string };
  /** The `toolwright mcp` flags that require its tokens. */
  readonly cliFlags: string[];
  close(): Promise<void>;
}

export async function startIdentityProvider(): Promise<TestIdentityProvider> {
  const keys: { privateKey: CryptoKey; publicKey: CryptoKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'main', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
  return {
    jwksUrl,
    token: (subject) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: 'main', typ: 'at+jwt' })
        .setSubject(subject)
        .setAudience(TEST_AUDIENCE)
        .setIssuer(TEST_ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + 300)
        .sign(keys.privateKey),
    authJwt: { jwksUrl, audience: TEST_AUDIENCE, issuer: TEST_ISSUER },
    cliFlags: ['--auth-jwks', jwksUrl, '--auth-audience', TEST_AUDIENCE, '--auth-issuer', TEST_ISSUER],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
