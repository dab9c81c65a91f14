// Where the `rg` binary is: the override from the environment, else the one of @vscode/ripgrep. Both
// grep and the workspace's confined helper (which shows rg's folder inside its sandbox) need it.
import { access, constants } from 'node:fs/promises';
import { ToolError } from '../contract/errors.js';

/** Environment variable that points toolwright at another rg binary (tests use it to simulate a missing one). */
export const RG_PATH_ENV = 'TOOLWRIGHT_RG_PATH';

let bundledRgPath: Promise<string | undefined> | undefined;
const checkedPaths = new Set<string>();

/** Finds an executable rg: the override from the environment, else the one bundled with @vscode/ripgrep. */
export async function locateRipgrep(): Promise<string> {
  const override = process.env[RG_PATH_ENV];
  let candidate = override || undefined;
  if (!candidate) {
    bundledRgPath ??= import('@vscode/ripgrep').then(
      (mod) => mod.rgPath,
      () => undefined,
    );
    candidate = await bundledRgPath;
    if (!candidate) {
      throw new ToolError(
        'UNAVAILABLE',
        'ripgrep is not installed: the platform package of @vscode/ripgrep is missing (reinstall dependencies with optional packages enabled)',
      );
    }
  }
  if (!checkedPaths.has(candidate)) {
    try {
      await access(candidate, constants.X_OK);
    } catch {
      throw new ToolError('UNAVAILABLE', `ripgrep binary ${candidate} is missing or not executable`, { rg: candidate });
    }
    checkedPaths.add(candidate);
  }
  return candidate;
}
