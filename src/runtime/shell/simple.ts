// One simple command: its words, prefix assignments and redirections; then builtins that assign
// variables, wrappers (their inner command is decided too) and shells with -c (their script is
// analysed as a line of its own).
import { builtinEffect } from './builtins.js';
import type { ShellNode } from './tree.js';
import {
  POISONING_BUILTINS,
  harmlessInEnvironment,
  harmlessSet,
  harmlessVariable,
  steersExecution,
} from './variables.js';
import { Opaque, clip, decodeWord, type Word } from './words.js';
import { unwrap } from './wrappers.js';
import type { SimpleCommand } from './simple-command.js';

export interface Walk {
  commands: SimpleCommand[];
  poison?: string;
  workspaceRoot: string;
  scripts: number;
  /** Names made arrays anywhere in the line, and names declared with a run-time value. */
  arrays: Set<string>;
  runtimeValues: string[];
  /** The line being walked and where its redirections start (`{fd}>file` names a variable). */
  line: string;
  redirectStarts: ReadonlySet<number>;
  analyze(line: string, walk: Walk, writes: string[], via: string[]): string | undefined;
  statement(node: ShellNode, walk: Walk, writes: string[], via: string[], depth: number): void;
}

const MAX_DEPTH = 64;
const MAX_NESTED_SCRIPTS = 4;
const NULL_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);

export function opaqueEntry(text: string, reason: string, via: string[] = []): SimpleCommand {
  return { text: clip(text, 200), words: [], assignments: [], writes: [], opaque: reason, via };
}

/**
 * Names a command assigns for the rest of the line: one that steers later commands poisons it (one
 * it exports, `exported`, unless harmlessInEnvironment).
 */
export function recordNames(walk: Walk, names: readonly string[], what: string, exported = false): void {
  for (const name of names) {
    if (!(exported ? harmlessInEnvironment(name) : harmlessVariable(name)))
      walk.poison ??= `${what} ${name}, which changes how later commands run`;
  }
}

export interface Assignment {
  name: string;
  word: Word;
}

/** `name=value`, `name+=value`, `name=(…)`; a subscript (`a[i]=`, `([i]=v)`) is arithmetic, so opaque. */
export function assignmentOf(node: ShellNode, walk: Walk): Assignment {
  const name = node.childForFieldName('name');
  if (!name || name.type !== 'variable_name')
    throw new Opaque(`assignment ${clip(node.text)} evaluates an array subscript, which can run code`);
  const value = node.childForFieldName('value');
  const op = node.children.find((c) => c.type === '=' || c.type === '+=')?.type ?? '=';
  if (value?.type === 'array') {
    if (value.text.includes('[')) throw new Opaque(`array assignment ${clip(node.text)} evaluates its subscripts`);
    for (const element of value.namedChildren) if (element.type !== 'comment') decodeWord(element);
    walk.arrays.add(name.text);
    return { name: name.text, word: { text: `${name.text}${op}(…)`, dynamic: false, raw: node.text, array: true } };
  }
  const decoded = value ? decodeWord(value) : undefined;
  const prefix = `${name.text}${op}`;
  const word: Word = decoded?.dynamic
    ? {
        text: prefix + decoded.text,
        dynamic: true,
        raw: node.text,
        lead: prefix + (decoded.lead ?? ''),
        ...(decoded.split ? { split: true } : {}),
      }
    : { text: prefix + (decoded?.text ?? ''), dynamic: false, raw: node.text };
  return { name: name.text, word };
}

/** Adds the files a redirect writes to `writes`; heredoc lines may carry further commands. */
export function redirectTargets(node: ShellNode, writes: string[], walk: Walk, via: string[], depth: number): void {
  if (node.type === 'heredoc_redirect') {
    for (const child of node.namedChildren) {
      if (child.type === 'file_redirect' || child.type === 'herestring_redirect')
        redirectTargets(child, writes, walk, via, depth);
      else if (!child.type.startsWith('heredoc_')) walk.statement(child, walk, [], via, depth + 1);
    }
    return;
  }
  if (node.type === 'herestring_redirect') {
    for (const child of node.namedChildren) decodeWord(child);
    return;
  }
  if (node.type !== 'file_redirect') throw new Opaque(`redirect ${clip(node.text)} is not understood`);
  let operator = '';
  for (const child of node.children) if (!child.isNamed) operator += child.type;
  const destinations = node.childrenForFieldName('destination');
  if (destinations.length === 0) return; // `3>&-` closes a descriptor
  if (destinations.length !== 1) throw new Opaque(`redirect ${clip(node.text)} has several targets`);
  const target = decodeWord(destinations[0]!);
  // bash itself opens /dev/tcp/HOST/PORT and /dev/udp/…: a network connection either way.
  if (!target.dynamic && /^\/dev\/+(tcp|udp)(\/|$)/.test(target.text)) {
    writes.push(target.text);
    return;
  }
  if (operator === '<' || operator === '<&') return;
  const duplicates = (operator === '>&' || operator === '<&') && !target.dynamic && /^([0-9]+|-)$/.test(target.text);
  if (duplicates) return;
  if (!target.dynamic && NULL_TARGETS.has(target.text)) return;
  writes.push(target.dynamic ? target.raw : target.text);
}

/** `{name}>file`: bash stores the descriptor it opens in `name`. */
const NAMED_FD = /^\{([^{}]*)\}$/;

export function command(node: ShellNode, walk: Walk, inherited: string[], via: string[], depth: number): void {
  const writes = [...inherited];
  const assignments: string[] = [];
  const words: Word[] = [];
  const declaration = node.type !== 'command';
  for (const child of node.namedChildren) {
    if (child.type === 'variable_assignment') {
      const assignment = assignmentOf(child, walk);
      if (declaration) words.push(assignment.word);
      else assignments.push(assignment.name);
      continue;
    }
    if (child.field === 'redirect' || child.type.endsWith('_redirect')) {
      redirectTargets(child, writes, walk, via, depth);
      continue;
    }
    if (child.type === 'comment') continue;
    const fd = NAMED_FD.exec(child.text);
    if (fd && walk.redirectStarts.has(child.endIndex)) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(fd[1]!))
        throw new Opaque(`redirection variable ${clip(child.text)} is not a plain name (a subscript in it runs code)`);
      recordNames(walk, [fd[1]!], 'the redirection assigns');
      continue;
    }
    words.push(
      child.type === 'variable_name' ? { text: child.text, dynamic: false, raw: child.text } : decodeWord(child),
    );
  }
  if (declaration) {
    // export/declare/local/readonly/typeset/unset: the keyword is the program.
    const keyword = node.children[0]?.text ?? node.type;
    words.unshift({ text: keyword, dynamic: false, raw: keyword });
  }
  const entry: SimpleCommand = { text: node.text, words, assignments, writes, via };
  if (words.length === 0) {
    walk.commands.push({ ...entry, neutral: true });
    return;
  }
  expand(entry, walk, depth);
}

/** Whether a builtin's names go to the environment: `export`, and `declare`/`typeset` with `-x` (or options only known at run time). */
function exports(words: readonly Word[]): boolean {
  const keyword = words[0]?.text;
  if (keyword === 'export') return true;
  if (keyword !== 'declare' && keyword !== 'typeset') return false;
  return words.slice(1).some((word) => word.dynamic || /^-[A-Za-z]*x/.test(word.text));
}

/** Builtins, wrappers and shells with -c, then the entry itself. */
function expand(entry: SimpleCommand, walk: Walk, depth: number): void {
  const first = entry.words[0]!;
  if (first.dynamic) {
    walk.commands.push({ ...entry, opaque: `the program name ${first.raw} is only known at run time` });
    return;
  }
  const name = first.text;
  try {
    const effect = builtinEffect(entry.words);
    if (effect) {
      recordNames(walk, effect.names, `\`${name}\` assigns`, exports(entry.words));
      for (const array of effect.arrays) walk.arrays.add(array);
      walk.runtimeValues.push(...effect.runtimeValues);
      if (effect.poison) walk.poison ??= effect.poison;
    }
  } catch (error) {
    if (!(error instanceof Opaque)) throw error;
    walk.commands.push({ ...entry, opaque: error.message });
    return;
  }
  if (POISONING_BUILTINS.has(name) && !(name === 'set' && harmlessSet(entry.words.slice(1)))) {
    walk.poison ??= `\`${name}\` changes how the rest of the line is read`;
  }
  const steering = entry.assignments.find(steersExecution);
  if (steering) {
    walk.commands.push({ ...entry, opaque: `${steering}=… changes which program runs or what it executes` });
    return;
  }
  const unwrapped = unwrap(entry, walk.workspaceRoot);
  if (unwrapped.kind === 'plain') {
    walk.commands.push(entry);
    return;
  }
  if (unwrapped.kind === 'opaque') {
    walk.commands.push({ ...entry, opaque: unwrapped.reason });
    return;
  }
  if (unwrapped.alsoOuter) walk.commands.push({ ...entry, words: unwrapped.alsoOuter });
  const via = [...entry.via, unwrapped.wrapper];
  if (unwrapped.kind === 'script') {
    const unusual = entry.assignments.find((assigned) => !harmlessInEnvironment(assigned));
    if (unusual) {
      walk.commands.push({
        ...entry,
        opaque: `${unusual}=… in front of ${unwrapped.wrapper} changes how the shell starts`,
      });
      return;
    }
    if (
      ++walk.scripts > MAX_NESTED_SCRIPTS * 8 ||
      entry.via.filter((v) => v.endsWith(' -c')).length >= MAX_NESTED_SCRIPTS
    ) {
      walk.commands.push({ ...entry, opaque: 'shell scripts nest too deeply to decide' });
      return;
    }
    const before = walk.commands.length;
    const reason = walk.analyze(unwrapped.script, walk, entry.writes, via);
    if (reason) walk.commands.push({ ...entry, opaque: `${unwrapped.wrapper}: ${reason}` });
    // A script that runs nothing (`bash -c ''`) still starts the shell: a neutral entry says so.
    else if (walk.commands.length === before) walk.commands.push({ ...entry, words: [], via, neutral: true });
    return;
  }
  for (const inner of unwrapped.inner) {
    if (inner.words.length === 0) continue;
    const next: SimpleCommand = {
      ...entry,
      text: inner.words.map((w) => w.raw).join(' '),
      words: inner.words,
      assignments: [...entry.assignments, ...inner.assignments],
      via,
      ...(inner.trailingUnknown || entry.trailingUnknown ? { trailingUnknown: true } : {}),
    };
    if (depth > MAX_DEPTH) walk.commands.push({ ...next, opaque: 'wrappers nest too deeply to decide' });
    else expand(next, walk, depth + 1);
  }
}
