// `toolwright init provider <name> [--dir D]`: writes a provider package that generates, typechecks
// and passes its tests at once (the files are in init-templates.ts), its toolwright and generator
// packed into its vendor/ folder from the ones this runs from (init-vendor.ts), so the steps it
// prints work where toolwright is on no registry. It refuses a folder that is not empty, a name that
// is no npm package name or gives no provider name, and packages it cannot pack, and writes nothing then.
import type { Command } from 'commander';
import type { Vendor } from './init-vendor.js';
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

/** The folder the packed toolwright and generator go in, inside the new package. */
const VENDOR = 'vendor';

/** Writes the scaffold into `dir`; resolves to the exit code. `vendor` packs the packages it depends on. */
export async function runInitProvider(
  io: IO,
  packageName: string,
  flags: { dir?: string },
  version: string,
  cwd: string = process.cwd(),
  vendor?: Vendor,
): Promise<number> {
  const fail = (message: string) => {
    io.stderr.write(`toolwright init provider: ${message}\n`);
    return EXIT_USAGE;
  };
  const named = providerNameFor(packageName);
  if ('problem' in named) return fail(named.problem);
  const path = await import('node:path');
  const { tmpdir } = await import('node:os');
  const { constants, copyFile, mkdir, mkdtemp, readdir, rm, writeFile } = await import('node:fs/promises');
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
  // Packed aside first: a package that cannot be packed leaves nothing behind.
  const packing = await mkdtemp(path.join(tmpdir(), 'toolwright-init-'));
  try {
    const pack = vendor ?? (await import('./init-vendor.js')).runningPackages(version);
    const packed = await pack(packing);
    if (typeof packed === 'string') return fail(packed);
    const files = scaffoldFiles({
      packageName,
      provider: named.provider,
      toolwright: `file:${VENDOR}/${packed.toolwright}`,
      codegen: `file:${VENDOR}/${packed.codegen}`,
    });
    for (const [relative, content] of files) {
      const file = path.join(target, relative);
      await mkdir(path.dirname(file), { recursive: true });
      // 'wx': a file that appeared meanwhile is never overwritten.
      await writeFile(file, content, { flag: 'wx' });
    }
    await mkdir(path.join(target, VENDOR), { recursive: true });
    for (const tarball of [packed.toolwright, packed.codegen]) {
      await copyFile(path.join(packing, tarball), path.join(target, VENDOR, tarball), constants.COPYFILE_EXCL);
    }
    io.stdout.write(
      `wrote the provider ${named.provider} (${files.size} files) in ${shown}, with the toolwright and @toolwright/codegen ${version} it was made with packed in ${path.join(shown, VENDOR)}/\n` +
        `next: cd ${shellWord(shown)} && npm install && npm run generate && npm test\n`,
    );
    return 0;
  } finally {
    await rm(packing, { recursive: true, force: true });
  }
}

/** `word` as one shell word (quoted when it holds anything but safe characters). */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
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
