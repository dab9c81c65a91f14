// Job processes: work on untrusted input runs in a child Node process, so what would abort a
// worker thread's host (a fatal out-of-memory error V8 does not turn into a catchable one) ends only
// the child. Checked here against real children: a heap grown until V8 gives up, a job stuck in a
// loop, the environment and folder a child starts with, and a parent that exits under an idle one.
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { JobProcess, jobProcessEnv, type JobProcessExit } from '../../src/runtime/processes/job-process.js';
import { JobProcessPool } from '../../src/runtime/processes/job-process-pool.js';
import { scaled } from '../support/time.js';
import { goneWithin } from '../support/exec-helpers.js';

const run = promisify(execFile);

/** A child that answers each job by running its `code` (a function body of `job`). */
const SERVE = `
process.on('message', (job) => process.send({ id: job.id, value: new Function('job', job.code)(job) }));
process.on('disconnect', () => process.exit(0));
process.send('ready');
`;

interface Reply {
  id: number;
  value: unknown;
}

function child(heapMb = 64): JobProcess<Reply> {
  return new JobProcess<Reply>({ source: SERVE, heapMb });
}

function exitOf(process: JobProcess<Reply>): Promise<JobProcessExit> {
  return new Promise((resolve) => process.on('exit', resolve));
}

function replyOf(process: JobProcess<Reply>): Promise<unknown> {
  return new Promise((resolve) =>
    process.on('message', (message) => {
      if (message !== 'ready') resolve(message.value);
    }),
  );
}

describe('a job process', () => {
  // Each of these allocation shapes ends in V8's fatal out-of-memory error. In a worker thread
  // with resourceLimits some of them abort the whole process; here this test goes on.
  const growths = {
    'one array grown by push': 'const a = []; for (;;) a.push({ n: a.length });',
    'a string doubled':
      "let s = 'x'; const keep = []; for (;;) { keep.push(s); s = s + s.slice(0, 1 << 20) + keep.length; }",
    'a map of objects': 'const m = new Map(); for (let i = 0; ; i++) m.set(i, [i, String(i)]);',
  };
  for (const [shape, code] of Object.entries(growths))
    it(
      `that exhausts its heap (${shape}) ends alone, reported as out of memory`,
      { timeout: scaled(60_000) },
      async () => {
        const worker = child(32);
        const exit = exitOf(worker);
        worker.send({ id: 1, code });
        const ended = await exit;
        expect(ended.outOfMemory).toBe(true);
        expect(ended.message).toBe('the job process ran out of memory');
        expect(ended.output).toMatch(/heap/i);
      },
    );

  it('answers jobs, and its structured-clone channel carries typed arrays and nested values whole', async () => {
    const worker = child();
    const reply = replyOf(worker);
    worker.send({
      id: 1,
      bytes: new Uint8Array([1, 2, 250]),
      code: 'return { sum: job.bytes.reduce((a, b) => a + b), kind: job.bytes.constructor.name, nested: { map: new Map([[1, 2]]) } };',
    });
    expect(await reply).toEqual({ sum: 253, kind: 'Uint8Array', nested: { map: new Map([[1, 2]]) } });
    worker.kill();
  });

  it('gives an Electron host only the variable that makes its binary run a script as Node', () => {
    expect(jobProcessEnv({ ...process.versions, electron: '33.2.0' })).toEqual({ ELECTRON_RUN_AS_NODE: '1' });
    const { electron: _none, ...plain } = process.versions as NodeJS.ProcessVersions & { electron?: string };
    expect(jobProcessEnv(plain)).toEqual({});
  });

  it('starts with no environment, in the temporary folder, with the heap cap it was given', async () => {
    process.env.TOOLWRIGHT_TEST_SECRET = 'not for children';
    try {
      const facts = async (heapMb: number) => {
        const worker = child(heapMb);
        const reply = replyOf(worker);
        worker.send({
          id: 1,
          code: "return { env: Object.keys(process.env), cwd: process.cwd(), heap: require('node:v8').getHeapStatistics().heap_size_limit };",
        });
        const answer = (await reply) as { env: string[]; cwd: string; heap: number };
        worker.kill();
        return answer;
      };
      const [small, large] = await Promise.all([facts(96), facts(160)]);
      expect(small.env).toEqual([]);
      expect(realpathSync(small.cwd)).toBe(realpathSync(tmpdir()));
      // The limit is the old generation's cap plus the young generation's room, which differs
      // between V8 versions (tens of MiB up to ~200): the caps given show as their difference.
      expect(large.heap - small.heap).toBe(64 * 1024 * 1024);
      expect(small.heap).toBeGreaterThanOrEqual(96 * 1024 * 1024);
      expect(small.heap).toBeLessThan(512 * 1024 * 1024);
    } finally {
      delete process.env.TOOLWRIGHT_TEST_SECRET;
    }
  });

  it('stuck in a loop is ended at once by kill(), and says it was killed, not out of memory', async () => {
    const worker = child();
    const exit = exitOf(worker);
    worker.send({ id: 1, code: 'for (;;) {}' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    worker.kill();
    const ended = await exit;
    expect(ended.outOfMemory).toBe(false);
    expect(ended.message).toBe('the job process was ended by SIGKILL');
  });

  it(
    'an idle one does not keep its parent alive, and exits when the parent has gone',
    { timeout: scaled(30_000) },
    async () => {
      const moduleUrl = new URL('../../src/runtime/processes/job-process.ts', import.meta.url).href;
      // The parent prints the child's pid once the child is ready, lets go of it, and has
      // nothing left to do: it must exit, and the child with it.
      const parent = `
      import(${JSON.stringify(moduleUrl)}).then(({ JobProcess }) => {
        const child = new JobProcess({ heapMb: 32, source: ${JSON.stringify(SERVE)} });
        child.on('message', () => {
          console.log(child.pid);
          child.unref();
        });
      });
    `;
      const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
      const { stdout } = await run(tsx, ['--eval', parent], { timeout: scaled(20_000) });
      const pid = Number(stdout.trim());
      expect(pid).toBeGreaterThan(0);
      expect(await goneWithin(pid)).toBe(true);
    },
  );
});

describe('a pool of job processes', () => {
  it(
    'fails the job of one that died of its heap, and runs the next job on a fresh one',
    { timeout: scaled(60_000) },
    async () => {
      const pool = new JobProcessPool<Reply>({ create: () => child(32), max: 1, idleMs: 1_000 });
      const job = (code: string) =>
        pool.run<unknown>({
          signal: new AbortController().signal,
          post: (worker, id) => worker.send({ id, code }),
          settle: (reply) => reply.value,
          crashed: (exit) => new Error(exit.outOfMemory ? 'out of memory' : exit.message),
        });
      await expect(job('return 6 * 7')).resolves.toBe(42);
      await expect(job('const a = []; for (;;) a.push([a.length]);')).rejects.toThrow('out of memory');
      expect(pool.live).toBe(0);
      await expect(job('return process.pid')).resolves.toEqual(expect.any(Number));
      expect(pool.live).toBe(1);
    },
  );
});
