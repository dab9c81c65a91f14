// Which file systems keep a file's names, attributes and bytes in the kernel's memory or on a local
// disk, never behind a network or a user-space daemon (NFS, SMB, FUSE, 9p, Ceph…). A small file on
// one of these may be opened, read and closed on the calling thread (./descriptor-file.ts): the
// call then waits at worst for a local disk, as the thread pool would, without the pool's two
// wake-ups. Any file system not listed counts as remote and keeps every call on the thread pool,
// where a hung server or daemon holds one worker and not the whole process.
import { statfs } from 'node:fs/promises';

/** `f_type` magic numbers (linux/magic.h) of local file systems. */
const LOCAL_FILE_SYSTEMS: ReadonlySet<number> = new Set([
  0xef53, // ext2, ext3, ext4
  0x58465342, // xfs
  0x9123683e, // btrfs
  0xf2f52010, // f2fs
  0x2fc12fc1, // zfs
  0xca451a4e, // bcachefs
  0x01021994, // tmpfs
  0x858458f6, // ramfs
  // overlayfs: container file systems, whose layers are local folders of the host.
  0x794c7630,
]);

/** Whether `path` (a folder, or /proc/self/fd/N of one) is on a local file system; false when it cannot be told. */
export async function isOnLocalFileSystem(path: string): Promise<boolean> {
  if (process.platform !== 'linux') return false;
  try {
    return LOCAL_FILE_SYSTEMS.has((await statfs(path)).type);
  } catch {
    return false;
  }
}
