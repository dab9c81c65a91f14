// Kill loop: 30 writers SIGKILLed at different points of a 2 MiB write_file (after 0, 1 or 2
// finished writes, 0–59 ms later). Every time the file holds one whole version, never a torn mix;
// the next write sweeps what the killed writers left. The quick suite runs three of these kills.
import { describe, it } from 'vitest';
import { tempDir } from '../support/helpers.js';
import { killWritersMidWrite } from '../support/kill-writer.js';
import { scaled } from '../support/time.js';

describe('write_file under SIGKILL, looped', () => {
  it(
    '30 kills mid-write leave the old or the new content, never a torn file',
    { timeout: scaled(400_000) },
    async () => {
      await killWritersMidWrite(await tempDir(), 30);
    },
  );
});
