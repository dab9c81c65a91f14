// Checks of host paths that never throw, for building a sandbox's view of the filesystem.
import { lstatSync, realpathSync, statSync } from 'node:fs';

export function isDirectory(file: string | undefined): file is string {
  if (!file) return false;
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

export function lstatOrUndefined(file: string) {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

export function realOrSelf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

export function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
