// What the line readers read from: positioned reads of a descriptor, a FileHandle, or bytes already
// in memory (a small file read whole, the sniffed head, the tail chunk of a backward scan).
/** What the readers need of a file: positioned reads (a descriptor, a FileHandle, or bytes already in memory). */
export interface PositionalReader {
  read(buffer: Buffer, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
}

/** A reader over bytes already read: small files cost one read in all, not one per step. */
export function memoryReader(bytes: Buffer): PositionalReader {
  return new MemoryReader(bytes);
}

/** A class, not a literal with an arrow function: no closure made (and named) per read_file call. */
class MemoryReader implements PositionalReader {
  constructor(private readonly bytes: Buffer) {}

  read(buffer: Buffer, offset: number, length: number, position: number): Promise<{ bytesRead: number }> {
    const { bytes } = this;
    try {
      const end = Math.min(bytes.length, position + length);
      return Promise.resolve({ bytesRead: position >= bytes.length ? 0 : bytes.copy(buffer, offset, position, end) });
    } catch (error) {
      return Promise.reject(error);
    }
  }
}

/** Bytes of a file already in memory, and where they start. */
export interface KnownBytes {
  position: number;
  bytes: Buffer;
  /** The bytes end where the file ended when it was opened: reads past them are short, not misses. */
  atEnd?: boolean;
}

/**
 * A reader over `file` that serves reads lying wholly inside bytes already read (the sniffed head,
 * the tail chunk of a backward scan) from memory: a head or tail window then costs no second read.
 */
export class OverlayReader implements PositionalReader {
  private readonly known: KnownBytes[] = [];

  constructor(private readonly file: PositionalReader) {}

  add(known: KnownBytes): void {
    this.known.push(known);
  }

  read = ((buffer: Buffer, offset: number, length: number, position: number) => {
    for (const { position: start, bytes, atEnd } of this.known) {
      const end = start + bytes.length;
      if (position >= start && (position + length <= end || (atEnd && position <= end))) {
        const n = Math.min(length, end - position);
        bytes.copy(buffer, offset, position - start, position - start + n);
        return Promise.resolve({ bytesRead: n, buffer });
      }
    }
    return this.file.read(buffer, offset, length, position);
  }) as PositionalReader['read'];
}
