// A terminal's output arrives whole: what a command writes just before it exits is read before the
// job ends (on Linux the master can read EIO while such bytes are still on their way), and the
// marker that makes this certain never shows in the output. Unsandboxed and in the sandbox.
import { describe, expect, it } from 'vitest';
import type { BashResult } from '../../src/generated/types.js';
import { createToolkit } from '../../src/index.js';
import { readJobToEnd, runSandboxTests } from '../support/exec-helpers.js';
import { expectOk, tempDir } from '../support/helpers.js';
import { scaled } from '../support/time.js';

const modes = runSandboxTests ? (['none', 'workspace-write'] as const) : (['none'] as const);
const BYTES = 20_000;
/** 20,000 x's, a line end, a last line, and the exit at once. */
const FAST_EXIT = `head -c ${BYTES} /dev/zero | tr '\\0' x; echo; echo LAST-LINE`;
const EXPECTED = `${'x'.repeat(BYTES)}\r\nLAST-LINE\r\n`;
const RUNS = 8;

describe.each(modes)('terminal output at exit (sandbox: %s)', (mode) => {
  it(
    `a background pty job that prints ${BYTES} bytes and exits at once: every byte, ${RUNS} times`,
    { timeout: scaled(120_000) },
    async () => {
      const toolkit = createToolkit({ workspace: await tempDir(), exec: { sandbox: mode } });
      try {
        const outputs: string[] = [];
        for (let run = 0; run < RUNS; run++) {
          const started = expectOk<BashResult>(
            await toolkit.invoke('exec', 'bash', { command: FAST_EXIT, pty: true, run_in_background: true }),
          );
          outputs.push((await readJobToEnd(toolkit, started.job_id!)).output);
        }
        // Each run whole, nothing added (the end marker is digits: none may be left in the output).
        expect(
          outputs.map((o) => (o === EXPECTED ? 'whole' : `${o.length} chars, ends ${JSON.stringify(o.slice(-16))}`)),
        ).toEqual(Array.from({ length: RUNS }, () => 'whole'));
      } finally {
        await toolkit.close();
      }
    },
  );

  it('a foreground pty call returns all it printed, and the output of a program that prints digits is kept as is', async () => {
    const toolkit = createToolkit({ workspace: await tempDir(), exec: { sandbox: mode } });
    try {
      for (let run = 0; run < RUNS; run++) {
        const result = expectOk<BashResult>(await toolkit.invoke('exec', 'bash', { command: FAST_EXIT, pty: true }));
        expect(result.stdout.length).toBe(EXPECTED.length);
        expect(result.stdout.endsWith('\r\nLAST-LINE\r\n')).toBe(true);
      }
      // Output made of digits, split anywhere, is never mistaken for the marker and cut.
      const digits = expectOk<BashResult>(
        await toolkit.invoke('exec', 'bash', { command: 'seq -w 1 3000 | tr -d "\\n"; printf 0123456789', pty: true }),
      );
      const expected = Array.from({ length: 3000 }, (_, i) => String(i + 1).padStart(4, '0')).join('') + '0123456789';
      expect(digits.stdout).toBe(expected);
    } finally {
      await toolkit.close();
    }
  });
});
