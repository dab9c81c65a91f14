// A descriptor the host inherited without close-on-exec reaches none of the programs toolwright
// starts: bash (foreground, background, sandboxed), rg (confined and direct), git (shell_read's
// check and line), and the wrapper that starts bwrap and mkfifo.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureArgs } from '../support/built-cli.js';
import { tempDir } from '../support/helpers.js';
import { runSandboxTests } from '../support/exec-helpers.js';
import { scaled } from '../support/time.js';

describe.runIf(runSandboxTests)('inherited descriptors', () => {
  it('no child sees descriptor 251 that the host inherited', { timeout: scaled(150_000) }, async () => {
    const ws = await tempDir('tw-fds-');
    const secret = path.join(await tempDir('tw-fds-secret-'), 'secret.txt');
    await writeFile(secret, 'secret\n');
    const out = execFileSync(
      'bash',
      [
        '-c',
        'exec 251<"$1"; exec "$2" "$3" "$4"',
        'fd-host',
        secret,
        process.execPath,
        ...fixtureArgs('fd-host.ts', ws),
      ],
      {
        encoding: 'utf8',
        timeout: scaled(120_000),
      },
    );
    const report = JSON.parse(out) as Record<string, string>;
    // The host itself has it: otherwise nothing here would prove anything.
    expect(report.host!.split(' ')).toContain('251');
    const children = Object.entries(report).filter(([name]) => name !== 'host');
    expect(children.map(([name]) => name).sort()).toEqual([
      'bash',
      'bash-job',
      'bash-sandboxed',
      'bash-sandboxed-job',
      'git-check',
      'git-confined-check',
      'git-confined-run',
      'git-run',
      'rg',
      'rg-confined',
      'wrapped',
    ]);
    for (const [name, seen] of children) {
      // Each one ran and listed its descriptors (a stand-in's own are 0-2 and bash's script fd 255).
      expect(seen, name).toMatch(/\b0[ -]1[ -]2\b/);
      expect(seen.match(/\b\d+\b/g), `${name}: ${seen}`).not.toContain('251');
    }
  });
});
