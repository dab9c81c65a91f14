// policy: the cost of deciding a bash line (parse with tree-sitter-bash + decide each simple
// command), the first call's parser load in a fresh process, and invoke overhead for operations
// without argument rules (must not change).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median, type BenchCase } from '../lib.js';
import { taskListUnderPolicy } from '../policy-overhead.js';

const LINES = [
  'git status',
  'ls -la src',
  'npm run test -- --watch=false',
  'git log --oneline -n 20 | head -5',
  'cd src && rg -n "TODO" . | wc -l',
  'echo "a; b" && cat file.txt',
  'for f in *.ts; do echo $f; done',
  "find . -name '*.js' -not -path './node_modules/*'",
  'timeout 60 npm test 2>&1 | tail -n 50',
  'FOO=bar make -j4 build > build.log 2>&1',
];
const CALLS = 2000;

const bench: BenchCase = {
  name: 'policy',
  async run(ctx) {
    // 1. First call: loading web-tree-sitter and the bash grammar, in a fresh process (built dist,
    // through the public entry: the library is loaded first, the clock runs from the first decision
    // of a rule with a command pattern to its answer).
    const entry = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
    const script = [
      `const m=await import(${JSON.stringify(entry)});`,
      `const op=m.catalogOperations.find((o)=>o.name==='bash');`,
      `const p=m.compilePolicy({rules:[{operation:'bash',command:'git status',decision:'allow'}],default:'ask'});`,
      `const c=process.cpuUsage();const t=performance.now();`,
      `const d=await p.decideCall(op,{command:'git status'},{workspaceRoot:'/ws'});`,
      `const u=process.cpuUsage(c);if(d.decision!=='allow')throw new Error(JSON.stringify(d));`,
      `console.log(performance.now()-t,(u.user+u.system)/1000)`,
    ].join('');
    const loads: number[] = [];
    const cpus: number[] = [];
    for (let i = 0; i < 5; i++) {
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`the parser-load probe failed: ${run.stderr}`);
      const [wall, cpu] = run.stdout.trim().split(' ').map(Number);
      loads.push(wall!);
      cpus.push(cpu!);
    }
    ctx.row({
      case: 'bash parser load (first shell decision, fresh process)',
      toolwright: median(loads),
      target: '≤ 100 ms',
      note: `runs: ${loads.map((l) => l.toFixed(0)).join(', ')} ms; CPU ${median(cpus).toFixed(0)} ms (all threads)`,
    });

    // 2. Deciding a typical bash line after load: per-call median and p99 (µs), in a fresh process
    // (bench/policy-latency.ts) so the heap left by the cases before this one stays out of the tail.
    const latencyScript = fileURLToPath(new URL('../policy-latency.ts', import.meta.url));
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', latencyScript, JSON.stringify(LINES), String(CALLS), ctx.tmp],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    if (child.status !== 0) throw new Error(`policy-latency failed: ${child.stderr}`);
    const m = JSON.parse(child.stdout) as Record<string, number>;
    ctx.row({
      case: 'decide a typical bash line (parse + decide), median',
      toolwright: m.median!,
      baseline: m.opLevelMedian!,
      baselineName: 'decide without arguments',
      unit: 'µs',
      note: 'fresh process',
    });
    ctx.row({
      case: 'decide a typical bash line, p99 wall',
      toolwright: m.p99!,
      baseline: m.noiseP99!,
      baselineName: `JSON.parse of ${m.jsonBytes} B (median ${m.noiseMedian!.toFixed(0)} µs), same loop`,
      unit: 'µs',
      target: '≤ 1000 µs',
      note: 'fresh process',
    });
    ctx.row({
      case: 'decide a typical bash line, p99 CPU time',
      toolwright: m.cpuP99!,
      unit: 'µs',
      target: '≤ 1000 µs',
      note: `median CPU ${m.cpuMedian!.toFixed(0)} µs (getrusage counts every thread: GC helpers too)`,
    });
    ctx.row({
      case: 'decide a typical bash line, p99 wall, after V8 tier-up',
      toolwright: m.steadyP99!,
      baseline: m.steadyNoiseP99!,
      baselineName: 'JSON.parse, same loop',
      unit: 'µs',
      target: '≤ 1000 µs',
      note: `same loop after 7,000 decisions and 1.5 s idle; median ${m.steadyMedian!.toFixed(0)} µs, p99 CPU ${m.steadyCpuP99!.toFixed(0)} µs`,
    });
    ctx.row({
      case: '1,000 distinct bash lines, fastest of 5 each: p99',
      toolwright: m.intrinsicP99!,
      unit: 'µs',
      target: '≤ 1000 µs',
      note: `median ${m.intrinsicMedian!.toFixed(0)} µs, max ${m.intrinsicMax!.toFixed(0)} µs`,
    });
    ctx.row({
      case: 'decide a 10 KB bash line (~1000 simple commands)',
      toolwright: m.bigMedian!,
      note: 'parse budget 50 ms, lines over 32 KiB are opaque',
    });

    // 3. invoke task_list: a policy with command rules (which do not apply to it) vs no policy.
    const invoke = await taskListUnderPolicy(
      ctx.tmp,
      {
        extends: 'askForRisky',
        rules: [
          { operation: 'bash', command: ['git status', 'ls *'], decision: 'allow' },
          { path: '**/.env', decision: 'deny' },
          { operation: 'web_fetch', host: '*.example.com', decision: 'allow' },
        ],
      },
      {},
      CALLS,
    );
    ctx.row({
      case: 'invoke task_list under a policy with command/path/host rules',
      toolwright: invoke.toolwright,
      baseline: invoke.baseline,
      baselineName: 'no policy',
      unit: 'µs',
      target: '≈ 1.0×',
    });
  },
};

export default bench;
