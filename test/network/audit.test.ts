// The proxy's connection audit in both store engines: every plain request, tunnel, intercepted
// request and refusal of a sandboxed command is an entry of the call that made it (its principal
// and scope), with the host, method, path, decision, reason, rule, status, the credentials' names
// (never their values) and the bytes each way.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/index.js';
import type { AuditRecord, Store } from '../../src/runtime/store/types.js';
import { runSandboxTests } from '../support/exec-helpers.js';
import { httpServer, httpsServer, tableResolver } from '../support/network.js';
import { pgBinaries, requirePg, startCluster, type PgCluster } from '../support/postgres.js';
import { scaled } from '../support/time.js';
import { netToolkit, sh, useNetworkWorkspace, ws } from './sandbox-network.js';

const TOKEN = 'audit-token-value-0123456789';
const resolver = tableResolver({
  'api.test': ['127.0.0.1'],
  'secure.test': ['127.0.0.1'],
  'other.test': ['127.0.0.1'],
  'private.test': ['10.0.0.1'],
});

let cluster: PgCluster | undefined;
const engines: { name: string; open: () => Store }[] = [
  { name: 'embedded', open: () => openStore(path.join(ws, '..', `${path.basename(ws)}-store`), { workspace: ws }) },
];
if (pgBinaries || requirePg)
  engines.push({ name: 'postgres', open: () => openStore(cluster!.url(), { workspace: ws }) });
else describe.skip('connection audit on postgres (skipped: PostgreSQL binaries not found)', () => it('runs', () => {}));

// Started before the file's private temporary folder exists (0700: the cluster's user could not enter it).
beforeAll(async () => {
  if (runSandboxTests && engines.length > 1) cluster = await startCluster();
}, scaled(60_000));
afterAll(async () => {
  await cluster?.destroy();
});
useNetworkWorkspace();

/** This test's connection entries (the PostgreSQL database is shared by the tests), oldest first. */
async function connectionsOf(store: Store): Promise<AuditRecord[]> {
  const entries = await store.audit.query({ limit: 10_000 });
  return entries.filter((e) => e.scope === ws && e.operation === 'exec.bash.connection');
}

describe.runIf(runSandboxTests).each(engines)('the connection audit: $name store', (engine) => {
  it('records allowed requests, tunnels and intercepted requests with their bytes, and refusals with the reason', async () => {
    const plain = await httpServer();
    const tunnelled = await httpsServer();
    const intercepted = await httpsServer();
    const store = engine.open();
    try {
      const toolkit = netToolkit(
        {
          network: { allow: ['api.test', 'secure.test', 'private.test', '127.0.0.1'] },
          env: { TW_TOKEN: TOKEN },
          credentials: [{ env: 'TW_TOKEN', hosts: ['secure.test'] }],
        },
        resolver.lookup,
        { store, principal: 'ann' },
      );
      const command = [
        `curl -sS http://api.test:${plain.port}/a?q=1`,
        `curl -sS -X POST -d 12345 http://api.test:${plain.port}/c`,
        `curl -sS http://other.test:${plain.port}/b`,
        `curl -sS http://private.test:${plain.port}/p`,
        `curl -sS --cacert upstream-ca.pem https://api.test:${tunnelled.port}/t -o /dev/null`,
        `curl -sS -H "Authorization: Bearer $TW_TOKEN" https://secure.test:${intercepted.port}/s`,
      ].join('; ');
      await sh(toolkit, command);
      await toolkit.close();
      const connections = await connectionsOf(store);
      const row = (e: AuditRecord) => {
        const input = e.input as Record<string, unknown>;
        return [
          e.principal,
          e.risk,
          e.decision,
          e.error_code,
          e.rule,
          input.host,
          input.port,
          input.method,
          input.path ?? null,
          input.reason ?? null,
          input.status ?? null,
          input.credentials ?? null,
        ];
      };
      expect(connections.map(row)).toEqual([
        ['ann', 'network', 'allowed', null, 'api.test', 'api.test', plain.port, 'GET', '/a', null, 200, null],
        ['ann', 'network', 'allowed', null, 'api.test', 'api.test', plain.port, 'POST', '/c', null, 200, null],
        [
          'ann',
          'network',
          'refused',
          'DENIED_BY_POLICY',
          null,
          'other.test',
          plain.port,
          'GET',
          null,
          'not-allowed',
          null,
          null,
        ],
        [
          'ann',
          'network',
          'refused',
          'DENIED_BY_POLICY',
          null,
          'private.test',
          plain.port,
          'GET',
          null,
          'private-address',
          null,
          null,
        ],
        ['ann', 'network', 'allowed', null, 'api.test', 'api.test', tunnelled.port, 'CONNECT', null, null, null, null],
        [
          'ann',
          'network',
          'allowed',
          null,
          'secure.test',
          'secure.test',
          intercepted.port,
          'GET',
          '/s',
          null,
          200,
          ['TW_TOKEN'],
        ],
      ]);
      const inputs = connections.map((e) => e.input as Record<string, number | string>);
      // Bytes each way: the request body and the answer's body for requests the proxy reads…
      expect([inputs[0]!.bytes_sent, inputs[0]!.bytes_received]).toEqual([0, 'hello GET /a?q=1\n'.length]);
      expect([inputs[1]!.bytes_sent, inputs[1]!.bytes_received]).toEqual([5, 'hello POST /c\n'.length]);
      expect([inputs[2]!.bytes_sent, inputs[2]!.bytes_received]).toEqual([0, 0]);
      // …the TLS bytes of a tunnel (a handshake and a request each way at least).
      expect(inputs[4]!.bytes_sent).toBeGreaterThan(100);
      expect(inputs[4]!.bytes_received).toBeGreaterThan(100);
      expect(inputs[5]!.bytes_received).toBe('hello GET /s\n'.length);
      expect([0, 1, 4, 5].map((i) => inputs[i]!.address)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1']);
      expect(new Set(inputs.map((i) => i.command))).toEqual(new Set([command.slice(0, 200)]));
      expect(JSON.stringify(connections)).not.toContain(TOKEN);
      expect(intercepted.seen[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(plain.seen.map((r) => r.url)).toEqual(['/a?q=1', '/c']);
    } finally {
      await store.close();
    }
  });
});
