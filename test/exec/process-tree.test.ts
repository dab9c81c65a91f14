// The kill of one call's processes: what it finds after it has resolved, and what it leaves alone.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { killCall, processStartTime } from '../../src/handlers/exec/process/process-tree.js';
import { killTagged, processesWith, survivorsOf, tag, waitFor } from '../support/exec-helpers.js';
import { scaled } from '../support/time.js';

const tags: string[] = [];
afterEach(async () => {
  for (const t of tags.splice(0)) await killTagged(t);
});

/** `exec -a TAG sleep 1000` in a session of its own, with `env` added to ours. */
function sleeper(t: string, env: Record<string, string> = {}) {
  const child = spawn('bash', ['-c', `exec -a ${t} sleep 1000`], {
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, ...env },
  });
  child.unref();
  return child.pid!;
}

describe('killCall', () => {
  it(
    'a process of the call that a scan missed (it appears after the kill resolved) is still killed; one without the marker is not',
    { timeout: scaled(30_000) },
    async () => {
      const t = tag('late');
      tags.push(t);
      const marker = `TOOLWRIGHT_EXEC_MARKER=${t}-marker`;
      const leader = sleeper(`${t}-leader`, { TOOLWRIGHT_EXEC_MARKER: `${t}-marker` });
      await waitFor(async () => (await processesWith(`${t}-leader`)).length === 1, 5_000, 'the leader');
      const id = { pid: leader, marker, startTime: processStartTime(leader) };
      await killCall(id, { graceMs: 50, settleMs: 50, lateSweepMs: scaled(10_000) });
      expect(await survivorsOf(`${t}-leader`)).toEqual([]);
      // Started now, carrying the marker: a process the sweep could not have seen.
      sleeper(`${t}-missed`, { TOOLWRIGHT_EXEC_MARKER: `${t}-marker` });
      const bystander = sleeper(`${t}-bystander`, { TOOLWRIGHT_EXEC_MARKER: `${t}-other` });
      expect(await survivorsOf(`${t}-missed`, 8_000)).toEqual([]);
      expect(await processesWith(`${t}-bystander`)).toEqual([bystander]);
    },
  );

  it(
    'with no late sweep, a process started after the kill resolved lives on',
    { timeout: scaled(30_000) },
    async () => {
      const t = tag('nolate');
      tags.push(t);
      const marker = `TOOLWRIGHT_EXEC_MARKER=${t}-marker`;
      const leader = sleeper(`${t}-leader`, { TOOLWRIGHT_EXEC_MARKER: `${t}-marker` });
      await waitFor(async () => (await processesWith(`${t}-leader`)).length === 1, 5_000, 'the leader');
      await killCall(
        { pid: leader, marker, startTime: processStartTime(leader) },
        { graceMs: 50, settleMs: 50, lateSweepMs: 0 },
      );
      const late = sleeper(`${t}-late`, { TOOLWRIGHT_EXEC_MARKER: `${t}-marker` });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await processesWith(`${t}-late`)).toEqual([late]);
    },
  );
});
