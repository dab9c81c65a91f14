// The embedded audit log: audit.jsonl, one JSON object a line, appended under the folder's lock.
// An entry's `seq` is the byte offset its line starts at (increasing, unique, known without
// reading the file). A line a crash cut short is skipped when read, and the next append starts
// on a fresh line, so nothing half-written is ever returned. The file is opened without following
// a link and checked on its descriptor (this user's regular file with one link), created
// exclusively when missing: an entry planted in its place is refused, never written through.
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { acquireFileLock, KeyedMutex } from '../fs/locks.js';
import { ensureOwnFolder, openOrCreateOwnFile, openOwnFile } from '../fs/own-files.js';
import { plainDir } from '../fs/verified-fs.js';
import { checkAuditEntry, checkAuditQuery, type CheckedAuditEntry } from './audit-entry.js';
import type { EmbeddedContext } from './embedded-records.js';
import type { AuditLog, AuditRecord } from './types.js';

const auditMutex = new KeyedMutex();
const FILE = 'audit.jsonl';

export function embeddedAudit(ctx: EmbeddedContext): AuditLog {
  const path = join(ctx.folder, FILE);
  return {
    append: (entry) => appendLines(ctx, path, [checkAuditEntry(entry)]),
    async appendMany(entries) {
      const checked = entries.map(checkAuditEntry);
      if (checked.length > 0) await appendLines(ctx, path, checked);
    },
    async query(query) {
      const { since, principal, operation, limit, last } = checkAuditQuery(query);
      const from = since?.getTime();
      const found: AuditRecord[] = [];
      const handle = await openOwnFile(path, 'read', 'the audit log');
      if (!handle) return [];
      const stream = handle.createReadStream({ encoding: 'utf8', autoClose: false });
      const lines = createInterface({ input: stream, crlfDelay: Infinity });
      try {
        for await (const line of lines) {
          const record = parseLine(line);
          if (!record) continue;
          if (from !== undefined && Date.parse(record.time) < from) continue;
          if (principal !== undefined && record.principal !== principal) continue;
          if (operation !== undefined && record.operation !== operation) continue;
          found.push(record);
          if (found.length < limit) continue;
          if (!last) break;
          // The newest `limit` are kept: dropped from the front in chunks, not one shift per line.
          if (found.length >= limit * 2) found.splice(0, found.length - limit);
        }
      } finally {
        lines.close();
        stream.destroy();
        await handle.close().catch(() => {});
      }
      return found.length > limit ? found.slice(-limit) : found;
    },
  };
}

/** Appends the entries' lines in one write under the folder's lock; each line's seq is its offset. */
async function appendLines(ctx: EmbeddedContext, path: string, entries: CheckedAuditEntry[]): Promise<void> {
  const now = new Date().toISOString();
  await auditMutex.run(path, async () => {
    await ensureOwnFolder(ctx.folder, 'the store folder', { parents: true });
    const release = await acquireFileLock(plainDir(ctx.folder), `${FILE}.lock`, {
      timeoutMs: ctx.lockTimeoutMs,
      display: `the audit log ${path}`,
    });
    try {
      const handle = await openOrCreateOwnFile(path, 'append', 'the audit log');
      try {
        const { size } = await handle.stat();
        let text = '';
        if (size > 0) {
          const last = Buffer.alloc(1);
          await handle.read(last, 0, 1, size - 1);
          if (last[0] !== 0x0a) text = '\n';
        }
        let seq = size + text.length;
        for (const checked of entries) {
          const { input, time, ...fields } = checked;
          // `input` goes in as the JSON text it was checked as (bounded), not re-serialized.
          const line = `${JSON.stringify({ seq, time: time?.toISOString() ?? now, ...fields }).slice(0, -1)},"input":${input}}\n`;
          text += line;
          seq += Buffer.byteLength(line);
        }
        await handle.appendFile(text);
      } finally {
        await handle.close();
      }
    } finally {
      await release();
    }
  });
}

function parseLine(line: string): AuditRecord | undefined {
  if (line.length === 0) return undefined;
  try {
    const value = JSON.parse(line) as AuditRecord;
    return value && typeof value === 'object' && typeof value.seq === 'number' && typeof value.time === 'string'
      ? value
      : undefined;
  } catch {
    return undefined; // a line a crash cut short
  }
}
