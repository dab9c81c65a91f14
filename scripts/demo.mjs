// `npm run demo`: invokes every operation of the built toolkit (dist/) in a scratch workspace and
// prints the results, then shows refusals that must happen. Simulated, and said so in the output:
// a local HTTP server on 127.0.0.1 stands in for the web and for a SearXNG search backend; a
// scripted user channel gives canned answers; the sub-agent's "model" is a canned step (it greps
// and reports, no LLM is called). Nothing leaves this machine.
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
await writeFile(
  path.join(workspace, 'src', 'greet.ts'),
  "export function greet(name: string) {\n  return 'Hello, ' + name;\n}\n",
);
await writeFile(path.join(workspace, 'README.md'), '# Demo project\n\nA scratch workspace for the toolwright demo.\n');

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/search') {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        results: [
          {
            title: 'toolwright on npm',
            url: 'https://www.npmjs.com/package/toolwright',
            content: 'Reference tool providers for agent harnesses.',
          },
          {
            title: 'ripgrep',
            url: 'https://github.com/BurntSushi/ripgrep',
            content: 'ripgrep recursively searches directories for a regex pattern.',
          },
        ],
      }),
    );
    return;
  }
  if (url.pathname === '/deep') {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<h1>Hostile page</h1><p>${'<b>'.repeat(100_000)}nested 100,000 deep</p>`);
    return;
  }
  if (url.pathname === '/png-as-html') {
    res.setHeader('content-type', 'text/html');
    res.end(Buffer.from('89504e470d0a1a0a0000000d49484452000000100000001008060000001ff3ff61', 'hex'));
    return;
  }
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(
    '<html><head><title>Demo page</title><script>tracking()</script></head><body><nav>menu</nav><h1>Local page</h1><p>Served on <b>127.0.0.1</b> for the demo.</p><ul><li>one</li><li>two</li></ul></body></html>',
  );
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
  multi_edit: {
    path: 'notes/plan.md',
    edits: [
      { old_str: '- read', new_str: '- read the code' },
      { old_str: '- edit', new_str: '- edit it' },
    ],
  },
  list_directory: { path: '.', depth: 2 },
  glob: { pattern: '**/*.{ts,md}' },
  grep: { pattern: 'Hello', context: 1 },
  shell_read: { command: 'ls src && wc -l src/greet.ts' },
  bash: { command: 'echo "files: $(ls | wc -l)"; uname -s', description: 'count files' },
  web_fetch: { url: `${base}/page` },
  web_search: { query: 'agent tool providers', max_results: 2 },
  task_create: { title: 'Write the demo', status: 'in_progress' },
  task_update: { id: 't1', status: 'completed' },
  task_list: {},
  spawn_subagent: { prompt: 'Find where greet is defined', description: 'find greet', capabilities: ['search.*'] },
  ask_user: { question: 'Which language?', options: [{ label: 'TypeScript' }, { label: 'Python' }] },
};

console.log(`toolwright demo in ${workspace}
Simulated here: web pages and search results come from a stand-in server on ${base} (not the
internet); ask_user is answered by a scripted user channel; spawn_subagent runs a canned step in
place of a model. Files, grep, glob, bash and tasks are real, inside the scratch workspace.`);

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
    console.log(
      text
        .split('\n')
        .map((line) => `  | ${line}`)
        .join('\n'),
    );
  }

  // Refusals: each must fail with its code (a success here is a demo failure).
  const denying = createToolkit({
    workspace,
    policy: {
      rules: [{ operation: 'bash', decision: 'deny', reason: 'the demo policy denies shell commands' }],
      default: 'allow',
    },
  });
  const refusals = [
    [
      'a path outside the workspace',
      toolkit,
      'filesystem',
      'read_file',
      { path: '../../etc/passwd' },
      'OUTSIDE_WORKSPACE',
    ],
    [
      'an absolute path elsewhere',
      toolkit,
      'filesystem',
      'write_file',
      { path: '/tmp/toolwright-demo-escape.txt', content: 'x' },
      'OUTSIDE_WORKSPACE',
    ],
    [
      'bash under a policy that denies it',
      denying,
      'exec',
      'bash',
      { command: 'echo should not run' },
      'DENIED_BY_POLICY',
    ],
    [
      'a binary body labelled text/html (stand-in server)',
      toolkit,
      'web',
      'web_fetch',
      { url: `${base}/png-as-html` },
      'UNSUPPORTED_CONTENT',
    ],
    [
      'the cloud metadata address',
      createToolkit({ workspace }),
      'web',
      'web_fetch',
      { url: 'http://169.254.169.254/latest/meta-data/' },
      'BLOCKED_URL',
    ],
  ];
  console.log('\n=== refusals (each is expected to fail with the code shown)');
  for (const [what, kit, provider, operation, input, expected] of refusals) {
    const result = await kit.invoke(provider, operation, input);
    const got = result.ok ? 'ok' : result.error.code;
    if (got !== expected) failures++;
    console.log(`\n  ${operation} ${JSON.stringify(input)}  — ${what}`);
    console.log(`  expected ${expected}, got ${got} ${got === expected ? '✓' : '✗'}`);
    console.log(`  | ${result.text.split('\n')[0]}`);
  }

  // A hostile page: converted in a worker, too deep for the parser → plain text, and said so.
  const deep = await toolkit.invoke('web', 'web_fetch', { url: `${base}/deep` });
  console.log('\n=== web_fetch of a page nested 100,000 deep (stand-in server)');
  if (!deep.ok || !deep.text.includes('nested 100,000 deep')) failures++;
  console.log(
    deep.text
      .split('\n')
      .map((line) => `  | ${line}`)
      .join('\n'),
  );
} finally {
  server.close();
  await rm(workspace, { recursive: true, force: true });
}
console.log(`\n${toolkit.operations.length} operations invoked and 5 refusals checked, ${failures} failed.`);
process.exitCode = failures > 0 ? 1 : 0;
