// The node types the analyzer understands, and one walk over the whole tree before splitting:
// any other node type or token, any code in a leaf the parser did not expand (here-document
// bodies, regexes, patterns), and every substitution is reported, so the line is opaque there.
import { PLAIN_EXPANSION, codeInText } from './expansions.js';
import { heredocProblem } from './heredoc.js';
import type { ShellNode } from './tree.js';
import { clip } from './words.js';

/** Nodes that hold statements: the splitter walks into each of their children. */
export const CONTAINER_NODES: ReadonlySet<string> = new Set([
  'program',
  'list',
  'pipeline',
  'subshell',
  'compound_statement',
  'do_group',
  'negated_command',
  'if_statement',
  'elif_clause',
  'else_clause',
  'while_statement',
]);

/** Named node types whose meaning the walkers model (each is handled where it can occur). */
export const UNDERSTOOD_NODES: ReadonlySet<string> = new Set([
  ...CONTAINER_NODES,
  'for_statement',
  'case_statement',
  'case_item',
  'function_definition',
  'redirected_statement',
  'command',
  'command_name',
  'declaration_command',
  'unset_command',
  'variable_assignment',
  'variable_assignments',
  'variable_name',
  'special_variable_name',
  'subscript',
  'word',
  'number',
  'raw_string',
  'string',
  'string_content',
  'ansi_c_string',
  'translated_string',
  'concatenation',
  'simple_expansion',
  'expansion',
  'brace_expression',
  'array',
  'file_redirect',
  'heredoc_redirect',
  'herestring_redirect',
  'heredoc_start',
  'heredoc_body',
  'heredoc_content',
  'heredoc_end',
  'file_descriptor',
  'comment',
  'test_command',
  'binary_expression',
  'unary_expression',
  'parenthesized_expression',
  'test_operator',
  'regex',
  'extglob_pattern',
]);

/** Node types that run code bash only knows when it gets there. */
const CODE_NODES: Readonly<Record<string, string>> = {
  command_substitution: 'command substitution',
  process_substitution: 'process substitution',
  arithmetic_expansion: 'arithmetic expansion',
  c_style_for_statement: 'an arithmetic for loop',
  ternary_expression: 'arithmetic',
  postfix_expression: 'arithmetic',
};

/** Tokens (anonymous nodes) of the constructs above; `((` (an arithmetic command) is not one of them. */
const UNDERSTOOD_TOKENS: ReadonlySet<string> = new Set([
  ';',
  ';;',
  ';&',
  ';;&',
  '&',
  '&&',
  '||',
  '|',
  '|&',
  '!',
  '(',
  ')',
  '{',
  '}',
  '[[',
  ']]',
  '[',
  ']',
  '=',
  '+=',
  '==',
  '!=',
  '=~',
  '<',
  '>',
  '>>',
  '&>',
  '&>>',
  '<&',
  '>&',
  '>|',
  '<&-',
  '>&-',
  '<<',
  '<<-',
  '<<<',
  '$',
  '${',
  '"',
  '#',
  '$(',
  '`',
  '$((',
  '$[',
  '<(',
  '>(',
  '))',
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'case',
  'in',
  'esac',
  'for',
  'select',
  'while',
  'until',
  'do',
  'done',
  'function',
  'declare',
  'typeset',
  'export',
  'readonly',
  'local',
  'unset',
  'unsetenv',
  '-a',
  '-o',
]);

/** Leaves whose text bash expands although the parser made no nodes for the expansions in them. */
const EXPANDED_LEAVES: ReadonlySet<string> = new Set([
  'word',
  'string_content',
  'regex',
  'extglob_pattern',
  'heredoc_content',
]);

/** Reserved words: as a command name they mean the parser read the line differently from bash. */
const RESERVED = new Set([
  '{',
  '}',
  '!',
  '[[',
  ']]',
  'case',
  'do',
  'done',
  'elif',
  'else',
  'esac',
  'fi',
  'for',
  'function',
  'if',
  'in',
  'select',
  'then',
  'until',
  'while',
]);

export interface Finding {
  node: ShellNode;
  reason: string;
}

export interface Scan {
  /** Constructs that make the line opaque where they are. */
  findings: Finding[];
  /** A function is defined: a later command may be it. */
  defines?: ShellNode;
  /** Start offsets of redirections (`{fd}>file` names a variable right before one). */
  redirectStarts: Set<number>;
  /** `coproc` / `time` before a compound command: the text to blank out so the compound is read as itself. */
  keyword?: { start: number; end: number; name?: string; keyword: 'coproc' | 'time' };
}

export function scanTree(root: ShellNode, line: string): Scan {
  const scan: Scan = { findings: [], redirectStarts: new Set() };
  const stack: ShellNode[] = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const reason = visit(node, line, scan);
    // Below a construct that is opaque already there is nothing more to learn.
    if (reason) {
      scan.findings.push({ node, reason });
      continue;
    }
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return scan;
}

/** Why `node` makes the line opaque where it is, or undefined (recording what the walkers need). */
function visit(node: ShellNode, line: string, scan: Scan): string | undefined {
  const type = node.type;
  if (!node.isNamed) {
    if (UNDERSTOOD_TOKENS.has(type)) return undefined;
    return type === '(('
      ? `arithmetic command ${clip(node.parent?.text ?? type)} can run code through array subscripts`
      : `${clip(type)} is not understood`;
  }
  const code = CODE_NODES[type];
  if (code) return `${code} ${clip(node.text)} runs code that is only known at run time`;
  if (!UNDERSTOOD_NODES.has(type)) return `${type.replace(/_/g, ' ')} ${clip(node.text)} is not understood`;
  if (EXPANDED_LEAVES.has(type) && node.children.length === 0) return codeInText(node.text);
  if (type === 'expansion' && !PLAIN_EXPANSION.test(node.text))
    return `parameter expansion ${clip(node.text)} may run code or assign variables`;
  if (type.endsWith('_redirect')) scan.redirectStarts.add(node.startIndex);
  if (type === 'heredoc_redirect') return heredocProblem(node, line);
  if (type === 'function_definition') scan.defines ??= node;
  else if (type === 'command') return commandKeyword(node, scan);
  return undefined;
}

const COMPOUND_WORDS = new Set(['{', 'if', 'while', 'until', 'for', 'case', 'select', '[[', '((']);

/** A command whose name is a reserved word (opaque), or `coproc`/`time` before a compound command. */
function commandKeyword(node: ShellNode, scan: Scan): string | undefined {
  const name = node.childForFieldName('name');
  const word =
    name?.namedChildren.length === 1 && name.namedChildren[0]!.type === 'word'
      ? name.namedChildren[0]!.text
      : undefined;
  if (word === undefined) return undefined;
  if (RESERVED.has(word))
    return `the reserved word ${word} as a command: the parser and bash read this line differently`;
  if ((word !== 'coproc' && word !== 'time') || scan.keyword) return undefined;
  // A keyword only where a command starts (not after `FOO=1` or a redirection); `time` only where a pipeline starts.
  if (node.children[0] !== name || (word === 'time' && !startsPipeline(node))) return undefined;
  const args = node.children.filter(
    (c) => c.isNamed && c.field !== 'name' && c.field !== 'redirect' && !c.type.endsWith('_redirect'),
  );
  let at = 0;
  if (word === 'time') while (args[at]?.text === '-p' || args[at]?.text === '--') at++;
  const compound = (n: ShellNode | undefined) =>
    n !== undefined &&
    (n.type === 'subshell' ||
      n.type === 'test_command' ||
      n.type === 'compound_statement' ||
      COMPOUND_WORDS.has(n.text));
  let coprocName: string | undefined;
  if (
    word === 'coproc' &&
    !compound(args[0]) &&
    /^[A-Za-z_][A-Za-z0-9_]*$/.test(args[0]?.text ?? '') &&
    compound(args[1])
  ) {
    coprocName = args[0]!.text;
    at = 1;
  }
  // What follows is read as the command it is: a compound, or a simple command with its own
  // assignments (`time PATH=. ls` runs ./ls; `coproc NAME cmd` runs NAME).
  const body = args[at];
  const end = body ? body.startIndex : (args[at - 1] ?? name).endIndex;
  scan.keyword = { start: node.startIndex, end, keyword: word, ...(coprocName ? { name: coprocName } : {}) };
  return undefined;
}

/** Whether `node` is where a pipeline starts (`time` is a keyword only there). */
function startsPipeline(node: ShellNode): boolean {
  let at = node;
  if (at.parent?.type === 'redirected_statement' && at.field === 'body') at = at.parent;
  return at.parent?.type !== 'pipeline' || at.parent.namedChildren[0] === at;
}
