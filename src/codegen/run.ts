// `toolwright generate [catalog.yaml] [--out DIR] [--tests DIR] [--handlers MODULE] [--check]`:
// writes the generated files, or (--check) regenerates in memory and fails naming every stale file.
// Loaded only by the generate verb: the library never imports the generator.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_LAYOUT, GENERATED_MARK, type Layout } from './emit/common.js';
import { generate } from './generate.js';

const MAX_PROBLEMS_SHOWN = 200;

export interface GenerateOptions {
  catalog?: string;
  out?: string;
  tests?: string;
  handlers?: string;
  check?: boolean;
  quiet?: boolean;
}

export interface GenerateIO {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  /** The project folder: every path is relative to it (default process.cwd()). */
  cwd?: string;
}

/** Runs the verb; resolves to the exit code (0 done, 1 problems or stale files, 2 unreadable catalog). */
export async function runGenerate(options: GenerateOptions, io: GenerateIO): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  const catalogPath = path.resolve(cwd, options.catalog ?? 'catalog.yaml');
  const display = toPosix(path.relative(cwd, catalogPath)) || catalogPath;
  const layout: Layout = {
    out: projectPath(cwd, options.out ?? DEFAULT_LAYOUT.out),
    tests: projectPath(cwd, options.tests ?? DEFAULT_LAYOUT.tests),
    handlers: projectPath(cwd, options.handlers ?? DEFAULT_LAYOUT.handlers),
  };

  let text: string;
  try {
    text = await readFile(catalogPath, 'utf8');
  } catch (error) {
    io.stderr.write(`${display}: cannot read the catalog: ${(error as Error).message}\n`);
    return 2;
  }

  const started = performance.now();
  const outcome = await generate(text, display, layout);
  if (!outcome.ok) {
    // A broken YAML document can cascade into thousands of parse errors: the first ones locate it.
    const shown = outcome.problems.slice(0, MAX_PROBLEMS_SHOWN);
    const more = outcome.problems.length - shown.length;
    io.stderr.write(`${shown.join('\n')}\n${more > 0 ? `… and ${more} more\n` : ''}\n${outcome.problems.length} problem(s) in ${display}; nothing was generated.\n`);
    return 1;
  }
  const expected = new Map(outcome.files.map((f) => [f.path, f.content]));
  const onDisk = await listGenerated(cwd, [layout.out, layout.tests]);

  if (options.check) {
    const stale: string[] = [];
    for (const [file, content] of expected) {
      const current = await readFile(path.resolve(cwd, file), 'utf8').catch(() => undefined);
      if (current === undefined) stale.push(`${file} (missing)`);
      else if (current !== content) stale.push(`${file} (differs from what ${display} generates)`);
    }
    for (const file of onDisk) if (!expected.has(file)) stale.push(`${file} (no longer generated)`);
    if (stale.length > 0) {
      io.stderr.write(`Generated files are stale; run \`toolwright generate\`:\n${stale.map((s) => `  ${s}`).join('\n')}\n`);
      return 1;
    }
    if (!options.quiet) io.stdout.write(`generate --check: ${expected.size} generated files match ${display}\n`);
    return 0;
  }

  let written = 0;
  for (const [file, content] of expected) {
    const target = path.resolve(cwd, file);
    const current = await readFile(target, 'utf8').catch(() => undefined);
    if (current === content) continue;
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
    written++;
  }
  for (const file of onDisk) {
    if (!expected.has(file)) {
      await rm(path.resolve(cwd, file), { force: true });
      written++;
    }
  }
  if (!options.quiet) {
    io.stdout.write(`generated ${expected.size} files from ${display} (${written} changed) in ${Math.round(performance.now() - started)} ms\n`);
    if (!existsSync(path.resolve(cwd, layout.handlers))) {
      io.stdout.write(`note: ${layout.handlers} does not exist yet; the conformance tests import its \`handlers\` export (--handlers MODULE)\n`);
    }
  }
  return 0;
}

/** A path as the project sees it: relative to the project folder, posix separators. */
function projectPath(cwd: string, value: string): string {
  const relative = toPosix(path.relative(cwd, path.resolve(cwd, value)));
  return relative === '' ? '.' : relative;
}

function toPosix(value: string): string {
  return value.split(path.sep).join('/');
}

/** Files in `dirs` that carry the generated header: only those are ever replaced or removed. */
async function listGenerated(cwd: string, dirs: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const dir of new Set(dirs)) {
    let entries: string[] = [];
    try {
      entries = await readdir(path.resolve(cwd, dir));
    } catch {
      continue;
    }
    for (const entry of entries.sort()) {
      const file = path.resolve(cwd, dir, entry);
      const head = await readFile(file, 'utf8').then((text) => text.slice(0, GENERATED_MARK.length), () => '');
      if (head === GENERATED_MARK) found.push(`${dir === '.' ? '' : `${dir}/`}${entry}`);
    }
  }
  return found;
}
