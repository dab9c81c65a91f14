// The `toolwright generate` verb. The generator is its own package, @toolwright/codegen (a dev
// dependency of a provider's project): it loads only when this verb runs, and a library user's
// install of toolwright carries none of it.
import type { Command } from 'commander';
import { CODEGEN_PACKAGE, codegenInstallCommand } from './package-sources.js';
import { inertText } from '../runtime/text/control-text.js';
import { EXIT_USAGE } from './usage.js';

interface GenerateIO {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
}

export interface GenerateFlags {
  catalog?: string;
  out?: string;
  tests?: string;
  handlers?: string;
  check?: boolean;
  quiet?: boolean;
}

/** What this verb needs of @toolwright/codegen (its index checks that it provides it). */
export interface CodegenEntry {
  /** The generator's version: it emits code for the toolwright of the same version. */
  version: string;
  /** Runs the verb; resolves to its exit code. */
  runGenerate(options: GenerateFlags, io: GenerateIO): Promise<number>;
}

/**
 * Where the generator is loaded from: the package by name beside toolwright; from source (this
 * repository, under tsx or vitest) the workspace's own sources, so no build is needed to generate.
 */
const CODEGEN_SPECIFIER = import.meta.url.endsWith('.ts')
  ? new URL('../../codegen/src/index.ts', import.meta.url).href
  : CODEGEN_PACKAGE;

/**
 * The generator, or a one-line reason it cannot run (not installed, or of another version). The
 * specifier is a variable, so tsc does not resolve it: the generator is no dependency of toolwright.
 */
export async function loadCodegen(
  ownVersion: string,
  specifier: string = CODEGEN_SPECIFIER,
): Promise<CodegenEntry | string> {
  let entry: CodegenEntry;
  try {
    entry = (await import(specifier)) as CodegenEntry;
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code !== 'ERR_MODULE_NOT_FOUND' || !message.includes(`'${specifier}'`)) throw error;
    return `toolwright generate needs the generator, which is not installed: ${codegenInstallCommand(ownVersion)}`;
  }
  if (entry.version !== ownVersion) {
    return `toolwright ${ownVersion} needs ${CODEGEN_PACKAGE} ${ownVersion}, but ${entry.version} is installed: ${codegenInstallCommand(ownVersion)}`;
  }
  return entry;
}

export function registerGenerateCommand(
  program: Command,
  io: GenerateIO,
  exitCode: { value: number },
  version: string,
): void {
  program
    .command('generate')
    .description(
      `Generate types, schemas, precompiled validators, registry and conformance tests from a catalog (needs ${CODEGEN_PACKAGE})`,
    )
    .argument('[catalog]', 'the catalog file', 'catalog.yaml')
    .option('--out <dir>', 'folder for the generated source', 'src/generated')
    .option('--tests <dir>', 'folder for the generated conformance tests', 'test/generated')
    .option(
      '--handlers <module>',
      'module exporting the handler map as `handlers` (imported by the tests)',
      'src/handlers.ts',
    )
    .option('--check', 'regenerate in memory; exit 1 naming every stale file, write nothing')
    .option('--quiet', 'print nothing on success')
    .addHelpText(
      'after',
      `
The generator is the package ${CODEGEN_PACKAGE}, installed beside toolwright at the same version
(npm install --save-dev ${CODEGEN_PACKAGE}, or its tarball, packed with toolwright's).
Paths are relative to the current folder; problems are reported as FILE:LINE:COL: message.
Exit codes: 0 done; 1 catalog problems, stale files (--check) or a file generate refuses to replace
(a symbolic link, or a file without the generated header); 2 unreadable catalog, --out/--tests
outside the current folder, or no generator of this version installed; 3 an internal error of the
generator (reported with its stack).`,
    )
    .action(async (catalog: string, flags: Omit<GenerateFlags, 'catalog'>) => {
      const codegen = await loadCodegen(version);
      if (typeof codegen === 'string') {
        io.stderr.write(`${codegen}\n`);
        exitCode.value = EXIT_USAGE;
        return;
      }
      // The generator's reports quote the catalog (names, descriptions): inert on the terminal.
      const inert = (stream: GenerateIO['stdout']) => ({ write: (s: string) => stream.write(inertText(s)) });
      exitCode.value = await codegen.runGenerate(
        { catalog, ...flags },
        { stdout: inert(io.stdout), stderr: inert(io.stderr) },
      );
    });
}
