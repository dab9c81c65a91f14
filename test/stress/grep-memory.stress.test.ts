// rg's own memory on a file that is one 200 MB line: the fast way (rg's default) is stopped once
// rg passes 64 MiB and the search runs again the bounded way, which maps the file; neither copies
// the line onto rg's heap (which costs 400+ MiB as its buffer doubles). Measured as rg's anonymous
// RSS, sampled while it runs; the quick suite checks the answer.
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GrepResult } from '../../src/generated/types.js';
import { errorCode, expectOk, workspaceToolkit } from '../support/helpers.js';
import { scaled } from '../support/time.js';

/** Highest anonymous RSS (KiB) of processes whose command line mentions `marker`, sampled until `done`. */
async function sampleAnonRss(marker: string, done: Promise<unknown>): Promise<{ peakKiB: number; samples: number }> {
  let finished = false;
  void done.finally(() => (finished = true));
  let peakKiB = 0;
  let samples = 0;
  while (!finished) {
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
      try {
        const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8');
        if (!cmdline.includes(marker) || !cmdline.includes('--regexp')) continue;
        const anon = /RssAnon:\s+(\d+) kB/.exec(await readFile(`/proc/${entry}/status`, 'utf8'));
        if (anon) {
          peakKiB = Math.max(peakKiB, Number(anon[1]));
          samples++;
        }
      } catch {
        // exited meanwhile
      }
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  return { peakKiB, samples };
}

describe('grep on a giant single-line file', () => {
  it.skipIf(process.platform !== 'linux')(
    "keeps rg's own memory small (no line copied onto its heap, no giant output)",
    { timeout: scaled(120_000) },
    async () => {
      const { root, toolkit } = await workspaceToolkit();
      const marker = `giant-${process.pid}-${Date.now()}`;
      await mkdir(path.join(root, marker));
      const size = 200 * 1024 * 1024;
      // Written by the shell so the test process never holds the 200 MB itself.
      execFileSync('sh', [
        '-c',
        `head -c ${size} /dev/zero | tr '\\0' 'a' > "${path.join(root, marker, 'giant.txt')}" && printf ' needle\\n' >> "${path.join(root, marker, 'giant.txt')}"`,
      ]);
      await writeFile(path.join(root, marker, 'small.txt'), 'needle\n');
      let sampled = 0;
      // A sample needs rg alive at a poll of /proc; on a busy machine a run can slip between polls,
      // so each mode is searched again (up to five times) until rg has been seen.
      for (const mode of ['content', 'count'] as const) {
        for (let attempt = 0, seen = 0; seen === 0 && attempt < 5; attempt++) {
          const call = toolkit.invoke('search', 'grep', {
            pattern: 'needle',
            path: marker,
            output_mode: mode,
            timeout_ms: 120_000,
          });
          const { peakKiB, samples } = await sampleAnonRss(marker, call);
          const result = await call;
          expect(errorCode(result)).toBe('OK');
          if (mode === 'content') {
            const matches = expectOk<GrepResult>(result).matches!;
            expect(matches.map((m) => m.path).sort()).toEqual([`${marker}/giant.txt`, `${marker}/small.txt`]);
            const giant = matches.find((m) => m.path.endsWith('giant.txt'))!;
            expect(giant.text.length).toBeLessThan(2100);
            expect(giant.text).toMatch(/line cut: longer than 8192 bytes\]$/);
          }
          // Reading the line onto rg's heap costs 400+ MiB as its buffer doubles (2 GiB+ for 1 GiB); the
          // fast way is stopped at 64 MiB (plus what rg adds within one 20 ms poll), the bounded way maps it.
          seen = samples;
          sampled += samples;
          if (samples > 0) expect(peakKiB, `${mode}: rg peaked at ${peakKiB} KiB anonymous`).toBeLessThan(192 * 1024);
        }
      }
      expect(sampled).toBeGreaterThan(0); // rg was seen running at least once
    },
  );
});
