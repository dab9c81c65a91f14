// xargs: the command it runs (echo by default), with more words added from its input; a
// replacement string (-I R, -i, --replace) makes the words holding it known only at run time.
import { GetoptError, getopt, type ParsedOptions } from './getopt.js';
import type { Unwrapped } from './wrapper-entry.js';
import { opts } from './wrapper-table.js';
import type { Word } from './words.js';

// -e, -i and -l take their value only glued (-eEOF, -i{}, -l1); -E, -I, -L take the next word.
const GRAMMAR = opts(
  '0prtx',
  'adEILnPs',
  'eil',
  'null arg-file= delimiter= eof? replace? max-lines? max-args= max-procs= max-chars= process-slot-var= interactive no-run-if-empty verbose exit open-tty show-limits help version',
);

export function unwrapXargs(words: readonly Word[]): Unwrapped {
  let parsed: ParsedOptions;
  try {
    parsed = getopt(words.slice(1), GRAMMAR, 'xargs');
  } catch (error) {
    if (error instanceof GetoptError)
      return { kind: 'opaque', reason: `${error.message}, so the command it runs cannot be found` };
    throw error;
  }
  if (parsed.options.some((o) => o.name === 'help' || o.name === 'version')) return { kind: 'plain' };
  let command = parsed.operands;
  const replace = replacement(parsed);
  if (replace !== undefined) {
    if (replace.dynamic) return { kind: 'opaque', reason: 'xargs replaces a string known only at run time' };
    command = command.map((w) =>
      w.text.includes(replace.text) ? { ...w, dynamic: true, lead: w.text.slice(0, w.text.indexOf(replace.text)) } : w,
    );
  }
  if (command.length === 0) command = [{ text: 'echo', dynamic: false, raw: 'echo' }];
  if (command[0]!.dynamic)
    return { kind: 'opaque', reason: `xargs runs a program named by its input or at run time (${command[0]!.raw})` };
  return { kind: 'inner', wrapper: 'xargs', inner: [{ words: command, assignments: [], trailingUnknown: true }] };
}

function replacement(parsed: ParsedOptions): Word | undefined {
  let found: Word | undefined;
  for (const o of parsed.options) {
    if (o.name === 'I') found = o.value;
    else if (o.name === 'i' || o.name === 'replace')
      found = o.value && o.value.text !== '' ? o.value : { text: '{}', dynamic: false, raw: '{}' };
  }
  return found;
}
