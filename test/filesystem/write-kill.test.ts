// write_file under SIGKILL: a writer killed mid-write (after 0, 1 and 2 finished writes) leaves the
// old or the new content, never a torn file, and the next write sweeps what it left. The long loop
// (30 kills) is in the stress suite.
import { describe, it } from 'vitest';
import { tempDir } from '../support/helpers.js';
import { killWritersMidWrite } from '../support/kill-writer.js';
import { scaled } from '../support/time.js';

describe('write_file under SIGKILL', () => {
  it(
    '3 kills mid-write leave the old or the new content, never a torn file',
    { timeout: scaled(120_000) },
    async () => {
      await killWritersMidWrite(await tempDir(), 3);
    },
  );
});
