// exec: what a bash call costs beyond spawning bash (process group, named pipes, collectors,
// validation), what the bubblewrap sandbox adds per call, how fast 1 GiB of output goes through
// the capped collectors and through a background job's spill file compared with the same bytes
// going to /dev/null through `cat` (no reading in Node at all), and what polling an idle job costs.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { createToolkit } from '../../src/index.js';
import { bwrapArgs } from '../../src/runtime/sandbox/bwrap-args.js';
import { parseSandboxOption } from '../../src/runtime/sandbox/settings.js';
import { medianMs, sideBySide, type BenchCase } from '../lib.js';

const GIB = 1024 ** 3;

function bareSpawn(command: string, file = 'bash', args = ['-c', command]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stderr.resume();
    child.once('error', reject);
    child.once('close', () => resolve());
  });
}

const bench: BenchCase = {
  name: 'exec',
  async run(ctx) {
    const toolkit = createToolkit({ workspace: ctx.tmp });
    const invokeBash = async (command: string) => {
      const result = await toolkit.invoke('exec', 'bash', { command });
      if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
      return result.output as { stdout: string; truncated: boolean };
    };

    const trueCall = await sideBySide(
      () => invokeBash('true'),
      () => bareSpawn('true'),
      31,
      3,
    );
    ctx.row({
      case: 'bash `true` through invoke',
      toolwright: trueCall.toolwright,
      baseline: trueCall.baseline,
      baselineName: "child_process.spawn('bash',['-c','true'])",
      target: '≤ 2×',
    });

    // 1 GiB of text (`yes`), so the collectors cut head and tail rather than show a binary notice.
    const produce = `yes 'toolwright exec bench line' | head -c ${GIB}`;
    let peakRss = process.memoryUsage().rss;
    const startRss = peakRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
    let truncated = false;
    let gib: { toolwright: number; baseline: number };
    try {
      gib = await sideBySide(
        async () => {
          truncated = (await invokeBash(produce)).truncated;
        },
        () => bareSpawn(`${produce} | cat > /dev/null`),
        3,
        1,
      );
    } finally {
      clearInterval(sampler);
    }
    ctx.row({
      case: '1 GiB of output through the capped collectors',
      toolwright: gib.toolwright / 1000,
      baseline: gib.baseline / 1000,
      baselineName: '`| cat > /dev/null`',
      unit: 's',
      target: '≤ 1.5×',
      note: `${(1024 / (gib.toolwright / 1000)).toFixed(0)} MiB/s; RSS ${mb(startRss)} → peak ${mb(peakRss)} MB; truncated=${truncated}`,
    });

    await sandboxRows(ctx, invokeBash);
    await jobRows(ctx, produce);
  },
};

/** Sandboxed `true` against the same call unsandboxed, and bwrap spawned by hand for reference. */
async function sandboxRows(
  ctx: Parameters<BenchCase['run']>[0],
  invokeBash: (command: string) => Promise<unknown>,
): Promise<void> {
  const sandboxed = createToolkit({ workspace: ctx.tmp, exec: { sandbox: 'workspace-write' } });
  const probe = await sandboxed.invoke('exec', 'bash', { command: 'true' });
  if (!probe.ok) {
    ctx.log(`sandbox rows skipped: ${probe.error.message}`);
    return;
  }
  const invokeSandboxed = async () => {
    const result = await sandboxed.invoke('exec', 'bash', { command: 'true' });
    if (!result.ok) throw new Error(result.error.message);
  };
  const calls = await sideBySide(invokeSandboxed, () => invokeBash('true'), 31, 3);
  // bwrap with exactly the arguments the call uses, spawned bare: what the kernel work costs.
  const env = process.env as Record<string, string>;
  const args = [
    ...bwrapArgs({ settings: parseSandboxOption('workspace-write'), workspace: ctx.tmp, cwd: ctx.tmp, env }),
    '--',
    'bash',
    '-c',
    'true',
  ];
  const bare = await sideBySide(
    () => bareSpawn('', 'bwrap', args),
    () => bareSpawn('true'),
    31,
    3,
  );
  ctx.row({
    case: 'bash `true` in the workspace-write sandbox',
    toolwright: calls.toolwright,
    baseline: calls.baseline,
    baselineName: 'the same call unsandboxed',
    target: 'adds ≤ 15 ms',
    note: `adds ${(calls.toolwright - calls.baseline).toFixed(1)} ms; the same bwrap spawned bare ${bare.toolwright.toFixed(1)} ms vs bare bash ${bare.baseline.toFixed(1)} ms`,
  });
}

/** 1 GiB through a background job's spill file, and bash_output on an idle job. */
async function jobRows(ctx: Parameters<BenchCase['run']>[0], produce: string): Promise<void> {
  const toolkit = createToolkit({ workspace: ctx.tmp });
  try {
    const runJob = async () => {
      const started = await toolkit.invoke('exec', 'bash', { command: produce, run_in_background: true });
      if (!started.ok) throw new Error(started.error.message);
      const id = (started.output as { job_id: string }).job_id;
      for (;;) {
        const listed = await toolkit.invoke('exec', 'bash_output', {});
        const job =
          listed.ok &&
          (listed.output as { jobs: { job_id: string; status: string }[] }).jobs.find((j) => j.job_id === id);
        if (job && job.status !== 'running') break;
        await sleep(10);
      }
      await toolkit.invoke('exec', 'bash_output', { job_id: id });
    };
    let peakRss = process.memoryUsage().rss;
    const startRss = peakRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
    let gib: { toolwright: number; baseline: number };
    try {
      gib = await sideBySide(runJob, () => bareSpawn(`${produce} | cat > /dev/null`), 3, 1);
    } finally {
      clearInterval(sampler);
    }
    ctx.row({
      case: '1 GiB of output through a background job (spill file)',
      toolwright: gib.toolwright / 1000,
      baseline: gib.baseline / 1000,
      baselineName: '`| cat > /dev/null`',
      unit: 's',
      target: '≤ 1.5×, RSS growth ≤ 16 MB',
      note: `${(1024 / (gib.toolwright / 1000)).toFixed(0)} MiB/s; RSS ${mb(startRss)} → peak ${mb(peakRss)} MB (+${mb(peakRss - startRss)})`,
    });

    const idle = await toolkit.invoke('exec', 'bash', { command: 'sleep 1000', run_in_background: true });
    if (!idle.ok) throw new Error(idle.error.message);
    const id = (idle.output as { job_id: string }).job_id;
    const poll = await medianMs(() => toolkit.invoke('exec', 'bash_output', { job_id: id }), 201, 20);
    const trivial = await medianMs(() => toolkit.invoke('task', 'task_list', {}), 201, 20);
    ctx.row({
      case: 'bash_output on an idle job',
      toolwright: poll * 1000,
      baseline: trivial * 1000,
      baselineName: 'invoke task_list (empty)',
      unit: 'µs',
      target: '≤ 1 ms',
      note: `${poll.toFixed(3)} ms per call`,
    });
  } finally {
    await toolkit.close();
  }
}

function mb(bytes: number): string {
  return (bytes / 1024 ** 2).toFixed(0);
}

export default bench;
