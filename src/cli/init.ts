// `toolwright init provider <name> [--dir D]`: writes a provider package that generates, typechecks
// and passes its tests at once (the files are in init-templates.ts). It refuses a folder that is not
// empty and a name that is no npm package name or gives no provider name, and writes nothing then.
import type { Command } from 'commander';
import { EXIT_USAGE } from './usage.js';

interface IO {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
}

const PROVIDER_NAME = /^[a-z][a-z0-9_]{0,47}$/;
const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

/** The catalog's provider name for a package name, or a one-line reason the name cannot be used. */
export function providerNameFor(packageName: string): { provider: string } | { problem: string } {
  if (packageName.length > 214) return { problem: `"${packageName}" is longer than the 214 characters npm allows` };
  if (!NPM_NAME.test(packageName)) {
    return {
      problem: `"${packageName}" is not a valid npm package name: use lowercase letters, digits, "-", "." or "_" (optionally @scope/name), starting with a letter or digit`,
    };
  }
  const bare = packageName.slice(packageName.indexOf('/') + 1);
  const provider = bare.replace(/[-.~]/g, '_');
  if (!PROVIDER_NAME.test(provider)) {
    return {
      problem: `"${packageName}" gives the provider name "${provider}", which must start with a letter and be at most 48 lowercase letters, digits and "_"`,
    };
  }
  return { provider };
}

/** Writes the scaffold into `dir`; resolves to the exit code. */
export async function runInitProvider(
  io: IO,
  packageName: string,
  flags: { dir?: string },
  version: string,
  cwd: string = process.cwd(),
): Promise<number> {
  const fail = (message: string) => {
    io.stderr.write(`toolwright init provider: ${message}\n`);
    return EXIT_USAGE;
  };
  const named = providerNameFor(packageName);
  if ('problem' in named) return fail(named.problem);
  const path = await import('node:path');
  const { mkdir, readdir, writeFile } = await import('node:fs/promises');
  const { scaffoldFiles } = await import('./init-templates.js');
  const target = path.resolve(cwd, flags.dir ?? packageName.slice(packageName.indexOf('/') + 1));
  const shown = path.relative(cwd, target) || '.';
  try {
    const entries = await readdir(target);
    if (entries.length > 0) return fail(`${shown} is not empty; give an empty or new folder with --dir`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return fail(`${shown} is a file, not a folder`);
    if (code !== 'ENOENT') return fail(`cannot read ${shown}: ${(error as Error).message}`);
  }
  const files = scaffoldFiles({ packageName, provider: named.provider, version });
  for (const [relative, content] of files) {
    const file = path.join(target, relative);
    await mkdir(path.dirname(file), { recursive: true });
    // 'wx': a file that appeared meanwhile is never overwritten.
    await writeFile(file, content, { flag: 'wx' });
  }
  io.stdout.write(
    `wrote the provider ${named.provider} (${files.size} files) in ${shown}\n` +
      `next: cd ${shown} && npm install && npm run generate && npm test\n`,
  );
  return 0;
}

export function registerInitCommand(program: Command, io: IO, exitCode: { value: number }, version: string): void {
  const init = program.command('init').description('Create a project from a template');
  init
    .command('provider')
    .description('Scaffold a provider package (catalog, handler, tests) that passes its tests at once')
    .argument('<name>', 'the npm package name; its provider name is the name with "-" and "." as "_"')
    .option('--dir <dir>', 'the folder to write it in, empty or new (default: ./<name>)')
    .action(async (name: string, flags: { dir?: string }) => {
      exitCode.value = await runInitProvider(io, name, flags, version);
    });
}
