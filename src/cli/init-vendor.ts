// The toolwright and @toolwright/codegen a scaffold depends on: the ones `init provider` runs from
// (a checkout or an installed copy), packed with `npm pack` into the new package's vendor/ folder,
// so its `npm install` needs nothing of toolwright from a registry. Both must be built (dist/), of
// the same version, and the generator resolvable from toolwright's folder (beside it in
// node_modules, or the checkout's workspace link).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  CODEGEN_PACKAGE,
  ownPackageDir,
  resolvePackage,
  tarballName,
  TOOLWRIGHT_PACKAGE,
  type PackageSource,
} from './package-sources.js';

/** The two tarballs written into `destination`, by file name. */
export interface VendoredPackages {
  toolwright: string;
  codegen: string;
}

/** Packs the packages into `destination`; resolves to their file names, or a one-line reason it cannot. */
export type Vendor = (destination: string) => Promise<VendoredPackages | string>;

/** What each package must hold to be packed: its build (`npm pack` runs no build script here). */
const BUILT_FILES: Readonly<Record<string, readonly string[]>> = {
  [TOOLWRIGHT_PACKAGE]: ['dist/index.js', 'dist/cli.js'],
  [CODEGEN_PACKAGE]: ['dist/index.js'],
};

/** toolwright at `toolwrightDir` and the generator beside it, checked; or a one-line reason. */
export function locatePackages(toolwrightDir: string, version: string): [PackageSource, PackageSource] | string {
  const toolwright: PackageSource = { name: TOOLWRIGHT_PACKAGE, version, dir: toolwrightDir };
  const codegen = resolvePackage(CODEGEN_PACKAGE, toolwrightDir);
  if (!codegen) {
    return (
      `the provider needs ${CODEGEN_PACKAGE} ${version} beside toolwright, and none is installed there (${toolwrightDir}): ` +
      `install ${tarballName(CODEGEN_PACKAGE, version)} where toolwright is installed, then run init again`
    );
  }
  if (codegen.version !== version) {
    return `toolwright ${version} needs ${CODEGEN_PACKAGE} ${version}, but ${codegen.version} is installed beside it (${codegen.dir})`;
  }
  for (const source of [toolwright, codegen]) {
    const missing = BUILT_FILES[source.name]!.find((file) => !existsSync(path.join(source.dir, file)));
    if (missing !== undefined) {
      return `${source.name} in ${source.dir} is not built (no ${missing}): run \`npm run build && npm run build:codegen\` in the checkout first`;
    }
  }
  return [toolwright, codegen];
}

/** `npm pack` of the folder into `destination`, scripts off (an installed copy has no sources to build); its file name. */
export function packFolder(source: PackageSource, destination: string): Promise<string> {
  const windows = process.platform === 'win32';
  return new Promise((resolve, reject) => {
    execFile(
      windows ? 'npm.cmd' : 'npm',
      ['pack', source.dir, '--ignore-scripts', '--json', '--pack-destination', destination],
      { cwd: destination, encoding: 'utf8', shell: windows, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
            reject(new Error('init provider packs toolwright with npm, and no npm is on the PATH'));
            return;
          }
          const said = stderr.trim().split('\n').at(-1) ?? '';
          reject(new Error(`npm pack ${source.dir} failed: ${said || error.message}`));
          return;
        }
        try {
          const [packed] = JSON.parse(stdout) as { filename: string }[];
          resolve(path.basename(packed!.filename));
        } catch {
          reject(new Error(`npm pack ${source.dir} printed no file name`));
        }
      },
    );
  });
}

/** The toolwright this runs from (version `version`) and the generator beside it, packed. */
export function runningPackages(version: string): Vendor {
  return async (destination) => {
    const own = ownPackageDir();
    if (own === undefined)
      return 'cannot find the folder of the running toolwright (no package.json named toolwright above it)';
    const located = locatePackages(own, version);
    if (typeof located === 'string') return located;
    try {
      // One after the other: two npm processes at once contend for its cache.
      const toolwright = await packFolder(located[0], destination);
      const codegen = await packFolder(located[1], destination);
      return { toolwright, codegen };
    } catch (error) {
      return (error as Error).message;
    }
  };
}
