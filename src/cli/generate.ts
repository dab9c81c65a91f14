// The `toolwright generate` verb. The generator (js-yaml, ajv and its standalone code) loads
// only when this verb runs: the other verbs and the library never pay for it.
import type { Command } from 'commander';

interface GenerateIO {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
}

export function registerGenerateCommand(program: Command, io: GenerateIO, exitCode: { value: number }): void {
  program.command('generate')
    .description('Generate types, schemas, precompiled validators, registry and conformance tests from a catalog')
    .argument('[catalog]', 'the catalog file', 'catalog.yaml')
    .option('--out <dir>', 'folder for the generated source', 'src/generated')
    .option('--tests <dir>', 'folder for the generated conformance tests', 'test/generated')
    .option('--handlers <module>', 'module exporting the handler map as `handlers` (imported by the tests)', 'src/handlers.ts')
    .option('--check', 'regenerate in memory; exit 1 naming every stale file, write nothing')
    .option('--quiet', 'print nothing on success')
    .addHelpText('after', `
Paths are relative to the current folder; problems are reported as FILE:LINE:COL: message.
Exit codes: 0 done; 1 catalog problems, stale files (--check) or a file generate refuses to replace
(a symbolic link, or a file without the generated header); 2 unreadable catalog, or --out/--tests
outside the current folder; 3 an internal error of the generator (reported with its stack).`)
    .action(async (catalog: string, flags: { out: string; tests: string; handlers: string; check?: boolean; quiet?: boolean }) => {
      const { runGenerate } = await import('../codegen/run.js');
      exitCode.value = await runGenerate({ catalog, ...flags }, io);
    });
}
