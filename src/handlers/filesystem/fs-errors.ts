// System errors of the filesystem operations as errors a model can act on.
import { fsErrorToToolError, ToolError } from '../../runtime/errors.js';

/** System errors the generic mapping leaves out, as errors a model can act on. */
function extraFsError(error: unknown, displayPath: string): ToolError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENAMETOOLONG':
      return new ToolError(
        'INVALID_INPUT',
        `${displayPath} is too long: a name may be at most 255 bytes and a path 4095 bytes`,
      );
    case 'ENXIO':
    case 'ENODEV':
      return new ToolError('INVALID_INPUT', `${displayPath} is not a regular file (a socket, FIFO or device)`);
    case 'EROFS':
      return new ToolError('PERMISSION_DENIED', `${displayPath} is on a read-only file system`);
    case 'ETXTBSY':
      return new ToolError(
        'PERMISSION_DENIED',
        `${displayPath} is a program that is running; it cannot be written now`,
      );
    case 'EFBIG':
    case 'EOVERFLOW':
      return new ToolError('TOO_LARGE', `${displayPath} is too large for this operation`);
    case 'EINVAL':
    case 'EILSEQ':
      return new ToolError('INVALID_INPUT', `the file system refuses the name ${displayPath} (${code})`);
    case 'ENOSPC':
    case 'EDQUOT':
      return new ToolError(
        'INTERNAL',
        `no space left on the device (or quota exceeded) writing ${displayPath}; nothing was changed`,
      );
    case 'EMFILE':
    case 'ENFILE':
      return new ToolError('INTERNAL', `too many open files in this process while opening ${displayPath}; retry later`);
    case 'EBUSY':
      return new ToolError('PERMISSION_DENIED', `${displayPath} is busy (a mount point or locked by the system)`);
    case 'EIO':
      return new ToolError('INTERNAL', `I/O error on ${displayPath}`);
    default:
      return undefined;
  }
}

/** Rethrows a system error as the ToolError a model can act on. */
export function rethrowFs(error: unknown, displayPath: string): never {
  if (error instanceof ToolError) throw error;
  throw extraFsError(error, displayPath) ?? fsErrorToToolError(error, displayPath) ?? error;
}
