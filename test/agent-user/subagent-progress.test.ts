// spawn_subagent's progress: the turns the child's model loop reports and the tool calls its
// toolkit sees, with the time since it started, through invoke's onProgress and over MCP; what a
// host's own kernel reports, read defensively; and nothing asked of a kernel nobody follows.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createInProcessKernel, type Kernel, type SubagentRequest, type SubagentStep } from '../../src/index.js';
import { expectOk, workspaceToolkit } from '../support/helpers.js';
import {
  callOverMcp,
  everyProgressNotification,
  expectGrowing,
  invokeFollowed,
  progressClient,
} from '../support/progress.js';

const SPAWN = { prompt: 'Make three tasks in three turns.', description: 'tasks' };
const MESSAGE = /^(turn \d+, )?\d+ tool calls? after \d+ ms$/;

/** A model loop of three turns, each thinking a while, then making two tool calls (and a last turn that only answers). */
const threeTurns: SubagentStep = async ({ toolkit, startTurn }) => {
  for (let turn = 1; turn <= 3; turn++) {
    startTurn();
    await sleep(120);
    await toolkit.call.task_create({ title: `turn ${turn}` });
    await toolkit.call.task_list({});
    await sleep(120);
  }
  startTurn();
  await sleep(600); // a heartbeat comes meanwhile: the last turn is reported whatever the throttle dropped
  return 'made three tasks';
};

/** The turn and tool-call counts a progress message states. */
function countsOf(message: string): { turns: number; calls: number } {
  const match = /^(?:turn (\d+), )?(\d+) tool calls?/.exec(message)!;
  return { turns: Number(match[1] ?? 0), calls: Number(match[2]) };
}

function expectCountsGrow(messages: string[], last: { turns: number; calls: number }) {
  const counts = messages.map(countsOf);
  for (let i = 1; i < counts.length; i++) {
    expect(counts[i]!.turns).toBeGreaterThanOrEqual(counts[i - 1]!.turns);
    expect(counts[i]!.calls).toBeGreaterThanOrEqual(counts[i - 1]!.calls);
  }
  // Each turn lasts longer than the throttle's interval, so each is seen, with the calls of the turns before it.
  expect(new Set(counts.map((c) => c.turns))).toEqual(new Set([1, 2, 3, 4].slice(0, last.turns)));
  for (const { turns, calls } of counts) {
    expect(calls).toBeGreaterThanOrEqual(2 * (turns - 1));
    expect(calls).toBeLessThanOrEqual(2 * turns);
  }
  expect(counts.at(-1)).toEqual(last);
}

describe('spawn_subagent progress', () => {
  it('onProgress hears the turns and tool calls of a sub-agent of several turns, with growing elapsed time', async () => {
    const { toolkit } = await workspaceToolkit({ kernel: createInProcessKernel({ step: threeTurns }) });
    const { result, events } = await invokeFollowed(toolkit, 'agent', 'spawn_subagent', {
      ...SPAWN,
      capabilities: ['task.*'],
    });
    expect(expectOk<{ output: string }>(result).output).toBe('made three tasks');
    expectGrowing(events, 4, MESSAGE);
    expectCountsGrow(
      events.map((e) => e.message!),
      { turns: 4, calls: 6 },
    );
  });

  it('the SDK client gets the same for a call with a progress token, and nothing without one', async () => {
    const { toolkit } = await workspaceToolkit({ kernel: createInProcessKernel({ step: threeTurns }) });
    const client = await progressClient(toolkit);
    const { result, events } = await callOverMcp(client, 'spawn_subagent', SPAWN);
    expect(result.isError).toBeFalsy();
    expectGrowing(events, 4, MESSAGE);
    expectCountsGrow(
      events.map((e) => e.message!),
      { turns: 4, calls: 6 },
    );
    const seen = everyProgressNotification(client);
    const silent = await client.callTool({ name: 'spawn_subagent', arguments: SPAWN });
    expect(silent.isError).toBeFalsy();
    expect(seen).toEqual([]);
    await client.close();
  });

  it('a sub-agent that only thinks still reports its elapsed time (a heartbeat), without turns it never reported', async () => {
    const quiet: SubagentStep = async () => {
      await sleep(1300);
      return 'thought';
    };
    const { toolkit } = await workspaceToolkit({ kernel: createInProcessKernel({ step: quiet }) });
    const { result, events } = await invokeFollowed(toolkit, 'agent', 'spawn_subagent', SPAWN, 0);
    expect(result.ok).toBe(true);
    expectGrowing(events, 2, /^0 tool calls after \d+ ms$/);
  });

  it("a host's kernel is given onProgress only when the call is followed, and what it reports is read as counts that never shrink", async () => {
    const requests: SubagentRequest[] = [];
    const kernel: Kernel = {
      async runSession(request) {
        requests.push(request);
        const report = request.onProgress;
        if (report) {
          const reports: unknown[] = [
            { toolCalls: 2, turns: 1 },
            { toolCalls: 1, turns: 0 }, // smaller: ignored
            { toolCalls: Number.NaN, turns: -3 },
            { toolCalls: '9', turns: 2.5 },
            null,
            Object.defineProperty({}, 'toolCalls', {
              get() {
                throw new Error('hostile getter');
              },
            }),
            { toolCalls: 5, turns: 2 },
          ];
          for (const value of reports) {
            report(value as never);
            await sleep(120);
          }
        }
        return { session_id: 'host-1', status: 'completed', output: 'done' };
      },
    };
    const { toolkit } = await workspaceToolkit({ kernel });
    const plain = await toolkit.invoke('agent', 'spawn_subagent', SPAWN);
    expect(plain.ok).toBe(true);
    expect(requests[0]!.onProgress).toBeUndefined();
    const { result, events } = await invokeFollowed(toolkit, 'agent', 'spawn_subagent', SPAWN, 0);
    expect(result.ok).toBe(true);
    expect(typeof requests[1]!.onProgress).toBe('function');
    const counts = events.map((e) => countsOf(e.message!));
    expect(counts[0]).toEqual({ turns: 1, calls: 2 });
    expect(counts.at(-1)).toEqual({ turns: 2, calls: 5 });
    expect(counts.every((c) => (c.turns === 1 && c.calls === 2) || (c.turns === 2 && c.calls === 5))).toBe(true);
  });

  it("the child's own calls are counted, not those of a sub-agent it spawns", async () => {
    const nested: SubagentStep = async ({ toolkit, depth, startTurn }) => {
      startTurn();
      if (depth === 1) {
        await toolkit.call.task_list({});
        await toolkit.invoke('agent', 'spawn_subagent', { prompt: 'p', description: 'grandchild' });
        await sleep(600); // a heartbeat after the last call reports the final counts
        return 'child';
      }
      for (let i = 0; i < 5; i++) await toolkit.call.task_list({});
      return 'grandchild';
    };
    const { toolkit } = await workspaceToolkit({ kernel: createInProcessKernel({ step: nested }) });
    const { result, events } = await invokeFollowed(toolkit, 'agent', 'spawn_subagent', SPAWN, 0);
    expect(result.ok).toBe(true);
    expect(countsOf(events.at(-1)!.message!)).toEqual({ turns: 1, calls: 2 });
  });
});
