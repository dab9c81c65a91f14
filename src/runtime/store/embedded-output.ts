// A background job's output in the embedded store: one file, laid out as the spill file is (the
// first `head` bytes, then a ring of the last `tail` bytes), behind a 40-byte header:
//   magic (8) | total written (8) | end of the write under way (8) | head (8) | tail (8)
// An append announces how far it will write before it overwrites ring bytes, then commits the new
// total: a reader never takes bytes being overwritten for older ones. After a crash in the middle
// of an append, the announced bytes count as written (they may be partly stale; nothing else is).
import type { FileHandle } from 'node:fs/promises';
import { KeyedMutex } from '../fs/locks.js';
import { createOwnFile, openOwnFile } from '../fs/own-files.js';

/** An output file lies in its principal's folder inside jobs/: both are the store's own, checked. */
const BELOW_JOBS = { folders: 2 } as const;
import { planAppend, planRead, type OutputLayout } from './output.js';
import type { OutputRead } from './types.js';

const MAGIC = Buffer.from('TWOUT\0\0\x01', 'latin1');
const HEADER = 40;
const appendMutex = new KeyedMutex();
const DISPLAY = 'the job output file';

interface Header {
  total: number;
  writingTo: number;
  layout: OutputLayout;
}

function encodeHeader(header: Header): Buffer {
  const buffer = Buffer.alloc(HEADER);
  MAGIC.copy(buffer, 0);
  buffer.writeBigUInt64LE(BigInt(header.total), 8);
  buffer.writeBigUInt64LE(BigInt(header.writingTo), 16);
  buffer.writeBigUInt64LE(BigInt(header.layout.head), 24);
  buffer.writeBigUInt64LE(BigInt(header.layout.tail), 32);
  return buffer;
}

async function readHeader(handle: FileHandle, path: string): Promise<Header> {
  const buffer = Buffer.alloc(HEADER);
  const { bytesRead } = await handle.read(buffer, 0, HEADER, 0);
  if (bytesRead !== HEADER || !buffer.subarray(0, 8).equals(MAGIC)) throw new Error(`${path} is not a job output file`);
  const field = (at: number) => Number(buffer.readBigUInt64LE(at));
  return { total: field(8), writingTo: field(16), layout: { head: field(24), tail: field(32) } };
}

/** Where absolute position `pos` lives in the file, and how many bytes follow it contiguously. */
function place(pos: number, layout: OutputLayout): { offset: number; room: number } {
  if (pos < layout.head) return { offset: HEADER + pos, room: layout.head - pos };
  const ring = (pos - layout.head) % layout.tail;
  return { offset: HEADER + layout.head + ring, room: layout.tail - ring };
}

/** Creates the (empty) output file of a new job; fails if one exists. */
export async function createOutputFile(path: string, layout: OutputLayout): Promise<void> {
  const handle = await createOwnFile(path, 'write', DISPLAY, 0o600, BELOW_JOBS);
  try {
    await handle.writeFile(encodeHeader({ total: 0, writingTo: 0, layout }));
  } finally {
    await handle.close();
  }
}

/** Total bytes appended, or undefined when there is no such file. */
export async function outputTotal(path: string): Promise<number | undefined> {
  const handle = await openOwnFile(path, 'read', DISPLAY, BELOW_JOBS);
  if (!handle) return undefined;
  try {
    return (await readHeader(handle, path)).total;
  } finally {
    await handle.close();
  }
}

/** Appends `chunk`; resolves the new total, or undefined when the file does not exist. */
export function appendOutputFile(path: string, chunk: Uint8Array): Promise<number | undefined> {
  return appendMutex.run(path, async () => {
    const handle = await openOwnFile(path, 'write', DISPLAY, BELOW_JOBS);
    if (!handle) return undefined;
    try {
      const header = await readHeader(handle, path);
      // A write a crash interrupted left its announced end: those ring bytes count as written.
      const start = Math.max(header.total, header.writingTo);
      const plan = planAppend(start, chunk.length, header.layout);
      await handle.write(encodeHeader({ ...header, total: start, writingTo: plan.total }), 0, HEADER, 0);
      for (const piece of plan.pieces) {
        for (let from = piece.from; from < piece.to;) {
          const { offset, room } = place(piece.pos + (from - piece.from), header.layout);
          const length = Math.min(room, piece.to - from);
          await writeAll(handle, chunk, from, length, offset);
          from += length;
        }
      }
      await handle.write(encodeHeader({ ...header, total: plan.total, writingTo: plan.total }), 0, HEADER, 0);
      return plan.total;
    } finally {
      await handle.close();
    }
  });
}

async function writeAll(
  handle: FileHandle,
  data: Uint8Array,
  from: number,
  length: number,
  offset: number,
): Promise<void> {
  let done = 0;
  while (done < length) {
    const { bytesWritten } = await handle.write(data, from + done, length - done, offset + done);
    done += bytesWritten;
  }
}

/** Reads from `cursor` on; undefined when the file does not exist. */
export async function readOutputFile(path: string, cursor: number, maxBytes: number): Promise<OutputRead | undefined> {
  const handle = await openOwnFile(path, 'read', DISPLAY, BELOW_JOBS);
  if (!handle) return undefined;
  try {
    const before = await readHeader(handle, path);
    const { layout } = before;
    const plan = planRead(cursor, maxBytes, before.total, layout, before.writingTo - layout.tail);
    const segments: OutputRead['segments'] = [];
    // Split at the head's end: head bytes are never overwritten, ring bytes may be (checked below).
    const ranges = plan.ranges.flatMap(([start, end]) =>
      start < layout.head && end > layout.head
        ? ([
            [start, layout.head],
            [layout.head, end],
          ] as const)
        : ([[start, end]] as const),
    );
    for (const [start, end] of ranges) {
      const data = Buffer.allocUnsafe(end - start);
      for (let at = start; at < end;) {
        const { offset, room } = place(at, layout);
        const length = Math.min(room, end - at);
        const { bytesRead } = await handle.read(data, at - start, length, offset);
        if (bytesRead < length) data.fill(0, at - start + bytesRead, at - start + length);
        at += length;
      }
      segments.push({ pos: start, data });
    }
    // Ring bytes a concurrent append overwrote while they were read are dropped, not shown as old.
    const after = await readHeader(handle, path);
    const validFrom = Math.max(layout.head, after.writingTo - layout.tail);
    let omitted = plan.omitted;
    const kept: OutputRead['segments'] = [];
    for (const segment of segments) {
      const end = segment.pos + segment.data.length;
      if (segment.pos < layout.head || segment.pos >= validFrom) kept.push(segment);
      else if (end > validFrom) {
        omitted += validFrom - segment.pos;
        kept.push({ pos: validFrom, data: segment.data.subarray(validFrom - segment.pos) });
      } else omitted += segment.data.length;
    }
    return { segments: kept, next: plan.next, total: before.total, omitted };
  } finally {
    await handle.close();
  }
}
