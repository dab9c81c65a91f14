// Splits a parsed command line into the simple commands bash would run: lists, pipelines,
// subshells, groups, control-flow bodies and function bodies are walked; wrappers are unwrapped
// (wrappers.ts); anything that cannot be known before it runs is marked opaque, with the reason.
import { describeError, gluedContinuation, joinedLines } from './line-checks.js';
import { CONTAINER_NODES, scanTree } from './nodes.js';
import { parseShellSync } from './parser.js';
import { builtinEffect } from './builtins.js';
import { assignmentOf, command, opaqueEntry, recordNames, redirectTargets, type Walk } from './simple.js';
import { bracketWords, checkConditional } from './test-builtin.js';
import { plainTree, type ShellNode } from './tree.js';
import { harmlessVariable } from './variables.js';
import { Opaque, clip, decodeWord } from './words.js';

export { harmlessVariable } from './variables.js';
export type { SimpleCommand } from './simple-command.js';
import type { SimpleCommand } from './simple-command.js';

export interface ShellAnalysis {
  commands: SimpleCommand[];
  /** Set when the whole line is opaque (too long, parse error, function definitions…). */
  opaque?: string;
}

const MAX_DEPTH = 64;
/** `coproc`/`time` keywords before compound commands are blanked out and the line parsed again, at most this often. */
const MAX_KEYWORD_PASSES = 8;

/** Parses and splits a command line. The bash parser must be loaded (loadBashParser). */
export function analyzeShell(line: string, workspaceRoot: string): ShellAnalysis {
  const walk: Walk = {
    commands: [],
    workspaceRoot,
    scripts: 0,
    arrays: new Set(),
    runtimeValues: [],
    line,
    redirectStarts: new Set(),
    analyze: analyzeInto,
    statement,
  };
  const opaque = analyzeInto(line, walk, [], []);
  if (opaque) return { commands: walk.commands, opaque };
  const compound = walk.runtimeValues.find((name) => walk.arrays.has(name));
  if (compound)
    walk.poison ??= `${compound} is an array and is declared with a value known only at run time, which bash reads as a compound assignment (code)`;
  if (walk.poison) {
    const reason = walk.poison;
    return {
      commands: walk.commands.map((c) => (c.opaque || c.neutral ? c : { ...c, opaque: reason })),
      opaque: reason,
    };
  }
  return { commands: walk.commands };
}

/** Returns a line-level reason when the text cannot be analysed at all. */
function analyzeInto(line: string, walk: Walk, writes: string[], via: string[], passes = 0): string | undefined {
  const tree = parseShellSync(line);
  if (!tree) return `the command line could not be parsed within limits (${line.length} characters)`;
  let again: string | undefined;
  try {
    const syntaxRoot = tree.rootNode;
    if (syntaxRoot.hasError) return `the command line does not parse as bash (${describeError(syntaxRoot)})`;
    const glued = gluedContinuation(line, syntaxRoot);
    if (glued) return glued;
    const root = plainTree(tree, line);
    const joined = joinedLines(line, root);
    if (joined) return joined;
    // The parser splits words at CR, VT and FF; bash does not (`ls\rrm` is one word to bash).
    if (/[\r\v\f]/.test(line))
      return 'the line contains a carriage return, vertical tab or form feed, which bash and the parser split differently';
    const scan = scanTree(root, line);
    if (scan.keyword) {
      // `coproc [NAME] { …; }` and `time { …; }` run the compound: read it without the keyword.
      if (passes >= MAX_KEYWORD_PASSES) return 'too many coproc/time keywords to decide';
      const { start, end, name } = scan.keyword;
      if (name !== undefined && !harmlessVariable(name) && name !== 'COPROC')
        walk.poison ??= `coproc ${name} assigns ${name}, which changes how later commands run`;
      again = line.slice(0, start) + ' '.repeat(end - start) + line.slice(end);
    } else {
      for (const finding of scan.findings) walk.commands.push(opaqueEntry(finding.node.text, finding.reason, via));
      if (scan.defines)
        walk.poison ??= `the line defines a function (${clip(scan.defines.text, 40)}); a later command may be the function, not the program`;
      const outer = { line: walk.line, redirectStarts: walk.redirectStarts };
      walk.line = line;
      walk.redirectStarts = scan.redirectStarts;
      try {
        statement(root, walk, writes, via, 0);
      } finally {
        Object.assign(walk, outer);
      }
    }
  } finally {
    tree.delete();
  }
  return again === undefined ? undefined : analyzeInto(again, walk, writes, via, passes + 1);
}

function statement(node: ShellNode, walk: Walk, writes: string[], via: string[], depth: number): void {
  if (depth > MAX_DEPTH) {
    walk.commands.push(opaqueEntry(node.text, 'the command line nests too deeply to decide'));
    return;
  }
  const kind = node.type;
  try {
    if (kind === 'comment' || kind === 'heredoc_body' || kind === 'heredoc_start' || kind === 'heredoc_end') return;
    if (CONTAINER_NODES.has(kind)) {
      if (kind === 'compound_statement' && node.children[0]?.type === '((')
        throw new Opaque(`arithmetic command ${clip(node.text)} can run code through array subscripts`);
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
      case 'declaration_command':
      case 'unset_command':
        return command(node, walk, writes, via, depth);
      case 'redirected_statement':
        return redirected(node, walk, writes, via, depth);
      case 'for_statement': {
        // `for PATH in .` and `select IFS in …` assign their variable on every iteration.
        const variable = node.childForFieldName('variable');
        if (variable) recordNames(walk, [variable.text], `\`${node.children[0]?.type ?? 'for'}\` assigns`);
        for (const value of node.childrenForFieldName('value')) decodeWord(value);
        const body = node.childForFieldName('body');
        if (body) statement(body, walk, writes, via, depth + 1);
        return;
      }
      case 'case_statement': {
        const value = node.childForFieldName('value');
        if (value) decodeWord(value);
        for (const item of node.namedChildren) {
          if (item.type !== 'case_item') continue;
          // Patterns expand like words; what could run in them was reported by the scan.
          const patterns = new Set(item.childrenForFieldName('value'));
          for (const child of item.namedChildren)
            if (!patterns.has(child)) statement(child, walk, writes, via, depth + 1);
        }
        return;
      }
      case 'function_definition': {
        const body = node.childForFieldName('body');
        if (body) statement(body, walk, writes, [...via, 'function body'], depth + 1);
        return;
      }
      case 'variable_assignment':
      case 'variable_assignments': {
        const list = kind === 'variable_assignments' ? node.namedChildren : [node];
        const names = list.map((a) => assignmentOf(a, walk).name);
        recordNames(walk, names, 'the line assigns');
        walk.commands.push({ text: node.text, words: [], assignments: names, writes: [...writes], via, neutral: true });
        return;
      }
      case 'test_command':
        return conditional(node, walk, writes, via);
      default:
        throw new Opaque(`${kind.replace(/_/g, ' ')} ${clip(node.text)} is not decided statically`);
    }
  } catch (error) {
    if (!(error instanceof Opaque)) throw error;
    walk.commands.push(opaqueEntry(node.text, error.message, via));
  }
}

function redirected(node: ShellNode, walk: Walk, writes: string[], via: string[], depth: number): void {
  const own: string[] = [];
  for (const redirect of node.childrenForFieldName('redirect')) redirectTargets(redirect, own, walk, via, depth);
  const body = node.childForFieldName('body');
  if (body) statement(body, walk, [...writes, ...own], via, depth + 1);
  else
    walk.commands.push({
      text: node.text,
      words: [],
      assignments: [],
      writes: [...writes, ...own],
      via,
      neutral: true,
    });
}

/** `[[ … ]]` runs no program; `[ … ]` is the `[` builtin over the words bash would pass it. */
function conditional(node: ShellNode, walk: Walk, writes: string[], via: string[]): void {
  if (node.children[0]?.type === '[[') {
    for (const child of node.namedChildren) checkConditional(child);
    walk.commands.push({ text: node.text, words: [], assignments: [], writes: [...writes], via, neutral: true });
    return;
  }
  builtinEffect(bracketWords(node, walk.line));
  walk.commands.push({ text: node.text, words: [], assignments: [], writes: [...writes], via, neutral: true });
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
