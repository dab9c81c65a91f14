// Where the running toolwright and its generator come from, for the verbs that must say how to
// install them where neither is published: `init provider` packs them into the new package, and
// `generate` names the generator's tarball beside the one toolwright was installed from.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TOOLWRIGHT_PACKAGE = 'toolwright';
export const CODEGEN_PACKAGE = '@toolwright/codegen';

/** A package folder on this machine: a checkout or an installed copy. */
export interface PackageSource {
  name: string;
  version: string;
  dir: string;
}

interface Manifest {
  name?: unknown;
  version?: unknown;
  dependencies?: Record<string, unknown>;
  devDependencies?: Record<string, unknown>;
}

function readManifest(dir: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/** The folder of the toolwright package this code runs from (src/ of a checkout, or dist/ of any copy). */
export function ownPackageDir(from: string = import.meta.url): string | undefined {
  let dir = path.dirname(fileURLToPath(from));
  for (;;) {
    if (readManifest(dir)?.name === TOOLWRIGHT_PACKAGE) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The package `name` as `fromDir` resolves it (a sibling in node_modules, a workspace link), or undefined. */
export function resolvePackage(name: string, fromDir: string): PackageSource | undefined {
  let manifestPath: string;
  try {
    manifestPath = createRequire(path.join(fromDir, 'package.json')).resolve(`${name}/package.json`);
  } catch {
    return undefined;
  }
  const dir = path.dirname(realpathSync(manifestPath));
  const manifest = readManifest(dir);
  if (manifest?.name !== name || typeof manifest.version !== 'string') return undefined;
  return { name, version: manifest.version, dir };
}

/** The file name `npm pack` gives a package: `@scope/name` 1.2.3 → scope-name-1.2.3.tgz. */
export function tarballName(name: string, version: string): string {
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

/**
 * The tarball toolwright was installed from, when the project holding it names one (`npm install
 * ./toolwright-0.1.0.tgz` writes `file:…` into its package.json); undefined for a registry install
 * or a checkout.
 */
function installedFromTarball(toolwrightDir: string): string | undefined {
  const modules = path.dirname(toolwrightDir);
  if (path.basename(modules) !== 'node_modules') return undefined;
  const project = path.dirname(modules);
  const manifest = readManifest(project);
  const spec = manifest?.dependencies?.[TOOLWRIGHT_PACKAGE] ?? manifest?.devDependencies?.[TOOLWRIGHT_PACKAGE];
  if (typeof spec !== 'string' || !spec.startsWith('file:') || !spec.endsWith('.tgz')) return undefined;
  return path.resolve(project, spec.slice('file:'.length));
}

/**
 * How to install the generator of `version`: its tarball when one lies beside the tarball toolwright
 * was installed from (as the two are packed together), else the registry package (and the tarball
 * to use where it is not published).
 */
export function codegenInstallCommand(version: string, cwd: string = process.cwd()): string {
  const own = ownPackageDir();
  const tarball = own === undefined ? undefined : installedFromTarball(own);
  const beside = tarball && path.join(path.dirname(tarball), tarballName(CODEGEN_PACKAGE, version));
  if (beside && existsSync(beside)) {
    const relative = path.relative(cwd, beside);
    return `npm install --save-dev ${relative.startsWith('.') || path.isAbsolute(relative) ? relative : `./${relative}`}`;
  }
  return `npm install --save-dev ${CODEGEN_PACKAGE}@${version} (where it is not published: the ${tarballName(CODEGEN_PACKAGE, version)} packed with toolwright's)`;
}
