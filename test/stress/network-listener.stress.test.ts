// The listeners made from outside under load and faults: commands started together each get their
// own (every answer reaches the command that asked, none is lost or crossed), and a helper killed
// between commands or while they start costs no command its network: the next request starts a
// new helper, a request it never answered gets the relay for that command, and the toolkit goes on
// making listeners.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listenerSyscalls } from '../../src/handlers/exec/network/listener.js';
import { runSandboxTests } from '../support/exec-helpers.js';
import { httpServer, tableResolver } from '../support/network.js';
import { scaled } from '../support/time.js';
import { netToolkit, sh, useNetworkWorkspace } from '../network/sandbox-network.js';

useNetworkWorkspace();

const PARALLEL = 12;
const ROUNDS = 4;

/** This process's listener helpers (perl, outside every sandbox). */
function helpers(): number[] {
  const read = (pid: string, file: string) => {
    try {
      return readFileSync(`/proc/${pid}/${file}`, 'latin1');
    } catch {
      return '';
    }
  };
  return readdirSync('/proc')
    .filter(
      (pid) =>
        /^\d+$/.test(pid) &&
        read(pid, 'cmdline').includes('"toolwright":"listen"') &&
        /^PPid:\s+(\d+)/m.exec(read(pid, 'status'))?.[1] === String(process.pid),
    )
    .map(Number);
}

describe.runIf(runSandboxTests && listenerSyscalls() !== undefined)('listeners made from outside, under load', () => {
  it(
    'serves commands started together, and survives its helper killed between and during their starts',
    async () => {
      const server = await httpServer();
      const { lookup } = tableResolver({ 'api.test': ['127.0.0.1'] });
      const toolkit = netToolkit({ network: { allow: ['api.test'], allowPrivate: true } }, lookup);
      const perls = 'for p in /proc/[0-9]*; do [ "$(cat $p/comm 2>/dev/null)" = perl ] && echo perl; done; true';
      for (let round = 0; round < ROUNDS; round++) {
        const killer =
          round % 2 === 1
            ? // While the round's commands start: every helper of this process, a few times.
              (async () => {
                for (let i = 0; i < 3; i++) {
                  await new Promise((resolve) => setTimeout(resolve, 5 * i));
                  for (const pid of helpers()) process.kill(pid, 'SIGKILL');
                }
              })()
            : Promise.resolve();
        const outputs = await Promise.all(
          Array.from({ length: PARALLEL }, (_, i) =>
            sh(toolkit, `curl -sS http://api.test:${server.port}/r${round}/c${i}; ${perls}`),
          ),
        );
        await killer;
        for (const [i, out] of outputs.entries()) {
          const [answer, ...rest] = out.stdout.trim().split('\n');
          expect(answer).toBe(`hello GET /r${round}/c${i}`);
          // The relay's forwarder only for a command whose helper died under it.
          if (round % 2 === 0) expect(rest).toEqual([]);
        }
        // Between rounds: the helper killed; the next round starts another.
        if (round % 2 === 0) for (const pid of helpers()) process.kill(pid, 'SIGKILL');
      }
      expect(server.seen).toHaveLength(PARALLEL * ROUNDS);
      // After the kills the toolkit still makes listeners: a last command has no forwarder inside.
      const last = await sh(toolkit, `curl -sS http://api.test:${server.port}/last; ${perls}`);
      expect(last.stdout).toBe('hello GET /last\n');
    },
    scaled(180_000),
  );
});
