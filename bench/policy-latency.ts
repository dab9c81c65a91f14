// Child process of bench/cases/policy.ts: the per-line cost of deciding bash lines, measured in a
// fresh process so the bench's own heap (1 GiB reads, 130k-match greps run before this case) does
// not put its garbage collections into our tail. Prints one JSON object.
import { performance } from 'node:perf_hooks';
import { operations } from '../src/generated/registry.js';
import { compilePolicy } from '../src/index.js';

const [linesJson, callsArg, workspaceRoot] = process.argv.slice(2) as [string, string, string];
const LINES = JSON.parse(linesJson) as string[];
const CALLS = Number(callsArg);
const bash = operations.find((o) => o.name === 'bash')!;
const policy = compilePolicy({
  rules: [
    {
      operation: 'bash',
      command: ['git status', 'git log *', 'ls *', 'npm run test *', 'rg *', 'wc *', 'cat *'],
      decision: 'allow',
    },
    { operation: 'bash', command: 'rm *', decision: 'deny' },
  ],
  default: 'ask',
});
const context = { workspaceRoot };
const median = (sorted: number[]) => sorted[sorted.length >> 1]!;
const p99 = (sorted: number[]) => sorted[Math.floor(sorted.length * 0.99)]!;

for (const command of LINES) await policy.decideCall(bash, { command }, context);
// Interleaved with a pure-JS task of similar size, so the p99 of machine noise is measured beside
// ours; CPU time per call (getrusage) leaves preemption out.
const json = JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ a: i, b: 'x'.repeat(10) })));
async function interleaved(): Promise<{ times: number[]; cpu: number[]; noise: number[] }> {
  const times: number[] = [];
  const cpu: number[] = [];
  const noise: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const startCpu = process.cpuUsage();
    const start = performance.now();
    await policy.decideCall(bash, { command: LINES[i % LINES.length] }, context);
    times.push((performance.now() - start) * 1000);
    const used = process.cpuUsage(startCpu);
    cpu.push(used.user + used.system);
    const n = performance.now();
    JSON.parse(json);
    noise.push((performance.now() - n) * 1000);
  }
  return { times, cpu, noise };
}
const { times, cpu, noise } = await interleaved();
const opLevel: number[] = [];
for (let i = 0; i < CALLS; i++) {
  const start = performance.now();
  policy.decide(bash);
  opLevel.push((performance.now() - start) * 1000);
}
// Intrinsic cost per line: 1000 distinct lines (varied arguments), each the fastest of 5 runs.
const intrinsic: number[] = [];
for (let i = 0; i < 1000; i++) {
  const command = `${LINES[i % LINES.length]} ${i % 3 === 0 ? `&& echo step${i}` : `# ${i}`}`;
  let best = Infinity;
  for (let r = 0; r < 5; r++) {
    const start = performance.now();
    await policy.decideCall(bash, { command }, context);
    best = Math.min(best, (performance.now() - start) * 1000);
  }
  intrinsic.push(best);
}
const big = 'echo item && ls dir; '.repeat(Math.floor(10_240 / 21)); // whole commands: ~10 KB that parses
const bigTimes: number[] = [];
for (let i = 0; i < 20; i++) {
  const start = performance.now();
  await policy.decideCall(bash, { command: big }, context);
  bigTimes.push(performance.now() - start);
}
// The same loop again once V8's background tier-up is over: the first decisions run the grammar on
// baseline (Liftoff) code while a worker thread compiles its 160 KB lexer function with TurboFan
// (0.6-1.4 s of CPU, once per process), which competes with the main thread on a busy machine.
await new Promise((resolve) => setTimeout(resolve, 1500));
const steady = await interleaved();
for (const list of [times, cpu, noise, opLevel, intrinsic, bigTimes, steady.times, steady.cpu, steady.noise])
  list.sort((a, b) => a - b);
process.stdout.write(
  JSON.stringify({
    median: median(times),
    p99: p99(times),
    cpuMedian: median(cpu),
    cpuP99: p99(cpu),
    noiseMedian: median(noise),
    noiseP99: p99(noise),
    opLevelMedian: median(opLevel),
    intrinsicP99: p99(intrinsic),
    intrinsicMedian: median(intrinsic),
    intrinsicMax: intrinsic.at(-1)!,
    bigMedian: median(bigTimes),
    jsonBytes: json.length,
    steadyMedian: median(steady.times),
    steadyP99: p99(steady.times),
    steadyCpuP99: p99(steady.cpu),
    steadyNoiseP99: p99(steady.noise),
  }),
);
