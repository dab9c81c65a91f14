// How the CLI reads flag values: each parser returns the value or throws commander's
// InvalidArgumentError, whose message commander prints beside the flag. Commander is required only
// when a value is refused, so a verb read without it (a plain `call`) never loads it.
import { lazyRequire } from '../runtime/startup/lazy-require.js';

const commander = lazyRequire<typeof import('commander')>('commander');

export const invalidArgument = (message: string): Error => new (commander().InvalidArgumentError)(message);

/** A comma-separated list, added to the values of earlier uses of the flag. */
export function parseList(value: string, previous: string[] | undefined): string[] {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [...(previous ?? []), ...items];
}

export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535)
    throw invalidArgument('must be a port number (0-65535; 0 picks a free port)');
  return port;
}

export function integerAtLeast(min: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min)
      throw invalidArgument(`must be an integer >= ${min}`);
    return n;
  };
}

export function parseQuirksMode(value: string): 'auto' | 'off' {
  if (value === 'auto' || value === 'off') return value;
  throw invalidArgument('must be auto or off');
}

export function parseEditFormat(value: string): 'str_replace' | 'apply_patch' | 'auto' {
  if (value === 'str_replace' || value === 'apply_patch' || value === 'auto') return value;
  throw invalidArgument('must be str_replace, apply_patch or auto');
}

export function parseSandboxMode(value: string): 'none' | 'workspace-write' | 'read-only' {
  if (value === 'none' || value === 'workspace-write' || value === 'read-only') return value;
  throw invalidArgument('must be none, workspace-write or read-only');
}

export function parseNetworkMode(value: string): 'none' | 'all' {
  if (value === 'none' || value === 'all') return value;
  throw invalidArgument('must be none or all (use --network-allow HOST for an allow list)');
}

export function parseNetworkMethods(value: string): 'read' | 'all' {
  if (value === 'read' || value === 'all') return value;
  throw invalidArgument('must be read or all');
}
