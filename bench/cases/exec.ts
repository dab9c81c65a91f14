// exec: what a bash call costs beyond spawning bash (process group, named pipes, collectors,
// validation), and how fast 1 GiB of output goes through the capped collectors compared with
// the same bytes going to /dev/null through `cat` (no reading in Node at all).
import { spawn } from 'node:child_process';
import { createToolkit } from '../../src/toolkit.js';
import { sideBySide, type BenchCase } from '../lib.js';

const GIB = 1024 ** 3;

function bareSpawn(command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
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

    const trueCall = await sideBySide(() => invokeBash('true'), () => bareSpawn('true'), 31, 3);
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
  },
};

function mb(bytes: number): string {
  return (bytes / 1024 ** 2).toFixed(0);
}

export default bench;
