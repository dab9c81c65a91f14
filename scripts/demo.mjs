// `npm run demo`: invokes every operation of the built toolkit (dist/) in a scratch workspace and
// prints the results. A local HTTP server on 127.0.0.1 stands in for the web and for a SearXNG
// search backend; a scripted user answers questions; an in-process kernel runs the sub-agent.
import { createServer } from 'node:http';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createInProcessKernel,
  createScriptedUserChannel,
  createSearxngBackend,
  createToolkit,
} from '../dist/index.js';

const workspace = await mkdtemp(path.join(tmpdir(), 'toolwright-demo-'));
await mkdir(path.join(workspace, 'src'));
await writeFile(path.join(workspace, 'src', 'greet.ts'), "export function greet(name: string) {\n  return 'Hello, ' + name;\n}\n");
await writeFile(path.join(workspace, 'README.md'), '# Demo project\n\nA scratch workspace for the toolwright demo.\n');

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/search') {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ results: [
      { title: 'toolwright on npm', url: 'https://www.npmjs.com/package/toolwright', content: 'Reference tool providers for agent harnesses.' },
      { title: 'ripgrep', url: 'https://github.com/BurntSushi/ripgrep', content: 'ripgrep recursively searches directories for a regex pattern.' },
    ] }));
    return;
  }
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end('<html><head><title>Demo page</title><script>tracking()</script></head><body><nav>menu</nav><h1>Local page</h1><p>Served on <b>127.0.0.1</b> for the demo.</p><ul><li>one</li><li>two</li></ul></body></html>');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const toolkit = createToolkit({
  workspace,
  web: { allowHosts: ['127.0.0.1'] },
  search: createSearxngBackend({ url: base }),
  user: createScriptedUserChannel({ answers: [{ selected: ['TypeScript'] }] }),
  kernel: createInProcessKernel({
    // A stand-in for a model loop: the sub-agent greps the workspace and reports.
    step: async ({ toolkit: child }) => {
      const found = await child.call.grep({ pattern: 'greet', output_mode: 'files_with_matches' });
      return `found greet in: ${found.files.join(', ')}`;
    },
  }),
});

const inputs = {
  read_file: { path: 'src/greet.ts' },
  write_file: { path: 'notes/plan.md', content: '# Plan\n\n- read\n- edit\n' },
  edit_file: { path: 'src/greet.ts', old_str: "'Hello, ' + name", new_str: '`Hello, ${name}!`' },
  glob: { pattern: '**/*.{ts,md}' },
  grep: { pattern: 'Hello', context: 1 },
  bash: { command: 'echo "files: $(ls | wc -l)"; uname -s', description: 'count files' },
  web_fetch: { url: `${base}/page` },
  web_search: { query: 'agent tool providers', max_results: 2 },
  task_create: { title: 'Write the demo', status: 'in_progress' },
  task_update: { id: 't1', status: 'completed' },
  task_list: {},
  spawn_subagent: { prompt: 'Find where greet is defined', description: 'find greet', capabilities: ['search.*'] },
  ask_user: { question: 'Which language?', options: [{ label: 'TypeScript' }, { label: 'Python' }] },
};

let failures = 0;
try {
  for (const op of toolkit.operations) {
    const input = inputs[op.name];
    console.log(`\n=== ${op.id}  (${op.kind} / ${op.risk})`);
    if (!input) {
      console.log('  (no demo input for this operation)');
      continue;
    }
    console.log(`  input: ${JSON.stringify(input)}`);
    const result = await toolkit.invoke(op.provider, op.name, input);
    if (!result.ok) failures++;
    const text = result.text.length > 1200 ? `${result.text.slice(0, 1200)}\n…` : result.text;
    console.log(`  ${result.ok ? 'ok' : `error ${result.error.code}`} in ${result.meta.duration_ms} ms`);
    console.log(text.split('\n').map((line) => `  | ${line}`).join('\n'));
  }
} finally {
  server.close();
  await rm(workspace, { recursive: true, force: true });
}
console.log(`\n${toolkit.operations.length} operations invoked, ${failures} failed.`);
process.exitCode = failures > 0 ? 1 : 0;
