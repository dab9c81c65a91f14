// `toolwright call <tool> '<json>'`: one tool call, its text on stdout (errors on stderr), exit 0/1/2;
// `call bash` exits with the command's own status, as a shell would.
import { constants } from 'node:os';
import { isatty } from 'node:tty';
import { invokeByName, parseArguments } from '../adapters/dispatch.js';
import { inertJson, inertText } from '../runtime/control-text.js';
import { createTerminalUserChannel } from '../runtime/services/user.js';
import { createToolkit } from '../runtime/toolkit.js';
import type { CliIO } from '../cli.js';
import type { ToolkitFlags } from './toolkit-flags.js';
import { toolkitOptions } from './toolkit-options.js';
import { EXIT_OK, EXIT_TOOL_ERROR, EXIT_USAGE, UsageError } from './usage.js';

export async function runCall(
  io: CliIO,
  tool: string,
  json: string,
  flags: ToolkitFlags & { json?: boolean },
): Promise<number> {
  const text = json === '-' ? await io.readStdin() : json;
  const parsed = parseArguments(text);
  if (!parsed.ok) throw new UsageError(parsed.message);
  if (parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
    throw new UsageError('the arguments must be a JSON object, e.g. \'{"path":"a.txt"}\'');
  }
  if ((parsed.value as Record<string, unknown>).run_in_background === true) {
    throw new UsageError(
      '`call` runs one tool and exits, so a background job would be killed with it: ' +
        'drop run_in_background, or serve the tools (`toolwright mcp`) for jobs that outlive one call',
    );
  }
  // isatty(0), not process.stdin.isTTY: the getter builds a stdin stream (and loads its modules)
  // that a call without a terminal never reads.
  const user = isatty(0) && json !== '-' ? createTerminalUserChannel() : undefined;
  const options = await toolkitOptions(flags, user ? { user } : {});
  const toolkit = createToolkit(options);
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  try {
    const result = await invokeByName(toolkit, tool, parsed.value, { signal: controller.signal });
    // What reaches the operator's terminal is inert, unless a terminal was asked for (bash with pty).
    const terminal = result.meta.operation === 'exec.bash' && (parsed.value as { pty?: unknown }).pty === true;
    const text = terminal ? result.text : inertText(result.text);
    if (flags.json) io.stdout.write(`${inertJson(JSON.stringify(result, null, 2))}\n`);
    else if (result.ok) io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    else io.stderr.write(`${text}\n`);
    if (result.ok) return result.meta.operation === 'exec.bash' ? commandStatus(result.output) : EXIT_OK;
    // Naming a tool that does not exist is a usage error, as it is for `schema`.
    return result.error.code === 'UNKNOWN_OPERATION' ? EXIT_USAGE : EXIT_TOOL_ERROR;
  } finally {
    process.off('SIGINT', onInterrupt);
    await toolkit.close();
    // The verb opened the store (--store): a toolkit never closes one it was handed.
    if (typeof options.store === 'object') await options.store.close();
  }
}

/** The exit status of the command bash ran: its own code, or 128 + the signal number that ended it. */
function commandStatus(output: unknown): number {
  const { exit_code, signal } = (output ?? {}) as { exit_code?: unknown; signal?: unknown };
  if (typeof exit_code === 'number') return exit_code;
  const number = typeof signal === 'string' ? constants.signals[signal as NodeJS.Signals] : undefined;
  return number === undefined ? EXIT_OK : 128 + number;
}
