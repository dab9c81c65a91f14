// `npm run generate [catalog.yaml] [--out DIR]` writes the generated files;
// `npm run generate:check` regenerates in memory and exits 1 naming every stale file.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generate, GENERATED_DIRS } from './generate.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    check: { type: 'boolean', default: false },
    out: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

const catalogPath = path.resolve(positionals[0] ?? 'catalog.yaml');
const outDir = path.resolve(values.out ?? path.dirname(catalogPath));
const display = path.relative(process.cwd(), catalogPath) || catalogPath;

let text: string;
try {
  text = await readFile(catalogPath, 'utf8');
} catch (error) {
  console.error(`${display}: cannot read the catalog: ${(error as Error).message}`);
  process.exit(2);
}

const started = performance.now();
const outcome = await generate(text, display);
if (!outcome.ok) {
  for (const problem of outcome.problems) console.error(problem);
  console.error(`\n${outcome.problems.length} problem(s) in ${display}; nothing was generated.`);
  process.exit(1);
}

async function listGenerated(): Promise<string[]> {
  const found: string[] = [];
  for (const dir of GENERATED_DIRS) {
    let entries: string[] = [];
    try {
      entries = await readdir(path.join(outDir, dir));
    } catch {
      continue;
    }
    for (const entry of entries) found.push(`${dir}/${entry}`);
  }
  return found;
}

const expected = new Map(outcome.files.map((f) => [f.path, f.content]));
const onDisk = await listGenerated();

if (values.check) {
  const stale: string[] = [];
  for (const [file, content] of expected) {
    const current = await readFile(path.join(outDir, file), 'utf8').catch(() => undefined);
    if (current === undefined) stale.push(`${file} (missing)`);
    else if (current !== content) stale.push(`${file} (differs from what ${display} generates)`);
  }
  for (const file of onDisk) if (!expected.has(file)) stale.push(`${file} (no longer generated)`);
  if (stale.length > 0) {
    console.error(`Generated files are stale; run \`npm run generate\`:\n${stale.map((s) => `  ${s}`).join('\n')}`);
    process.exit(1);
  }
  if (!values.quiet) console.log(`generate:check: ${expected.size} generated files match ${display}`);
  process.exit(0);
}

let written = 0;
for (const [file, content] of expected) {
  const target = path.join(outDir, file);
  const current = await readFile(target, 'utf8').catch(() => undefined);
  if (current === content) continue;
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, content);
  written++;
}
for (const file of onDisk) {
  if (!expected.has(file)) {
    await rm(path.join(outDir, file), { recursive: true, force: true });
    written++;
  }
}
if (!values.quiet) {
  console.log(`generated ${expected.size} files from ${display} (${written} changed) in ${Math.round(performance.now() - started)} ms`);
}
