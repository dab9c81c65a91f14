// A credential's real value printed by a command (a file in the workspace holds it) is taken out of
// the output as it is read, before anything cuts it: the head and tail a long output is cut to,
// a background job's output read from an offset inside it, or read while the command has written
// only part of it, leave no piece of it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSandboxTests } from '../support/exec-helpers.js';
import { tableResolver } from '../support/network.js';
import { scaled } from '../support/time.js';
import { netToolkit, sh, useNetworkWorkspace, ws } from './sandbox-network.js';

useNetworkWorkspace();

const VALUE = 'Zq9vKx7Lm2CredentialValueABCDEF';
const loopback = tableResolver({ 'api.test': ['127.0.0.1'] });

/** Every piece of the value 6 characters long that appears in `text`. */
function pieces(text: string): string[] {
  const found = new Set<string>();
  for (let i = 0; i + 6 <= VALUE.length; i++)
    if (text.includes(VALUE.slice(i, i + 6))) found.add(VALUE.slice(i, i + 6));
  return [...found];
}

function toolkit(extra: { outputLimit?: number } = {}) {
  writeFileSync(path.join(ws, 'value.txt'), VALUE);
  return netToolkit(
    {
      network: { allow: ['api.test'], allowPrivate: true },
      env: { TW_TOKEN: VALUE },
      credentials: [{ env: 'TW_TOKEN', hosts: ['api.test'] }],
      ...extra,
    },
    loopback.lookup,
  );
}

describe.runIf(runSandboxTests)('credentials: out of output wherever it is cut', () => {
  it('leaves no piece of it where a long output is cut to its head and tail, wherever the cut falls', async () => {
    const kit = toolkit({ outputLimit: 1000 });
    for (const pad of [0, 3, 7, 11, 17, 23, 29]) {
      const out = await sh(kit, `printf '%${pad}s' ''; for i in $(seq 1 120); do cat value.txt; done`);
      expect(out.stdout).toContain('bytes omitted');
      expect(pieces(JSON.stringify(out)), `padded by ${pad}`).toEqual([]);
    }
  });

  it("leaves no piece of it in a background job's output read from inside it, or while half of it is written", async () => {
    const kit = toolkit();
    const started = await sh(kit, `printf AAAA; cat value.txt; printf 'BBBB\\n'`, { run_in_background: true });
    const id = (started as unknown as { job_id: string }).job_id;
    const read = async (input: Record<string, unknown>) => {
      const result = await kit.invoke('exec', 'bash_output', { job_id: id, wait_ms: scaled(2000), ...input });
      if (!result.ok) throw new Error(result.error.message);
      return JSON.stringify(result);
    };
    // A wait ends at the first new output: read until the job has ended.
    for (let i = 0; i < 20; i++) {
      const now = JSON.parse(await read({ offset: 0, wait_ms: 0 })) as {
        output: { status: string; total_bytes: number };
      };
      if (now.output.status !== 'running') break;
      await read({ offset: now.output.total_bytes });
    }
    const whole = await read({ offset: 0 });
    expect(whole).toContain('AAAA⟪secret');
    for (const offset of [4, 5, 10, 20, 34]) expect(pieces(await read({ offset })), `from byte ${offset}`).toEqual([]);

    // The first half now, the rest after a read has come.
    const slow = await sh(kit, `head -c 15 value.txt; sleep ${scaled(1500) / 1000}; tail -c +16 value.txt; echo`, {
      run_in_background: true,
    });
    const slowId = (slow as unknown as { job_id: string }).job_id;
    const reads: string[] = [];
    for (let i = 0; i < 2; i++) {
      const result = await kit.invoke('exec', 'bash_output', { job_id: slowId, wait_ms: scaled(3000) });
      if (!result.ok) throw new Error(result.error.message);
      reads.push(JSON.stringify(result));
    }
    expect(reads.map(pieces)).toEqual([[], []]);
    expect(reads.join('')).toContain('⟪secret');
  });
});
