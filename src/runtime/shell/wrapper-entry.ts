// How one entry of the wrapper table is read: the wrapper's options by its own getopt grammar, the
// operands it takes before the command, and where the command it runs starts (or the shell string
// it runs). An entry's examples are checked when the table loads; a broken entry throws there.
import { GetoptError, getopt, type OptionGrammar, type ParsedOptions } from './getopt.js';
import { clip, type Word } from './words.js';

export interface InnerCommand {
  words: Word[];
  assignments: string[];
  trailingUnknown?: boolean;
}

export type Unwrapped =
  | { kind: 'plain' }
  | { kind: 'opaque'; reason: string }
  | { kind: 'inner'; wrapper: string; inner: InnerCommand[]; alsoOuter?: Word[] }
  | { kind: 'script'; wrapper: string; script: string; alsoOuter?: Word[] };

/** An example: the inner command(s) it runs (`sh -c: SCRIPT` for a shell string), or that it is plain or opaque. */
export type WrapperExample =
  { line: string; inner: string[] } | { line: string; plain: true } | { line: string; opaque: true };

export interface WrapperEntry {
  /** Program names sharing this entry. */
  names: string[];
  /** Why the program is opaque whatever its arguments (it runs code from places the policy cannot see). */
  opaque?: string;
  grammar?: OptionGrammar;
  /** Operands taken before the command (timeout DURATION, chrt PRIORITY, flock FILE). */
  before?: number;
  /** Options with which no command runs (`--help`, `-p PID` modes, listings). */
  noCommand?: string[];
  /** Options whose value is a shell command line the wrapper runs with `sh -c`. */
  scriptOptions?: string[];
  /** Words right after the operands that introduce a shell command line (`flock FILE -c CMD`, `sg GROUP -c CMD`). */
  commandWords?: string[];
  /** The command words form a shell string run by `sh -c`: one word (`single`) or all joined by spaces (`joined`). */
  shellString?: { mode: 'single' | 'joined'; unless?: string; when?: string };
  /** Options that make what runs unknowable, with the reason; a RegExp narrows it to some values. */
  opaqueOptions?: Readonly<Record<string, string | { values: RegExp; reason: string }>>;
  /**
   * Words with a `=` after the options are the command's environment: any such word (`any`: env
   * takes `=x` too) or `NAME=value` only (`names`: another word with a `=` is opaque).
   */
  assignments?: 'any' | 'names';
  /** Without a command: harmless (`plain`), or why it is opaque (it starts a shell reading its input). */
  withoutCommand: string;
  /** The wrapper is decided too: it changes privileges, namespaces or root, or writes files itself. */
  decideOuter?: boolean;
  /** Operands after `before` are run elsewhere (ssh's remote shell): opaque. */
  remote?: string;
  examples: WrapperExample[];
}

const opaque = (reason: string): Unwrapped => ({ kind: 'opaque', reason });

/** Unwraps `words` (program word first) by `entry`. */
export function unwrapByEntry(entry: WrapperEntry, name: string, words: readonly Word[]): Unwrapped {
  if (entry.opaque) return opaque(`${name} ${entry.opaque}`);
  let parsed: ParsedOptions;
  try {
    parsed = getopt(words.slice(1), entry.grammar ?? { short: {} }, name);
  } catch (error) {
    if (error instanceof GetoptError) return opaque(`${error.message}, so the command it runs cannot be found`);
    throw error;
  }
  const outer = entry.decideOuter ? { alsoOuter: [...words] } : {};
  let script: Word | undefined;
  for (const option of parsed.options) {
    const rule = entry.opaqueOptions?.[option.name];
    if (typeof rule === 'string') return opaque(`${name} ${dashed(option.name)} ${rule}`);
    if (rule && (option.value === undefined || option.value.dynamic || rule.values.test(option.value.text))) {
      return opaque(`${name} ${dashed(option.name)} ${clip(option.value?.raw ?? '')} ${rule.reason}`);
    }
    if (entry.noCommand?.includes(option.name)) return { kind: 'plain' };
    if (entry.scriptOptions?.includes(option.name)) script = option.value;
  }
  const operands = [...parsed.operands];
  if (entry.grammar?.permute) {
    // A permuting wrapper (script) takes its command only from an option; its operand is a file.
    if (operands.length > 1)
      return opaque(`${name} takes at most one file operand (${clip(operands.map((w) => w.raw).join(' '))})`);
    return script !== undefined ? scriptOf(name, script, outer) : without(entry, name);
  }
  const before = entry.before ?? 0;
  const early = operands.slice(0, before).find((w) => w.dynamic && w.split);
  if (early && operands.length > before)
    return opaque(`${name} operand ${early.raw} may expand to several words, so the command it runs cannot be found`);
  let at = before;
  const assignments: string[] = [];
  if (entry.assignments) {
    // Like env itself: every word with a `=` before the command is an assignment, whatever is left of it.
    for (
      ;
      at < operands.length && (operands[at]!.dynamic ? (operands[at]!.lead ?? '') : operands[at]!.text).includes('=');
      at++
    ) {
      const assigned = operands[at]!.text.split('=')[0]!;
      if (entry.assignments === 'names' && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(assigned))
        return opaque(
          `${name} ${operands[at]!.raw}: not known whether ${name} reads it as an assignment or as the command`,
        );
      assignments.push(assigned);
    }
  }
  const introducer = operands[at];
  if (introducer && !introducer.dynamic && entry.commandWords?.includes(introducer.text)) {
    if (operands.length !== at + 2) return opaque(`${name} ${introducer.text} takes exactly one command string`);
    return scriptOf(name, operands[at + 1], outer);
  }
  const command = operands.slice(at);
  if (script !== undefined) {
    if (command.length > 0)
      return opaque(
        `${name} is given both a command string and the words ${clip(command.map((w) => w.raw).join(' '))}`,
      );
    return scriptOf(name, script, outer);
  }
  if (command.length === 0) return without(entry, name);
  if (entry.remote) return opaque(`${name} ${entry.remote}`);
  const mode = entry.shellString;
  if (
    mode &&
    (mode.when === undefined || parsed.options.some((o) => o.name === mode.when)) &&
    (mode.unless === undefined || !parsed.options.some((o) => o.name === mode.unless))
  ) {
    return shellStringOf(name, mode.mode === 'single', command, outer);
  }
  if (command[0]!.dynamic) return opaque(`${name} runs a program named only at run time (${command[0]!.raw})`);
  return { kind: 'inner', wrapper: name, inner: [{ words: command, assignments }], ...outer };
}

/** The command words a wrapper runs as one shell string (`single`: it takes only the first word). */
function shellStringOf(
  name: string,
  single: boolean,
  command: readonly Word[],
  outer: { alsoOuter?: Word[] },
): Unwrapped {
  if (single && command.length !== 1)
    return opaque(
      `${name} runs only its first command word through the shell; the rest (${clip(
        command
          .slice(1)
          .map((w) => w.raw)
          .join(' '),
      )}) is not understood`,
    );
  if (command.some((w) => w.dynamic)) return opaque(`${name} runs a shell string known only at run time`);
  return scriptOf(
    name,
    { text: command.map((w) => w.text).join(' '), dynamic: false, raw: command.map((w) => w.raw).join(' ') },
    outer,
  );
}

function scriptOf(name: string, script: Word | undefined, outer: { alsoOuter?: Word[] }): Unwrapped {
  if (script === undefined) return opaque(`${name} is missing its command string`);
  if (script.dynamic) return opaque(`${name} runs a shell string known only at run time (${clip(script.raw)})`);
  return { kind: 'script', wrapper: `${name} -c`, script: script.text, ...outer };
}

function without(entry: WrapperEntry, name: string): Unwrapped {
  return entry.withoutCommand === 'plain' ? { kind: 'plain' } : opaque(`${name} ${entry.withoutCommand}`);
}

const dashed = (option: string) => (option.length === 1 ? `-${option}` : `--${option}`);

/** Splits an example line into literal words (blanks separate; single quotes group). */
export function exampleWords(line: string): Word[] {
  const words: Word[] = [];
  const re = /'([^']*)'|(\S+)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    const text = m[1] ?? m[2]!;
    words.push(
      text.startsWith('$')
        ? { text, dynamic: true, raw: text, lead: '', split: true }
        : { text, dynamic: false, raw: m[0] },
    );
  }
  return words;
}

/** What an example line unwraps to, in the examples' notation. */
export function describeUnwrapped(result: Unwrapped): string {
  switch (result.kind) {
    case 'plain':
      return 'plain';
    case 'opaque':
      return 'opaque';
    case 'script':
      return `inner: sh -c: ${result.script}`;
    case 'inner':
      return `inner: ${result.inner.map((c) => c.words.map((w) => w.text).join(' ')).join(' | ')}`;
  }
}

export function describeExample(example: WrapperExample): string {
  if ('inner' in example) return `inner: ${example.inner.join(' | ')}`;
  return 'plain' in example ? 'plain' : 'opaque';
}
