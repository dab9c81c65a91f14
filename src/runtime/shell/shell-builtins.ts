// Shell keywords and builtins that run another command or code: `command`, `builtin`, `exec`,
// `time`, `coproc` (simple form), `jobs -x`, and the ones whose code the policy cannot see.
import { GetoptError, getopt, hasOption, type OptionGrammar } from './getopt.js';
import type { Unwrapped } from './wrapper-entry.js';
import { opts } from './wrapper-table.js';
import type { Word } from './words.js';

const GRAMMARS: Readonly<Record<string, OptionGrammar>> = {
  command: opts('pvV'),
  builtin: opts(''),
  exec: opts('cl', 'a'),
  time: opts('p'),
  jobs: opts('lnprsx'),
  fc: opts('lnrs', 'e'),
};

/** How a shell-level name unwraps, or undefined when `name` is not one of them. */
export function unwrapShellBuiltin(name: string, words: readonly Word[]): Unwrapped | undefined {
  switch (name) {
    case 'eval':
      return { kind: 'opaque', reason: 'eval runs a string as code' };
    case 'source':
    case '.':
      return { kind: 'opaque', reason: `${name} runs a script file the policy cannot see` };
    case 'coproc':
      return inner(name, words.slice(1));
  }
  const grammar = GRAMMARS[name];
  if (!grammar) return undefined;
  let parsed;
  try {
    parsed = getopt(words.slice(1), grammar, name);
  } catch (error) {
    if (error instanceof GetoptError)
      return { kind: 'opaque', reason: `${error.message}, so what it runs cannot be found` };
    throw error;
  }
  switch (name) {
    case 'command':
      // -v / -V only describe the command.
      return hasOption(parsed, 'v', 'V') ? { kind: 'plain' } : inner(name, parsed.operands);
    case 'jobs':
      // `jobs -x CMD ARGS` runs CMD with job specs in its words replaced by process group ids.
      if (!hasOption(parsed, 'x')) return { kind: 'plain' };
      return inner(
        name,
        parsed.operands.map((w) =>
          w.text.includes('%') ? { ...w, dynamic: true, lead: w.text.slice(0, w.text.indexOf('%')) } : w,
        ),
      );
    case 'fc':
      if (hasOption(parsed, 'l') && !hasOption(parsed, 'e', 's')) return { kind: 'plain' };
      return { kind: 'opaque', reason: 'fc runs commands from the history or through an editor' };
    default:
      return inner(name, parsed.operands);
  }
}

function inner(name: string, command: Word[]): Unwrapped {
  if (command.length === 0) return { kind: 'plain' };
  if (command[0]!.dynamic)
    return { kind: 'opaque', reason: `${name} runs a program named only at run time (${command[0]!.raw})` };
  return { kind: 'inner', wrapper: name, inner: [{ words: command, assignments: [] }] };
}
