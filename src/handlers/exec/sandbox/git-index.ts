import { open } from 'node:fs/promises';

/** At most this much of an index is read (a few hundred thousand entries). */
const MAX_INDEX_BYTES = 64 * 1024 * 1024;
const GITLINK = 0o160000;

/**
 * Paths of the gitlinks (mode 160000: a nested repository git looks into) in a git index, versions
 * 2 to 4, SHA-1 or SHA-256. An index it cannot read yields none (the walk still checks its depth).
 */
export async function gitlinkPaths(indexFile: string): Promise<string[]> {
  let bytes: Buffer;
  try {
    const handle = await open(indexFile, 'r');
    try {
      const size = Math.min((await handle.stat()).size, MAX_INDEX_BYTES);
      bytes = Buffer.alloc(size);
      await handle.read(bytes, 0, size, 0);
    } finally {
      await handle.close();
    }
  } catch {
    return [];
  }
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'DIRC') return [];
  const version = bytes.readUInt32BE(4);
  const count = bytes.readUInt32BE(8);
  if (version < 2 || version > 4) return [];
  // The hash length is not in the header: SHA-1 unless the entry layout only parses with SHA-256.
  return parseEntries(bytes, version, count, 20) ?? parseEntries(bytes, version, count, 32) ?? [];
}

function parseEntries(bytes: Buffer, version: number, count: number, hashLength: number): string[] | undefined {
  const links: string[] = [];
  let at = 12;
  let previous = '';
  for (let i = 0; i < count; i++) {
    const start = at;
    if (at + 40 + hashLength + 2 > bytes.length) return undefined;
    const mode = bytes.readUInt32BE(at + 24);
    const flags = bytes.readUInt16BE(at + 40 + hashLength);
    at += 40 + hashLength + 2;
    if (version >= 3 && flags & 0x4000) at += 2;
    let name: string;
    if (version === 4) {
      // A varint of bytes to drop from the previous name, then the rest, NUL-terminated.
      if (at >= bytes.length) return undefined;
      let byte = bytes[at++]!;
      let strip = byte & 0x7f;
      while (byte & 0x80) {
        if (at >= bytes.length) return undefined;
        byte = bytes[at++]!;
        strip = (strip + 1) * 128 + (byte & 0x7f);
      }
      const end = bytes.indexOf(0, at);
      if (end === -1 || strip > previous.length) return undefined;
      name = previous.slice(0, previous.length - strip) + bytes.toString('utf8', at, end);
      at = end + 1;
    } else {
      const end = bytes.indexOf(0, at);
      if (end === -1) return undefined;
      name = bytes.toString('utf8', at, end);
      // Entries are padded with 1-8 NULs to a multiple of 8 bytes.
      at = start + Math.ceil((end + 1 - start) / 8) * 8;
    }
    if ((mode & 0o170000) !== 0o100000 && (mode & 0o170000) !== 0o120000 && (mode & 0o170000) !== GITLINK)
      return undefined;
    if ((mode & 0o170000) === GITLINK) links.push(name);
    previous = name;
  }
  return links;
}
