// `toolwright generate [catalog.yaml] [--out DIR] [--tests DIR] [--handlers MODULE] [--check]`:
// writes the generated files, or (--check) regenerates in memory and fails naming every stale file.
// Loaded only by the generate verb: the library never imports the generator.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_LAYOUT, type Layout } from './emit/common.js';
import { generateTo, type CatalogSource, type OutputFile } from './generate.js';
import { inspectTarget, listGenerated, removeGenerated, StagedWrites } from './safe-write.js';

const MAX_PROBLEMS_SHOWN = 200;

/** The verb's flags, as toolwright's CLI hands them over (a type test holds them to the CLI's GenerateFlags). */
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

/**
 * Runs the verb; resolves to the exit code: 0 done, 1 catalog problems, stale files (--check) or a
 * target generate refuses to replace, 2 unreadable catalog or a folder outside the project, 3 a
 * failure of the generator itself.
 */
export async function runGenerate(options: GenerateOptions, io: GenerateIO): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  const catalogPath = path.resolve(cwd, options.catalog ?? 'catalog.yaml');
  const display = toPosix(path.relative(cwd, catalogPath)) || catalogPath;
  const layout = layoutInside(cwd, options, io);
  if (!layout) return 2;

  // Held only by the generator (it drops the text of a big catalog once it is parsed and checked).
  const source: CatalogSource = { reload: () => readFileSync(catalogPath, 'utf8') };
  try {
    source.text = await readFile(catalogPath, 'utf8');
  } catch (error) {
    io.stderr.write(`${display}: cannot read the catalog: ${(error as Error).message}\n`);
    return 2;
  }

  const started = performance.now();
  const staged = new StagedWrites(cwd);
  try {
    // Listed before anything is staged: only what a previous run left can be left over.
    const onDisk = (await listGenerated(cwd, [layout.out, `${layout.out}/validators`, layout.tests])).map((file) =>
      path.posix.normalize(file),
    );
    const run = await generateAndStage(source, display, layout, cwd, options.check === true, staged);
    if (!run.ok) {
      await staged.discard();
      // A broken document can cascade into thousands of problems: the first ones locate it.
      const shown = run.problems.slice(0, MAX_PROBLEMS_SHOWN);
      const more = run.problems.length - shown.length;
      io.stderr.write(
        `${shown.join('\n')}\n${more > 0 ? `… and ${more} more\n` : ''}\n${run.problems.length} problem(s) in ${display}; nothing was generated.\n`,
      );
      return 1;
    }
    if (run.refused.length > 0 && !options.check) {
      await staged.discard();
      io.stderr.write(`${run.refused.map((r) => `${r}\n`).join('')}\nnothing was written.\n`);
      return 1;
    }
    const leftover = onDisk.filter((file) => !run.expected.has(file));
    if (options.check) {
      const stale = [...run.stale, ...run.refused, ...leftover.map((file) => `${file} (no longer generated)`)];
      if (stale.length > 0) {
        io.stderr.write(
          `Generated files are stale; run \`toolwright generate\`:\n${stale.map((s) => `  ${s}`).join('\n')}\n`,
        );
        return 1;
      }
      if (!options.quiet) io.stdout.write(`generate --check: ${run.expected.size} generated files match ${display}\n`);
      return 0;
    }
    const changed = staged.size + leftover.length;
    await staged.commit();
    for (const file of leftover) await removeGenerated(cwd, file);
    if (!options.quiet) {
      io.stdout.write(
        `generated ${run.expected.size} files from ${display} (${changed} changed) in ${Math.round(performance.now() - started)} ms\n`,
      );
      if (!existsSync(path.resolve(cwd, layout.handlers))) {
        io.stdout.write(
          `note: ${layout.handlers} does not exist yet; the conformance tests import its \`handlers\` export (--handlers MODULE)\n`,
        );
      }
    }
    return 0;
  } catch (error) {
    await staged.discard();
    return reportFault(error, display, io);
  }
}

/** The layout the flags ask for, or undefined (said on stderr) when --out or --tests leaves the project. */
function layoutInside(cwd: string, options: GenerateOptions, io: GenerateIO): Layout | undefined {
  const layout: Layout = {
    out: projectPath(cwd, options.out ?? DEFAULT_LAYOUT.out),
    tests: projectPath(cwd, options.tests ?? DEFAULT_LAYOUT.tests),
    handlers: projectPath(cwd, options.handlers ?? DEFAULT_LAYOUT.handlers),
  };
  for (const [flag, dir] of [
    ['--out', layout.out],
    ['--tests', layout.tests],
  ] as const) {
    if (dir === '..' || dir.startsWith('../') || path.isAbsolute(dir)) {
      io.stderr.write(
        `${flag} ${dir} is outside the current folder: run toolwright generate from the project folder, with --out and --tests inside it\n`,
      );
      return undefined;
    }
  }
  return layout;
}

function reportFault(error: unknown, display: string, io: GenerateIO): number {
  // A system call that failed (a name too long, a full disk) is named; anything else is a fault of the generator.
  const system =
    typeof (error as NodeJS.ErrnoException | undefined)?.code === 'string' &&
    typeof (error as NodeJS.ErrnoException).syscall === 'string';
  const detail = error instanceof Error ? (system ? error.message : (error.stack ?? error.message)) : String(error);
  const what = system ? 'failed while generating' : 'internal error in the generator while generating';
  io.stderr.write(
    `toolwright generate: ${what} from ${display} (not a problem in the catalog); nothing was written:\n${detail}\n`,
  );
  return 3;
}

type StagedRun =
  { ok: false; problems: string[] } | { ok: true; expected: Set<string>; stale: string[]; refused: string[] };

/** Generates file by file: compared with the disk (--check) or staged beside its target. */
async function generateAndStage(
  source: CatalogSource,
  display: string,
  layout: Layout,
  cwd: string,
  check: boolean,
  staged: StagedWrites,
): Promise<StagedRun> {
  const expected = new Set<string>();
  const stale: string[] = [];
  const refused: string[] = [];
  const outcome = await generateTo(source, display, layout, async (file: OutputFile) => {
    expected.add(path.posix.normalize(file.path)); // `--out .` makes ./types.ts

    const state = await inspectTarget(cwd, file.path);
    if (state.kind === 'refused') {
      refused.push(
        check ? `${file.path} (${state.reason})` : `${file.path}: ${state.reason}; generate refuses to replace it`,
      );
      return;
    }
    if (
      state.kind === 'generated' &&
      state.content.equals(typeof file.content === 'string' ? Buffer.from(file.content) : file.content)
    )
      return;
    if (check)
      stale.push(`${file.path} (${state.kind === 'missing' ? 'missing' : `differs from what ${display} generates`})`);
    else if (refused.length === 0) await staged.stage(file.path, file.content);
  });
  if (!outcome.ok) return outcome;
  return { ok: true, expected, stale: stale.sort(), refused };
}

/** A path as the project sees it: relative to the project folder, posix separators. */
function projectPath(cwd: string, value: string): string {
  const relative = toPosix(path.relative(cwd, path.resolve(cwd, value)));
  return relative === '' ? '.' : relative;
}

function toPosix(value: string): string {
  return value.split(path.sep).join('/');
}
