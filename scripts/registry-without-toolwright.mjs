// A package registry that does not know toolwright, for scripts/test-examples.sh: on 127.0.0.1, it
// answers 404 for `toolwright` and every `@toolwright/*` package (packument or tarball) and passes
// every other request to the upstream registry npm would use. Each refused name is appended to the
// log file, so the caller can check that nothing asked for one.
// Usage: node scripts/registry-without-toolwright.mjs UPSTREAM_URL REFUSED_LOG
// Prints the registry's URL on its first line of stdout, then serves until killed.
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';

const upstream = new URL(process.argv[2] ?? 'https://registry.npmjs.org/');
const refusedLog = process.argv[3];
if (!refusedLog) {
  console.error('usage: registry-without-toolwright.mjs UPSTREAM_URL REFUSED_LOG');
  process.exit(2);
}
const upstreamPath = upstream.pathname.endsWith('/') ? upstream.pathname : `${upstream.pathname}/`;

/** The package a registry path names: `/name`, `/@scope%2fname`, `/name/-/name-1.0.0.tgz`. */
function packageOf(url) {
  const pathname = decodeURIComponent(new URL(url, 'http://registry.invalid').pathname).slice(1);
  return pathname.split('/-/')[0];
}

const server = http.createServer((request, response) => {
  const name = packageOf(request.url ?? '/');
  if (name === 'toolwright' || name.startsWith('toolwright/') || name.startsWith('@toolwright/')) {
    appendFileSync(refusedLog, `${request.method} ${name}\n`);
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end('{"error":"Not found"}');
    return;
  }
  const target = new URL(`${upstreamPath}${(request.url ?? '/').slice(1)}`, upstream);
  const client = target.protocol === 'https:' ? https : http;
  const forwarded = client.request(
    target,
    { method: request.method, headers: { ...request.headers, host: target.host } },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  forwarded.on('error', (error) => {
    if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
    response.end(String(error));
  });
  request.pipe(forwarded);
});

server.listen(0, '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${server.address().port}/`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
