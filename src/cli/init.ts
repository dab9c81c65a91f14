// `toolwright init provider <name> [--dir D]`: writes a provider package that generates, typechecks
// and passes its tests at once (the files are in init-templates.ts), its toolwright and generator
// packed into its vendor/ folder from the ones this runs from (init-vendor.ts), so the steps it
// prints work where toolwright is on no registry. It refuses a folder that is not empty, a name that
// is no npm package name or gives no provider name, and packages it cannot pack, and writes nothing then.
import type { Command } from 'commander';
import { inertText } from '../runtime/text/control-text.js';
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
  // The generator refuses a provider named after a member of every JavaScript object.
  if (Object.hasOwn(Object.prototype, provider)) {
    return {
      problem: `"${packageName}" gives the provider name "${provider}", a member of every JavaScript object (Object.prototype), which cannot name a provider; choose another name (e.g. "${provider}_tools")`,
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
  // Names, paths and errors are quoted: inert, whatever a hostile name or folder holds.
  const fail = (message: string) => {
    io.stderr.write(`toolwright init provider: ${inertText(message)}\n`);
    return EXIT_USAGE;
  };
  const named = providerNameFor(packageName);
  if ('problem' in named) return fail(named.problem);
  const path = await import('node:path');
  const { tmpdir } = await import('node:os');
  const { randomBytes } = await import('node:crypto');
  const { constants, chmod, copyFile, mkdir, mkdtemp, rm, rmdir, writeFile } = await import('node:fs/promises');
  const { scaffoldFiles } = await import('./init-templates.js');
  const target = path.resolve(cwd, flags.dir ?? packageName.slice(packageName.indexOf('/') + 1));
  const shown = path.relative(cwd, target) || '.';
  // Checked now so a taken folder fails at once, and again when the scaffold is moved in.
  const taken = await targetProblem(target, shown);
  if (taken) return fail(taken);
  // Packed aside first: a package that cannot be packed leaves nothing behind.
  const packing = await mkdtemp(path.join(tmpdir(), 'toolwright-init-'));
  let staging: string | undefined;
  /** Folders above the target made for it, removed again when it is not written. */
  let madeParents: string[] = [];
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
    // Written into a private folder beside the target, then moved in whole: nothing put in the
    // target meanwhile (a link, a file) is written through or over, and a failure leaves no half scaffold.
    const parent = path.dirname(target);
    try {
      madeParents = await makeFolders(parent);
    } catch (error) {
      return fail(`cannot create ${path.relative(cwd, parent) || '.'}: ${(error as Error).message}`);
    }
    staging = path.join(parent, `.${path.basename(target)}.init-${randomBytes(6).toString('hex')}`);
    await mkdir(staging, { mode: 0o700 });
    for (const [relative, content] of files) {
      const file = path.join(staging, relative);
      await makeFolders(path.dirname(file));
      await writeFile(file, content, { flag: 'wx' });
    }
    await mkdir(path.join(staging, VENDOR));
    for (const tarball of [packed.toolwright, packed.codegen]) {
      await copyFile(path.join(packing, tarball), path.join(staging, VENDOR, tarball), constants.COPYFILE_EXCL);
    }
    // The mode a plain mkdir would have given the package's folder.
    await chmod(staging, 0o777 & ~process.umask());
    const moved = await moveInto(staging, target, shown);
    if (moved) return fail(moved);
    staging = undefined;
    madeParents = [];
    io.stdout.write(
      inertText(
        `wrote the provider ${named.provider} (${files.size} files) in ${shown}, with the toolwright and @toolwright/codegen ${version} it was made with packed in ${path.join(shown, VENDOR)}/\n` +
          `next: cd ${shellWord(shown)} && npm install && npm run generate && npm test\n`,
      ),
    );
    return 0;
  } catch (error) {
    return fail(`cannot write ${shown}: ${(error as Error).message}; nothing was written`);
  } finally {
    if (staging !== undefined) await rm(staging, { recursive: true, force: true });
    // Innermost first; rmdir removes only a folder still empty.
    for (const folder of madeParents.reverse()) await rmdir(folder).catch(() => {});
    await rm(packing, { recursive: true, force: true });
  }
}

/**
 * `mkdir -p`, each missing folder made once; resolves to the folders it made, outermost first. Not `mkdir(folder, { recursive: true })`: on Node 20 it
 * spins forever when mkdir answers ENOENT though the parent exists (under /proc). (Not own-files.ts's
 * makeFolders: a module this verb imports would bring the toolkit's chunk with it.)
 */
async function makeFolders(folder: string): Promise<string[]> {
  const path = await import('node:path');
  const { lstat, mkdir, rmdir } = await import('node:fs/promises');
  const missing: string[] = [];
  for (let current = path.resolve(folder); ;) {
    try {
      await lstat(current);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    missing.push(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  const made: string[] = [];
  for (const current of missing.reverse()) {
    try {
      await mkdir(current);
      made.push(current);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      for (const folder of made.reverse()) await rmdir(folder).catch(() => {});
      if (code === 'ENOENT')
        throw new Error(`${path.dirname(current)} exists but takes no new folder ${current} (ENOENT)`, {
          cause: error,
        });
      throw error;
    }
  }
  return made;
}

/** Why the target cannot receive the scaffold (a link, a file, a folder that is not empty), or undefined. */
async function targetProblem(target: string, shown: string): Promise<string | undefined> {
  const { lstat, readdir } = await import('node:fs/promises');
  let stats;
  try {
    stats = await lstat(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return `cannot read ${shown}: ${(error as Error).message}`;
  }
  if (stats.isSymbolicLink()) return `${shown} is a symbolic link; give an empty or new folder with --dir`;
  if (!stats.isDirectory()) return `${shown} is a file, not a folder`;
  try {
    if ((await readdir(target)).length > 0) return `${shown} is not empty; give an empty or new folder with --dir`;
  } catch (error) {
    return `cannot read ${shown}: ${(error as Error).message}`;
  }
  return undefined;
}

/**
 * Moves the finished scaffold to `target` if that is still absent or an empty folder (a rename
 * takes the place of an empty folder, never of a link or a file); a reason otherwise.
 */
async function moveInto(staging: string, target: string, shown: string): Promise<string | undefined> {
  const { rename, rmdir } = await import('node:fs/promises');
  try {
    await rename(staging, target);
    return undefined;
  } catch (error) {
    const problem = await targetProblem(target, shown);
    if (problem)
      return `${problem.replace(/;.*$/, '')} now (it changed while the scaffold was written); nothing was written`;
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'EPERM' && code !== 'EACCES')
      return `cannot move the scaffold into ${shown}: ${(error as Error).message}; nothing was written`;
  }
  // An empty folder a rename may not replace (Windows): removed, then once more; rmdir and rename
  // never follow a link put there meanwhile.
  try {
    await rmdir(target);
    await rename(staging, target);
    return undefined;
  } catch (error) {
    return `cannot move the scaffold into ${shown}: ${(error as Error).message}; nothing was written`;
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
