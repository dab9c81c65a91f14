// The sandbox a command runs in, as exec.sandbox (or the CLI's --sandbox MODE) names it.
import { ToolError } from '../contract/errors.js';

export type SandboxMode = 'none' | 'workspace-write' | 'read-only';
export type SandboxOption = SandboxMode | { mode: SandboxMode; network?: boolean; writable?: readonly string[] };

export interface SandboxSettings {
  mode: SandboxMode;
  network: boolean;
  /** Extra writable folders, absolute (or workspace-relative before `resolveWritable`). */
  writable: readonly string[];
}

const MODES: readonly SandboxMode[] = ['none', 'workspace-write', 'read-only'];

/** Parses `exec.sandbox` (or the CLI's `--sandbox MODE`); a bad value is INVALID_INPUT naming the choices. */
export function parseSandboxOption(option: SandboxOption | undefined): SandboxSettings {
  if (option === undefined) return { mode: 'none', network: true, writable: [] };
  const bad = (why: string) =>
    new ToolError(
      'INVALID_INPUT',
      `exec.sandbox ${why}; use 'none', 'workspace-write', 'read-only' or { mode, network?, writable? }`,
    );
  if (typeof option === 'string') {
    if (!MODES.includes(option)) throw bad(`is ${JSON.stringify(option)}`);
    return { mode: option, network: option === 'none', writable: [] };
  }
  if (typeof option !== 'object' || option === null) throw bad(`is ${JSON.stringify(option)}`);
  const { mode, network, writable } = option;
  if (!MODES.includes(mode)) throw bad(`mode is ${JSON.stringify(mode)}`);
  if (network !== undefined && typeof network !== 'boolean') throw bad('network must be a boolean');
  if (
    writable !== undefined &&
    (!Array.isArray(writable) ||
      writable.some((entry) => typeof entry !== 'string' || entry === '' || entry.includes('\0')))
  ) {
    throw bad('writable must be a list of folder paths');
  }
  return { mode, network: network ?? mode === 'none', writable: [...((writable as string[] | undefined) ?? [])] };
}
