// Behaviour of web_fetch through createToolkit().invoke against a loopback server started here.
// The server is reachable only because each toolkit allows it (allowPrivateNetwork/allowHosts);
// no traffic leaves 127.0.0.1.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/toolkit.js';
import type { InvokeResult, WebOptions } from '../../src/runtime/types.js';
import { startTestServer, type TestServer } from '../support/web-server.js';
import { scaled } from '../support/time.js';

let server: TestServer;
let workspace: string;

beforeAll(async () => {
  server = await startTestServer();
  workspace = await mkdtemp(path.join(tmpdir(), 'toolwright-web-'));
});
afterAll(async () => {
  await server.close();
  await rm(workspace, { recursive: true, force: true });
});

interface FetchOutput {
  url: string;
  final_url: string;
  status: number;
  content_type: string;
  title?: string;
  content: string;
  bytes: number;
  truncated: boolean;
}

function fetchWith(web: WebOptions, input: Record<string, unknown>, signal?: AbortSignal): Promise<InvokeResult> {
  const toolkit = createToolkit({ workspace, web });
  return toolkit.invoke('web', 'web_fetch', input, signal ? { signal } : {});
}
const open = { allowPrivateNetwork: true } as const;

async function ok(
  input: Record<string, unknown>,
  web: WebOptions = open,
): Promise<{ output: FetchOutput; text: string }> {
  const result = await fetchWith(web, input);
  if (!result.ok) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return { output: result.output as FetchOutput, text: result.text };
}

async function fails(input: Record<string, unknown>, web: WebOptions = open) {
  const result = await fetchWith(web, input);
  if (result.ok) throw new Error(`expected failure, got ${JSON.stringify(result.output).slice(0, 200)}`);
  return result.error;
}

describe('web_fetch content', () => {
  it('turns HTML into Markdown without script, style or nav, with absolute links and the title', async () => {
    const { output, text } = await ok({ url: `${server.origin}/html` });
    expect(output.status).toBe(200);
    expect(output.title).toBe('Test Page');
    expect(output.content).toContain('# Main Heading');
    expect(output.content).toContain('**bold**');
    expect(output.content).toContain(`[relative link](${server.origin}/about)`);
    expect(output.content).toContain('- one');
    expect(output.content).not.toMatch(/tracking|more noise|color: red|Menu item|hidden secret|icon glyph|Click me/);
    expect(output.truncated).toBe(false);
    expect(text).toContain('Title: Test Page');
  });

  it('format text gives the words without markup', async () => {
    const { output } = await ok({ url: `${server.origin}/html`, format: 'text' });
    expect(output.content).toContain('Main Heading');
    expect(output.content).toContain('Main Heading\n\nFirst paragraph with a relative link and bold text.\n\none\ntwo');
    expect(output.content).not.toMatch(/[#*[\]<]/);
    expect(output.content).not.toContain('tracking');
  });

  it('format raw returns the HTML as received', async () => {
    const { output } = await ok({ url: `${server.origin}/html`, format: 'raw' });
    expect(output.content).toContain('<script>window.alert("tracking");</script>');
    expect(output.bytes).toBe(Buffer.byteLength(output.content));
  });

  it('returns JSON and plain text as they are', async () => {
    expect((await ok({ url: `${server.origin}/json` })).output.content).toBe('{"name":"toolwright","ok":true}');
    const text = (await ok({ url: `${server.origin}/text` })).output;
    expect(text.content).toBe('just some plain text\nsecond line\n');
    expect(text.content_type).toBe('text/plain');
  });

  it('sends a GET without a body and nothing a caller chose', async () => {
    const { output } = await ok({ url: `${server.origin}/headers` });
    const seen = JSON.parse(output.content) as { method: string; headers: Record<string, string> };
    expect(seen.method).toBe('GET');
    expect(seen.headers['content-length']).toBeUndefined();
    expect(seen.headers['transfer-encoding']).toBeUndefined();
    expect(seen.headers.host).toBe(`127.0.0.1:${server.port}`);
  });

  it('has no way to choose another method', async () => {
    const error = await fails({ url: `${server.origin}/headers`, method: 'POST' });
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toContain('method');
  });

  it('decodes gzip and brotli bodies', async () => {
    expect((await ok({ url: `${server.origin}/gzip` })).output.content).toBe('compressed hello');
    expect((await ok({ url: `${server.origin}/br` })).output.content).toBe('brotli hello');
  });

  it('refuses a content-encoding it cannot decode', async () => {
    expect((await fails({ url: `${server.origin}/weird-encoding` })).code).toBe('UNSUPPORTED_CONTENT');
  });

  it('honours the charset of the content-type header', async () => {
    expect((await ok({ url: `${server.origin}/latin1` })).output.content).toBe('café crème');
    expect((await ok({ url: `${server.origin}/shift-jis` })).output.content).toBe('日本語');
  });

  it('falls back to <meta charset> (windows-1252, with € at 0x80) and to a UTF-16 byte-order mark', async () => {
    expect((await ok({ url: `${server.origin}/meta-charset` })).output.content).toBe('naïve €');
    expect((await ok({ url: `${server.origin}/utf16` })).output.content).toBe('wide text');
  });

  it('refuses images and binary octet streams, but sniffs text sent as octet-stream', async () => {
    const png = await fails({ url: `${server.origin}/png` });
    expect(png.code).toBe('UNSUPPORTED_CONTENT');
    expect(png.message).toContain('image/png');
    expect((await fails({ url: `${server.origin}/octet-binary` })).code).toBe('UNSUPPORTED_CONTENT');
    expect((await ok({ url: `${server.origin}/octet-text` })).output.content).toBe('looks like text to me');
    expect((await ok({ url: `${server.origin}/untyped-html` })).output.content).toBe('## Sniffed');
  });

  it('reports status >= 400 as HTTP_ERROR with the status and an excerpt', async () => {
    const notFound = await fails({ url: `${server.origin}/404` });
    expect(notFound.code).toBe('HTTP_ERROR');
    expect(notFound.details).toMatchObject({ status: 404 });
    expect(notFound.message).toContain('404');
    expect(notFound.message).toContain('Not here The page is gone.');
    const broken = await fails({ url: `${server.origin}/500` });
    expect(broken.details).toMatchObject({ status: 500, excerpt: 'database exploded' });
  });

  it('returns an empty body with its status', async () => {
    const { output, text } = await ok({ url: `${server.origin}/empty` });
    expect(output).toMatchObject({ status: 204, content: '', truncated: false });
    expect(text).toContain('empty body');
  });
});

describe('web_fetch limits', () => {
  it('cuts the body at max_bytes and says so', async () => {
    const { output, text } = await ok({ url: `${server.origin}/big?bytes=300000`, max_bytes: 100_000 });
    expect(output.truncated).toBe(true);
    expect(output.bytes).toBe(100_000);
    expect(output.content.length).toBe(100_000);
    expect(text).toContain('max_bytes=100000');
  });

  it('drops a character cut in half by the cap instead of inventing U+FFFD', async () => {
    const { output } = await ok({ url: `${server.origin}/accents`, max_bytes: 101 });
    expect(output.truncated).toBe(true);
    expect(output.content).toBe('é'.repeat(50));
  });

  it('is not truncated when the body is exactly max_bytes long', async () => {
    const { output } = await ok({ url: `${server.origin}/big?bytes=70000`, max_bytes: 70_000 });
    expect(output).toMatchObject({ truncated: false, bytes: 70_000 });
  });

  it('stops a gzip bomb at the decompressed cap', { timeout: scaled(30_000) }, async () => {
    const { output } = await ok({ url: `${server.origin}/bomb`, max_bytes: 1_000_000 });
    expect(output.truncated).toBe(true);
    expect(output.bytes).toBe(1_000_000);
    expect(output.content).toBe('a'.repeat(1_000_000));
  });

  it('times out a server that never answers', { timeout: scaled(15_000) }, async () => {
    // The server never answers: only the 300 ms timeout can end the call (the test's own timeout bounds it).
    const error = await fails({ url: `${server.origin}/slow-headers`, timeout_ms: 300 });
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toContain('timeout_ms=300');
  });

  it('times out a body that never ends', { timeout: scaled(15_000) }, async () => {
    expect((await fails({ url: `${server.origin}/slow-body`, timeout_ms: 300 })).code).toBe('TIMEOUT');
  });

  it('is cancelled by the caller signal', { timeout: scaled(15_000) }, async () => {
    const controller = new AbortController();
    const pending = fetchWith(open, { url: `${server.origin}/slow-headers` }, controller.signal);
    setTimeout(() => controller.abort(), 100);
    const result = await pending;
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('CANCELLED');
  });

  it('reports a refused connection as NETWORK_ERROR', async () => {
    const closed = await startTestServer();
    const port = closed.port;
    await closed.close();
    const error = await fails({ url: `http://127.0.0.1:${port}/`, timeout_ms: 5000 });
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toContain('ECONNREFUSED');
  });
});

describe('web_fetch redirects', () => {
  it('follows up to 5 redirects and reports the final URL', async () => {
    const { output, text } = await ok({ url: `${server.origin}/redirect/5` });
    expect(output.url).toBe(`${server.origin}/redirect/5`);
    expect(output.final_url).toBe(`${server.origin}/html`);
    expect(output.content).toContain('# Main Heading');
    expect(text).toContain('redirected 5×');
  });

  it('stops after 5 redirects', async () => {
    const six = await fails({ url: `${server.origin}/redirect/6` });
    expect(six.code).toBe('HTTP_ERROR');
    expect(six.message).toContain('5 redirects');
    expect((await fails({ url: `${server.origin}/loop` })).code).toBe('HTTP_ERROR');
  });

  it('does not follow a redirect to a non-http scheme', async () => {
    const error = await fails({
      url: `${server.origin}/redirect-to?location=${encodeURIComponent('file:///etc/passwd')}`,
    });
    expect(error.code).toBe('BLOCKED_URL');
  });
});

describe('web_fetch URL checks', () => {
  it.each([
    ['ftp://example.com/file', 'http or https'],
    ['file:///etc/passwd', 'http or https'],
    ['javascript:alert(1)', 'http or https'],
    ['not a url', 'absolute URL'],
    ['//example.com/path', 'absolute URL'],
    ['http://user:pw@example.com/', 'credentials'],
  ])('refuses %s as INVALID_INPUT', async (url, words) => {
    const error = await fails({ url }, {});
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toContain(words);
  });
});

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!hasOpenssl())('web_fetch over https', () => {
  it(
    'verifies certificates and sends the host name as SNI while connecting to the pinned address',
    { timeout: scaled(30_000) },
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'toolwright-web-tls-'));
      const keyFile = path.join(dir, 'key.pem');
      const certFile = path.join(dir, 'cert.pem');
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-subj',
          '/CN=secure.test',
          '-days',
          '1',
          '-keyout',
          keyFile,
          '-out',
          certFile,
        ],
        { stdio: 'ignore' },
      );
      const key = await readFile(keyFile);
      const cert = await readFile(certFile);
      const sniSeen: string[] = [];
      const tls = https.createServer(
        {
          key,
          cert,
          SNICallback: (servername, callback) => {
            sniSeen.push(servername);
            callback(null, undefined);
          },
        },
        (_req, res) => res.end('secret'),
      );
      tls.listen(0, '127.0.0.1');
      await once(tls, 'listening');
      try {
        const port = (tls.address() as AddressInfo).port;
        const lookup = async () => [{ address: '127.0.0.1', family: 4 as const }];
        const error = await fails(
          { url: `https://secure.test:${port}/`, timeout_ms: 5000 },
          { allowHosts: ['secure.test'], lookup },
        );
        expect(error.code).toBe('NETWORK_ERROR');
        expect(error.message).toMatch(/certificate/i);
        expect(sniSeen).toEqual(['secure.test']);
      } finally {
        tls.closeAllConnections();
        tls.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
