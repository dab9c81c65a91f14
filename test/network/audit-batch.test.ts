// The connection audit holds entries a short time and writes them together: a command that opens
// a connection per request costs one store write per batch, not one per connection. Nothing is
// lost: a full batch goes at once, a held entry goes after the hold, a command's end and close()
// send what is held, and the order is kept.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONNECTION_AUDIT_BATCH,
  CONNECTION_AUDIT_HOLD_MS,
  ConnectionAudit,
  type ConnectionOwner,
} from '../../src/handlers/exec/network/audit.js';
import type { AuditEntry, AuditLog } from '../../src/runtime/store/types.js';

const owner: ConnectionOwner = { principal: 'ann', scope: 'ws', operation: 'exec.bash', command: 'curl' };

/** An audit log that keeps each appendMany call's entries. */
function countingLog(): AuditLog & { writes: AuditEntry[][] } {
  const writes: AuditEntry[][] = [];
  return {
    writes,
    append: (entry) => {
      writes.push([entry]);
      return Promise.resolve();
    },
    appendMany: (entries) => {
      writes.push([...entries]);
      return Promise.resolve();
    },
    query: () => Promise.resolve([]),
  };
}

function connection(i: number) {
  return {
    startedAt: 0,
    host: `h${i}.test`,
    port: 443,
    method: 'CONNECT',
    decision: 'allowed' as const,
    bytesSent: i,
    bytesReceived: 0,
  };
}

/** Lets setImmediate callbacks and the writes they start run (fake timers leave them alone). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

const hosts = (log: { writes: AuditEntry[][] }) => log.writes.flat().map((e) => (e.input as { host: string }).host);

describe('the connection audit batches its writes', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the entries of many connections in one store write once the hold is over', async () => {
    const log = countingLog();
    const audit = new ConnectionAudit(log, undefined);
    for (let i = 0; i < 10; i++) audit.record(owner, connection(i));
    await settle();
    expect(log.writes).toHaveLength(0);
    vi.advanceTimersByTime(CONNECTION_AUDIT_HOLD_MS);
    await settle();
    expect(log.writes).toHaveLength(1);
    expect(hosts(log)).toEqual(Array.from({ length: 10 }, (_, i) => `h${i}.test`));
  });

  it('sends a full batch at once, without waiting for the hold', async () => {
    const log = countingLog();
    const audit = new ConnectionAudit(log, undefined);
    for (let i = 0; i < CONNECTION_AUDIT_BATCH + 3; i++) audit.record(owner, connection(i));
    await settle();
    expect(log.writes.flat()).toHaveLength(CONNECTION_AUDIT_BATCH);
    vi.advanceTimersByTime(CONNECTION_AUDIT_HOLD_MS);
    await settle();
    expect(hosts(log)).toEqual(Array.from({ length: CONNECTION_AUDIT_BATCH + 3 }, (_, i) => `h${i}.test`));
  });

  it('release() (a command ended) sends what is held at once, and the timer then writes nothing twice', async () => {
    const log = countingLog();
    const audit = new ConnectionAudit(log, undefined);
    audit.record(owner, connection(1));
    audit.record(owner, connection(2));
    audit.release();
    await settle();
    expect(hosts(log)).toEqual(['h1.test', 'h2.test']);
    vi.advanceTimersByTime(CONNECTION_AUDIT_HOLD_MS * 2);
    await settle();
    expect(log.writes.flat()).toHaveLength(2);
  });

  it('flush() (the toolkit closes) writes what is held and resolves after the write', async () => {
    const log = countingLog();
    const audit = new ConnectionAudit(log, undefined);
    audit.record(owner, connection(7));
    await audit.flush();
    expect(hosts(log)).toEqual(['h7.test']);
  });
});
