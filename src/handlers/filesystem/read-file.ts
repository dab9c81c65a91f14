// filesystem.read_file: opens the file once, then reads it as text (a streamed window of lines, any
// encoding: ./lines/, ./encodings/), an image, a PDF or a notebook (./media/).
import { constants, type BigIntStats } from 'node:fs';
import type { ReadFileParams, ReadFileResult } from '../../generated/types.js';
import type { HandlerReturn } from '../../runtime/contract/handler.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import type { DescriptorFile } from '../../runtime/fs/descriptor-file.js';
import type { ResolvedPath, Workspace } from '../../runtime/fs/workspace.js';
import { cancelSignalOf } from '../../runtime/invoke/call-context.js';
import { confinedPath } from '../../runtime/fs/confine.js';
import { ToolError } from '../../runtime/contract/errors.js';
import { stampOf } from '../../runtime/session/session.js';
import { missingPathError } from '../../runtime/fs/missing-path.js';
import { rethrowFs } from '../../runtime/fs/fs-errors.js';
import { plural } from './plural.js';
import { sharedLineIndex } from './lines/line-index.js';
import { memoryReader, OverlayReader, type KnownBytes, type PositionalReader } from './lines/positional-reader.js';
import { mediaKindOf, readMedia } from './media/read-media.js';
import { readTextFile, type TextFile } from './lines/read-text.js';
import { TAIL_CHUNK_BYTES } from './lines/tail-scan.js';
import { ENCODING_SAMPLE_BYTES, detectTextKind } from './encodings/text-codec.js';

/** Files up to this size are read with a single read call. */
const SMALL_FILE_BYTES = 256 * 1024;
/** Sniff buffers of large files are reused: a fresh 64 KiB buffer per call is GC churn. */
const sniffPool: Buffer[] = [];

/**
 * The file, with its sniffed head (and a prefetched tail) served from memory: a window at the top
 * or the bottom needs no second read.
 */
function knownBytesOverlay(handle: PositionalReader, head: Buffer, tail: KnownBytes | undefined): OverlayReader {
  const reader = new OverlayReader(handle);
  reader.add({ position: 0, bytes: head });
  if (tail) reader.add(tail);
  return reader;
}

function closeQuietly(handle: DescriptorFile): void {
  handle.close().catch(() => undefined);
}

// O_NOFOLLOW: a link at the last component is never followed (a resolved path swapped for a link
// since, or a name in the root opened without resolving it). O_NONBLOCK: opening a FIFO must not
// hang the call.
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** The file (resolved by the runtime) opened for reading, its descriptor verified inside the workspace. */
async function openForRead(
  workspace: Workspace,
  resolved: ResolvedPath,
  visible: HandlerContext['visiblePaths'],
): Promise<{ handle: DescriptorFile; stats: BigIntStats }> {
  if (!resolved.exists) throw await missingPathError(resolved, visible);
  try {
    return await workspace.openVerified(resolved, READ_FLAGS);
  } catch (error) {
    rethrowFs(error, resolved.relative);
  }
}

export async function readFile(params: ReadFileParams, ctx: HandlerContext): Promise<HandlerReturn<ReadFileResult>> {
  const resolved = confinedPath(ctx, 'path');
  const { handle, stats } = await openForRead(ctx.workspace, resolved, ctx.visiblePaths);
  let pooled: Buffer | undefined;
  // A small file on a local file system is read and closed at once (DescriptorFile.isLocal).
  let atOnce = false;
  try {
    if (stats.isDirectory())
      throw new ToolError('IS_DIRECTORY', `${resolved.relative} is a directory; use glob to list files`);
    if (!stats.isFile()) throw new ToolError('INVALID_INPUT', `${resolved.relative} is not a regular file`);
    // One read serves small files whole (most reads); larger ones get their first 64 KiB sniffed.
    const size = Number(stats.size);
    const small = size <= SMALL_FILE_BYTES;
    atOnce = small && handle.isLocal(stats);
    const head = small
      ? Buffer.allocUnsafe(size)
      : (pooled = sniffPool.pop() ?? Buffer.allocUnsafe(ENCODING_SAMPLE_BYTES));
    // A window from the end of a large file will start with the file's last chunk: it is read
    // together with the head (one wait for both instead of one after the other).
    const tailLength = !small && params.offset < 0 ? Math.min(TAIL_CHUNK_BYTES, size - head.length) : 0;
    const tail = tailLength > 0 ? Buffer.allocUnsafe(tailLength) : undefined;
    let bytesRead: number;
    let tailBytesRead = 0;
    if (atOnce) bytesRead = handle.readNow(head, 0, head.length, 0);
    else if (tail) {
      const both = await Promise.all([
        handle.read(head, 0, head.length, 0),
        handle.read(tail, 0, tail.length, size - tail.length),
      ]);
      bytesRead = both[0].bytesRead;
      tailBytesRead = both[1].bytesRead;
    } else bytesRead = (await handle.read(head, 0, head.length, 0)).bytesRead;
    const whole = small && bytesRead === size;
    const sniff = head.subarray(0, bytesRead);
    const media = mediaKindOf(resolved.relative, sniff);
    if (params.pages !== undefined && media !== 'pdf') {
      throw new ToolError(
        'INVALID_INPUT',
        `pages is for PDFs; ${resolved.relative} is ${media ? `a ${media}` : 'text'}${media === 'notebook' ? ' (use offset/limit for cells)' : ' (use offset/limit for lines)'}`,
      );
    }
    if (media) {
      const result = await readMedia(
        media,
        { handle, size, display: resolved.relative, head: whole ? sniff : undefined },
        params,
        ctx.signal,
        ctx.progress,
      );
      ctx.session.recordRead(resolved.absolute, stampOf(stats));
      return result;
    }
    const key = `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}`;
    const kind = sharedLineIndex.peek(key)?.textKind ?? (await detectTextKind(sniff, whole));
    if (!kind) {
      throw new ToolError(
        'BINARY_FILE',
        `${resolved.relative} is a binary file (${plural(size, 'byte')}); read_file shows text, images (png, jpeg, gif, webp), PDFs and notebooks`,
      );
    }
    // A short tail read (the file shrank since the stat) is not used: the scan then reads and notices.
    const knownTail: KnownBytes | undefined =
      tail && tailBytesRead === tail.length ? { position: size - tail.length, bytes: tail, atEnd: true } : undefined;
    const file: TextFile = {
      reader: whole ? memoryReader(sniff) : knownBytesOverlay(handle, sniff, knownTail),
      size,
      key,
      kind,
      display: resolved.relative,
      tail: knownTail,
    };
    const result = await readTextFile(file, params, cancelSignalOf(ctx));
    ctx.session.recordRead(resolved.absolute, stampOf(stats), file.seen);
    return result;
  } finally {
    // Nothing refers to a large file's sniff buffer after the call: it goes back to the pool.
    if (pooled && sniffPool.length < 4) sniffPool.push(pooled);
    // The answer does not wait for the close (one thread-pool round trip, ~50 µs of a 1 ms call).
    // It is started here, not from a setImmediate after the answer: an immediate costs the event
    // loop a turn of its own, measured slower per call over stdio than the close started now.
    if (atOnce) handle.closeNow();
    else closeQuietly(handle);
  }
}
