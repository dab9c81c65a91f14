// close() stops every command of the toolkit: foreground calls in flight, background jobs started
// while it closes, and none starts once it is closed (a table or registry made after close() began
// is closed at once).
import { afterEach, describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import { tempDir } from '../support/helpers.js';
import { killTagged, processesWith, runSandboxTests, survivorsOf, tag, waitFor } from '../support/exec-helpers.js';

const tags: string[] = [];
afterEach(async () => {
  for (const t of tags.splice(0)) await killTagged(t);
});

function tagged(name: string): string {
  const t = tag(name);
  tags.push(t);
  return t;
}

const modes = runSandboxTests ? (['none', 'workspace-write'] as const) : (['none'] as const);

describe.each(modes)('close() with commands in flight (sandbox %s)', (sandbox) => {
  it('a foreground command in flight is stopped and its call answers UNAVAILABLE', async () => {
    const workspace = await tempDir();
    const toolkit = createToolkit({ workspace, exec: { sandbox } });
    const t = tagged('fg');
    const call = toolkit.invoke('exec', 'bash', { command: `exec -a ${t} sleep 300`, timeout_ms: 600_000 });
    await waitFor(async () => (await processesWith(t)).length > 0, 20_000, 'the command to start');
    await toolkit.close();
    const result = await call;
    expect(result.ok ? 'ok' : result.error.code).toBe('UNAVAILABLE');
    expect(result.ok ? '' : result.error.message).toContain('closed');
    expect(await survivorsOf(t)).toEqual([]);
  });

  it('a background job asked for while the toolkit closes, or after, never keeps running', async () => {
    const workspace = await tempDir();
    const toolkit = createToolkit({ workspace, exec: { sandbox } });
    const during = tagged('during');
    const after = tagged('after');
    // The first job of the toolkit: its table is made while close() runs.
    const asked = toolkit.invoke('exec', 'bash', { command: `exec -a ${during} sleep 300`, run_in_background: true });
    const closing = toolkit.close();
    const duringResult = await asked;
    await closing;
    const late = await toolkit.invoke('exec', 'bash', {
      command: `exec -a ${after} sleep 300`,
      run_in_background: true,
    });
    expect(late.ok ? 'ok' : late.error.code).toBe('UNAVAILABLE');
    // Refused, or started and stopped by the close: either way nothing is left running.
    if (!duringResult.ok) expect(duringResult.error.code).toBe('UNAVAILABLE');
    expect(await survivorsOf(during)).toEqual([]);
    expect(await processesWith(after)).toEqual([]);
  });

  it('a foreground command asked for after close() is refused before it starts', async () => {
    const workspace = await tempDir();
    const toolkit = createToolkit({ workspace, exec: { sandbox } });
    const t = tagged('late');
    await toolkit.close();
    const result = await toolkit.invoke('exec', 'bash', { command: `exec -a ${t} sleep 300` });
    expect(result.ok ? 'ok' : result.error.code).toBe('UNAVAILABLE');
    expect(await processesWith(t)).toEqual([]);
  });
});
