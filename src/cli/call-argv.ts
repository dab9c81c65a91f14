// A plain `toolwright call <tool> [json] [flags]` read without commander, whose load and parse were
// a tenth of such a call's time. Only the forms whose meaning is certain are read here; anything
// else (help, `--`, an unknown or malformed flag, a value a parser refuses, too many arguments) is
// left to commander, which reads it or says what is wrong. test/cli/call-argv.test.ts checks the
// two agree.
import type { ToolkitFlags } from './toolkit-flags.js';
import { CALL_OPTIONS, TOOLKIT_OPTIONS } from './toolkit-option-table.js';

export interface CallArgv {
  tool: string;
  json: string;
  flags: ToolkitFlags & { json?: boolean };
}

interface Flag {
  /** The attribute commander stores the flag under (camel case, without `no-`). */
  key: string;
  takesValue: boolean;
  /** `--no-x`: sets `x` to false, and `x` is true unless given. */
  negates: boolean;
  parse?: (value: string, previous: unknown) => unknown;
}

/** The flags by every name they are written with (`-w`, `--workspace`), built on first use. */
let flagsByName: Map<string, Flag> | undefined;

function callFlags(): Map<string, Flag> {
  if (flagsByName) return flagsByName;
  flagsByName = new Map();
  for (const option of [...CALL_OPTIONS, ...TOOLKIT_OPTIONS]) {
    const match = /^(?:(-\w), )?--([\w-]+)(?: <[^>]+>)?$/.exec(option.flags);
    if (!match) throw new Error(`call-argv: cannot read the flag syntax ${JSON.stringify(option.flags)}`);
    const [, short, long] = match as unknown as [string, string | undefined, string];
    const negates = long.startsWith('no-');
    const flag: Flag = {
      key: (negates ? long.slice(3) : long).replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
      takesValue: option.flags.endsWith('>'),
      negates,
      parse: option.parse,
    };
    flagsByName.set(`--${long}`, flag);
    if (short) flagsByName.set(short, flag);
  }
  return flagsByName;
}

/**
 * `argv` (after `call`) as commander would read it, or undefined where commander must read it.
 * Flags may come before, between or after the two arguments, as commander allows.
 */
export function plainCallArgv(argv: readonly string[]): CallArgv | undefined {
  const known = callFlags();
  const flags: Record<string, unknown> = {};
  for (const flag of known.values()) if (flag.negates) flags[flag.key] = true;
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-' || !arg.startsWith('-')) {
      positional.push(arg);
      continue;
    }
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = equals === -1 ? arg : arg.slice(0, equals);
    const flag = known.get(name);
    if (!flag) return undefined;
    if (!flag.takesValue) {
      if (equals !== -1) return undefined;
      flags[flag.key] = !flag.negates;
      continue;
    }
    const value = equals === -1 ? argv[++i] : arg.slice(equals + 1);
    // A missing value, or one that looks like a flag: commander's to judge.
    if (value === undefined || value.startsWith('-')) return undefined;
    try {
      flags[flag.key] = flag.parse ? flag.parse(value, flags[flag.key]) : value;
    } catch {
      return undefined; // commander reports the refused value
    }
  }
  if (positional.length < 1 || positional.length > 2) return undefined;
  return { tool: positional[0]!, json: positional[1] ?? '{}', flags };
}
