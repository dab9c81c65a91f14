// read_file on a 1 GiB file vs sed -n / cat; the line index on a second read; invoke overhead.
import { execFile, spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { filesystemHandlers } from '../../src/handlers/filesystem/index.js';
import { sharedLineIndex } from '../../src/handlers/filesystem/lines/line-index.js';
import { createToolkit } from '../../src/index.js';
import type { HandlerContext } from '../../src/index.js';
import type { ReadFileParams } from '../../src/generated/types.js';
import { handlerParams, makeBigFile, medianMs, sideBySide, type BenchCase } from '../lib.js';

const run = promisify(execFile);
// Runs the built library (npm run bench builds first): the figure is the library's, not tsx's.
const fixture = path.resolve(import.meta.dirname, '../fixtures/read-window.mjs');

const bench: BenchCase = {
  name: 'filesystem',
  async run(ctx) {
    const file = path.join(ctx.tmp, 'big.txt');
    const totalLines = await makeBigFile(file);
    ctx.log(`generated ${totalLines} lines (1 GiB)`);
    const toolkit = createToolkit({ workspace: ctx.tmp });
    const first = 9_000_000;
    const window = { path: 'big.txt', offset: first, limit: 51 };
    const sedRange = `${first},${first + 50}p`;

    const cold = await sideBySide(
      async () => {
        sharedLineIndex.clear();
        const result = await toolkit.invoke('filesystem', 'read_file', window);
        if (!result.ok) throw new Error(result.text);
      },
      () => spawnSync('sed', ['-n', sedRange, file], { maxBuffer: 1 << 20 }),
      5,
    );
    const catMs = await medianMs(() => spawnSync('sh', ['-c', `cat "${file}" > /dev/null`]), 5);

    // Peak memory in a fresh process, against the same process loading everything but reading nothing.
    const rss = async (mode?: string) => {
      const { stdout } = await run(process.execPath, [
        fixture,
        ctx.tmp,
        'big.txt',
        String(first),
        '51',
        ...(mode ? [mode] : []),
      ]);
      return (JSON.parse(stdout) as { maxRssKiB: number }).maxRssKiB / 1024;
    };
    const baselineRss = await rss('--baseline');
    const readRss = await rss();
    const bareNode = await run(process.execPath, [
      '-e',
      "process.stdout.write(/VmHWM:\\s+(\\d+)/.exec(require('fs').readFileSync('/proc/self/status', 'utf8'))[1])",
    ]);
    const bareNodeRss = Number(bareNode.stdout) / 1024;
    ctx.row({
      case: 'read_file lines 9,000,000-9,000,050 of 1 GiB (cold index)',
      toolwright: cold.toolwright,
      baseline: cold.baseline,
      baselineName: 'sed -n',
      target: '< 1× sed -n; peak RSS ≤ node + 64 MiB',
      note: `cat >/dev/null ${catMs.toFixed(0)} ms; peak RSS (built library, fresh process) ${readRss.toFixed(0)} MiB = bare node ${bareNodeRss.toFixed(0)} MiB + ${(readRss - bareNodeRss).toFixed(0)} MiB (library loaded, idle: ${baselineRss.toFixed(0)} MiB)`,
    });

    // Second read of the same window: served from the sparse line index.
    await toolkit.invoke('filesystem', 'read_file', window);
    const warm = await medianMs(async () => {
      const result = await toolkit.invoke('filesystem', 'read_file', window);
      if (!result.ok) throw new Error(result.text);
    }, 21);
    ctx.row({
      case: 'same window again (line index)',
      toolwright: warm,
      target: '≤ 10 ms',
      note: `${(cold.toolwright / warm).toFixed(0)}× faster than the cold read`,
    });

    // invoke overhead: validation, policy, abort race, output validation, text rendering.
    await writeFile(path.join(ctx.tmp, 'small.txt'), 'one\ntwo\nthree\n');
    const resolved = await toolkit.workspace.resolve('small.txt');
    const handlerCtx: HandlerContext = {
      workspace: toolkit.workspace,
      signal: new AbortController().signal,
      session: toolkit.session,
      services: toolkit.services,
      principal: 'local',
      storeKey: { scope: toolkit.workspace.root, principal: 'local' },
      operation: toolkit.find('read_file')!,
      toolkit,
      paths: { path: resolved },
      existingPath: async () => resolved,
      pathLists: {},
      urls: {},
      net: undefined as never,
      defaulted: new Set(),
    };
    const small = await handlerParams<ReadFileParams>(toolkit.find('read_file')!, { path: 'small.txt' });
    const calls = 2000;
    const overhead = await sideBySide(
      async () => {
        for (let i = 0; i < calls; i++) await toolkit.invoke('filesystem', 'read_file', { path: 'small.txt' });
      },
      async () => {
        for (let i = 0; i < calls; i++) await filesystemHandlers.read_file(small, handlerCtx);
      },
      7,
    );
    ctx.row({
      case: 'invoke read_file (3-line file) vs handler called directly',
      toolwright: (overhead.toolwright * 1000) / calls,
      baseline: (overhead.baseline * 1000) / calls,
      baselineName: 'handler direct',
      unit: 'µs',
      note: `invoke adds ${(((overhead.toolwright - overhead.baseline) * 1000) / calls).toFixed(1)} µs per call`,
    });
  },
};

export default bench;
