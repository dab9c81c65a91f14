// Splits a parsed command line into the simple commands bash would run: lists, pipelines,
// subshells, groups, control-flow bodies and function bodies are walked; wrappers are unwrapped
// (wrappers.ts); anything that cannot be known before it runs is marked opaque, with the reason.
import { describeError, findInTree, gluedContinuation, joinedLines } from './line-checks.js';
import { parseShellSync } from './parser.js';
import { plainTree, type ShellNode } from './tree.js';
import { Opaque, clip, decodeWord, type Word } from './words.js';
import { unwrap } from './wrappers.js';
import { POISONING_BUILTINS, checkAssigningBuiltin, harmlessVariable, steersExecution } from './variables.js';

export { harmlessVariable } from './variables.js';

export interface SimpleCommand {
  /** Source text of the command (for a command found through a wrapper: the inner words). */
  text: string;
  /** Program and arguments after quote removal; empty for an opaque or a neutral entry. */
  words: Word[];
  /** Names assigned in front of the command (`FOO=1 cmd`). */
  assignments: string[];
  /** Targets of output redirections that write a file (not /dev/null, not `2>&1`). */
  writes: string[];
  /** Why this command cannot be known statically; a command rule never allows it. */
  opaque?: string;
  /** More arguments are added at run time (xargs, find -exec … +). */
  trailingUnknown?: boolean;
  /** Wrappers it ran through (`sudo`, `timeout`, `bash -c`). */
  via: string[];
  /** No program runs (a plain assignment, `[[ … ]]` without expansions). */
  neutral?: boolean;
  /** Background (`&`). */
  background?: boolean;
}

export interface ShellAnalysis {
  commands: SimpleCommand[];
  /** Set when the whole line is opaque (too long, parse error, function definitions…). */
  opaque?: string;
}

const MAX_DEPTH = 64;
const MAX_NESTED_SCRIPTS = 4;
const NULL_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);

interface Walk {
  commands: SimpleCommand[];
  poison?: string;
  workspaceRoot: string;
  scripts: number;
}

/** Parses and splits a command line. The bash parser must be loaded (loadBashParser). */
export function analyzeShell(line: string, workspaceRoot: string): ShellAnalysis {
  const walk: Walk = { commands: [], workspaceRoot, scripts: 0 };
  const opaque = analyzeInto(line, walk, [], []);
  if (opaque) return { commands: walk.commands, opaque };
  if (walk.poison) {
    const reason = walk.poison;
    return { commands: walk.commands.map((c) => (c.opaque || c.neutral ? c : { ...c, opaque: reason })), opaque: reason };
  }
  return { commands: walk.commands };
}

/** Returns a line-level reason when the text cannot be analysed at all. */
function analyzeInto(line: string, walk: Walk, writes: string[], via: string[]): string | undefined {
  const tree = parseShellSync(line);
  if (!tree) return `the command line could not be parsed within limits (${line.length} characters)`;
  try {
    const syntaxRoot = tree.rootNode;
    if (syntaxRoot.hasError) return `the command line does not parse as bash (${describeError(syntaxRoot)})`;
    const glued = gluedContinuation(line, syntaxRoot);
    if (glued) return glued;
    const root = plainTree(tree, line);
    const joined = joinedLines(line, root);
    if (joined) return joined;
    // The parser splits words at CR, VT and FF; bash does not (`ls\rrm` is one word to bash).
    if (/[\r\v\f]/.test(line)) return 'the line contains a carriage return, vertical tab or form feed, which bash and the parser split differently';
    scanForCode(root, walk);
    statement(root, walk, writes, via, 0);
    return undefined;
  } finally {
    tree.delete();
  }
}

/** Every substitution or arithmetic expansion anywhere (heredoc bodies included) is opaque. */
function scanForCode(root: ShellNode, walk: Walk): void {
  findInTree(root, (node) => {
    const kind = node.type;
    if (kind === 'command_substitution' || kind === 'process_substitution' || kind === 'arithmetic_expansion') {
      const what = kind.replace('_', ' ');
      walk.commands.push(opaqueEntry(node.text, `${what} ${clip(node.text)} runs code that is only known at run time`));
    } else if (kind === 'function_definition') {
      walk.poison ??= `the line defines a function (${clip(node.text, 40)}); a later command may be the function, not the program`;
    }
    return undefined;
  });
}

function opaqueEntry(text: string, reason: string, via: string[] = []): SimpleCommand {
  return { text: clip(text, 200), words: [], assignments: [], writes: [], opaque: reason, via };
}

const CONTAINERS = new Set([
  'program', 'list', 'pipeline', 'subshell', 'compound_statement', 'do_group', 'negated_command',
  'if_statement', 'elif_clause', 'else_clause', 'while_statement',
]);

function statement(node: ShellNode, walk: Walk, writes: string[], via: string[], depth: number): void {
  if (depth > MAX_DEPTH) {
    walk.commands.push(opaqueEntry(node.text, 'the command line nests too deeply to decide'));
    return;
  }
  const kind = node.type;
  try {
    if (kind === 'comment' || kind === 'heredoc_body' || kind === 'heredoc_start' || kind === 'heredoc_end') return;
    if (CONTAINERS.has(kind)) {
      const background = kind === 'program' || kind === 'list' ? backgrounded(node) : NO_NODES;
      for (const child of node.namedChildren) {
        const before = walk.commands.length;
        statement(child, walk, writes, via, depth + 1);
        if (background.has(child)) for (const c of walk.commands.slice(before)) c.background = true;
      }
      return;
    }
    switch (kind) {
      case 'command':
        return command(node, walk, writes, via, depth);
      case 'declaration_command':
      case 'unset_command':
        return command(node, walk, writes, via, depth);
      case 'redirected_statement': {
        const own: string[] = [];
        for (const redirect of node.childrenForFieldName('redirect')) {
          if (redirect) redirectTargets(redirect, own, walk, via, depth);
        }
        const body = node.childForFieldName('body');
        if (body) statement(body, walk, [...writes, ...own], via, depth + 1);
        else walk.commands.push({ text: node.text, words: [], assignments: [], writes: [...writes, ...own], via, neutral: true });
        return;
      }
      case 'for_statement': {
        for (const value of node.childrenForFieldName('value')) if (value) decodeWord(value);
        const body = node.childForFieldName('body');
        if (body) statement(body, walk, writes, via, depth + 1);
        return;
      }
      case 'case_statement': {
        const value = node.childForFieldName('value');
        if (value) decodeWord(value);
        for (const item of node.namedChildren) {
          if (item?.type !== 'case_item') continue;
          const patterns = new Set(item.childrenForFieldName('value'));
          for (const child of item.namedChildren) if (!patterns.has(child)) statement(child, walk, writes, via, depth + 1);
        }
        return;
      }
      case 'function_definition': {
        const body = node.childForFieldName('body');
        if (body) statement(body, walk, writes, [...via, 'function body'], depth + 1);
        return;
      }
      case 'variable_assignment':
      case 'variable_assignments':
        for (const name of assignedNames(node)) {
          if (!harmlessVariable(name)) walk.poison ??= `the line assigns ${name}, which changes how later commands run`;
        }
        walk.commands.push({ text: node.text, words: [], assignments: assignedNames(node), writes: [...writes], via, neutral: true });
        return;
      case 'test_command':
        // `[[ x -eq 1 ]]` evaluates x arithmetically, and x='a[$(cmd)]' runs cmd: only plain string/file tests are neutral.
        if (/[$`]|\s-(eq|ne|lt|le|gt|ge|v|R)\s|\[[^\]]*\]/.test(node.text.slice(2, -2))) {
          throw new Opaque(`${clip(node.text)} evaluates arithmetic or subscripts, which can run code`);
        }
        walk.commands.push({ text: node.text, words: [], assignments: [], writes: [...writes], via, neutral: true });
        return;
      default:
        throw new Opaque(`${kind.replace(/_/g, ' ')} ${clip(node.text)} is not decided statically`);
    }
  } catch (error) {
    if (!(error instanceof Opaque)) throw error;
    walk.commands.push(opaqueEntry(node.text, error.message, via));
  }
}

/** Children of a program/list followed by `&`. */
function backgrounded(node: ShellNode): ReadonlySet<ShellNode> {
  let found: Set<ShellNode> | undefined;
  const children = node.children;
  for (let i = 1; i < children.length; i++) {
    if (children[i]!.type === '&') (found ??= new Set()).add(children[i - 1]!);
  }
  return found ?? NO_NODES;
}

const NO_NODES: ReadonlySet<ShellNode> = new Set();

function assignedNames(node: ShellNode): string[] {
  const list = node.type === 'variable_assignments' ? node.namedChildren : [node];
  return list.flatMap((a) => {
    const name = a?.childForFieldName('name');
    if (!name) return [];
    if (name.type === 'subscript') throw new Opaque(`array assignment ${clip(a!.text)} evaluates its subscript`);
    const value = a!.childForFieldName('value');
    if (value?.type === 'array' && value.text.includes('[')) throw new Opaque(`array assignment ${clip(a!.text)} evaluates its subscripts`);
    return [name.text];
  });
}

/** Adds the files a redirect writes to `writes`; heredoc lines may carry further commands. */
function redirectTargets(node: ShellNode, writes: string[], walk: Walk, via: string[], depth: number): void {
  if (node.type === 'heredoc_redirect') {
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === 'file_redirect' || child.type === 'herestring_redirect') redirectTargets(child, writes, walk, via, depth);
      else if (!child.type.startsWith('heredoc_')) statement(child, walk, [], via, depth + 1);
    }
    return;
  }
  if (node.type === 'herestring_redirect') {
    for (const child of node.namedChildren) if (child) decodeWord(child);
    return;
  }
  if (node.type !== 'file_redirect') throw new Opaque(`redirect ${clip(node.text)} is not understood`);
  let operator = '';
  for (const child of node.children) if (!child.isNamed) operator += child.type;
  const destinations = node.childrenForFieldName('destination');
  if (destinations.length !== 1) {
    if (destinations.length === 0 && /^[<>]&-?$/.test(operator.replace(/-$/, '') + '')) return; // `3>&-` closes a descriptor
    if (destinations.length === 0) return;
    throw new Opaque(`redirect ${clip(node.text)} has several targets`);
  }
  const target = decodeWord(destinations[0]!);
  const reads = operator === '<' || operator === '<&';
  if (reads) return;
  const duplicates = (operator === '>&' || operator === '<&') && !target.dynamic && /^([0-9]+|-)$/.test(target.text);
  if (duplicates) return;
  if (!target.dynamic && NULL_TARGETS.has(target.text)) return;
  writes.push(target.dynamic ? target.raw : target.text);
}

function command(node: ShellNode, walk: Walk, inherited: string[], via: string[], depth: number): void {
  const writes = [...inherited];
  const assignments: string[] = [];
  const words: Word[] = [];
  for (const child of node.namedChildren) {
    const field = child.field;
    if (child.type === 'variable_assignment') {
      if (node.type === 'command') assignments.push(...assignedNames(child));
      else words.push({ text: child.text, dynamic: false, raw: child.text }), assignments.push(...assignedNames(child));
      const value = child.childForFieldName('value');
      if (value) decodeWord(value);
      continue;
    }
    if (field === 'redirect' || child.type.endsWith('_redirect')) {
      redirectTargets(child, writes, walk, via, depth);
      continue;
    }
    if (child.type === 'comment') continue;
    words.push(decodeWord(child));
  }
  if (node.type !== 'command') {
    // export/declare/local/readonly/typeset/unset: the keyword is the program.
    const keyword = node.children[0]?.text ?? node.type;
    words.unshift({ text: keyword, dynamic: false, raw: keyword });
  }
  const entry: SimpleCommand = { text: node.text, words, assignments, writes, via };
  if (words.length === 0) {
    walk.commands.push({ ...entry, neutral: true });
    return;
  }
  checkAssigningBuiltin(words, (reason) => { walk.poison ??= reason; });
  expand(entry, walk, depth);
}

/** Wrappers, shells with -c and poisoning builtins, then the entry itself. */
function expand(entry: SimpleCommand, walk: Walk, depth: number): void {
  const first = entry.words[0]!;
  if (first.dynamic) {
    walk.commands.push({ ...entry, opaque: `the program name ${first.raw} is only known at run time` });
    return;
  }
  const name = first.text;
  if (POISONING_BUILTINS.has(name) && !(name === 'set' && entry.words.slice(1).every((w) => !w.dynamic && /^[-+][euxo]+$|^pipefail$/.test(w.text)))) {
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
    const unusual = entry.assignments.find((name) => !harmlessVariable(name));
    if (unusual) {
      walk.commands.push({ ...entry, opaque: `${unusual}=… in front of ${unwrapped.wrapper} changes how the shell starts` });
      return;
    }
    if (++walk.scripts > MAX_NESTED_SCRIPTS * 8 || entry.via.filter((v) => v.endsWith(' -c')).length >= MAX_NESTED_SCRIPTS) {
      walk.commands.push({ ...entry, opaque: 'shell scripts nest too deeply to decide' });
      return;
    }
    const reason = analyzeInto(unwrapped.script, walk, entry.writes, via);
    if (reason) walk.commands.push({ ...entry, opaque: `${unwrapped.wrapper}: ${reason}` });
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
