// `test` / `[` and `[[ … ]]`: only `-v NAME` and `-R NAME` (a subscript in NAME is arithmetic)
// and, in `[[ ]]`, the arithmetic comparisons (`-eq`… evaluate their operands) can run code.
import type { ShellNode } from './tree.js';
import { Opaque, clip, decodeWord, type Word } from './words.js';

const NAME_OPERATORS = new Set(['-v', '-R']);

/**
 * Why `test ARGS` / `[ ARGS ]` may run code, or undefined. An operand known only at run time may
 * be `-v` itself, so it must not be followed by a word that may hold a subscript; a word that may
 * split into several words could be both.
 */
export function testProblem(name: string, args: readonly Word[]): string | undefined {
  let words = args;
  if (name === '[') {
    const last = words.at(-1);
    if (last === undefined || last.dynamic)
      return `[ ${clip(last?.raw ?? '')}: the closing ] is known only at run time`;
    if (last.text !== ']') return undefined; // `[` refuses to evaluate anything without its `]`
    words = words.slice(0, -1);
  }
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w.dynamic && w.split)
      return `${name} argument ${clip(w.raw)} may expand to several words (one could be -v NAME, whose subscript runs code)`;
    const next = words[i + 1];
    const maybeNameOperator = w.dynamic || NAME_OPERATORS.has(w.text);
    if (maybeNameOperator && next !== undefined && (next.dynamic || next.text.includes('['))) {
      return `${name} ${clip(w.raw)} ${clip(next.raw)} may test a variable whose subscript runs code`;
    }
  }
  return undefined;
}

const ARITHMETIC = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);
const OPERATORS = new Set(['==', '=', '!=', '<', '>', '=~', '&&', '||', '!']);
const OPERANDS = new Set([
  'word',
  'string',
  'raw_string',
  'ansi_c_string',
  'translated_string',
  'number',
  'simple_expansion',
  'expansion',
  'concatenation',
  'regex',
  'extglob_pattern',
]);

/** Checks a `[[ … ]]` expression; throws Opaque where it may run code. */
export function checkConditional(node: ShellNode, depth = 0): void {
  if (depth > 64) throw new Opaque('the [[ ]] expression nests too deeply');
  switch (node.type) {
    case 'binary_expression':
    case 'unary_expression':
    case 'parenthesized_expression': {
      const operator = node.childForFieldName('operator');
      const op = operator?.text;
      if (operator && operator.type !== 'test_operator' && !OPERATORS.has(op!))
        throw new Opaque(`[[ ]] operator ${clip(op!)} is not understood`);
      const operands = node.namedChildren.filter((c) => c !== operator);
      if (op !== undefined && ARITHMETIC.has(op)) {
        // Both sides are evaluated as arithmetic: only numbers (literal, or `$#`, `$?`, `${#name}`) are known to run nothing.
        for (const side of operands)
          if (!/^([0-9]+|\$[#?$!]|\$\{#[A-Za-z_][A-Za-z0-9_]*\})$/.test(side.text))
            throw new Opaque(`[[ ${clip(node.text)} ]] evaluates ${clip(side.text)} as arithmetic, which can run code`);
        return;
      }
      if (op !== undefined && NAME_OPERATORS.has(op)) {
        const target = operands[0];
        if (!target || target.type !== 'word' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(target.text))
          throw new Opaque(`[[ ${clip(node.text)} ]] tests a variable whose subscript runs code`);
        return;
      }
      for (const child of operands) checkConditional(child, depth + 1);
      return;
    }
    default:
      if (!OPERANDS.has(node.type))
        throw new Opaque(`${node.type.replace(/_/g, ' ')} ${clip(node.text)} in [[ ]] is not understood`);
      if (node.type !== 'regex' && node.type !== 'extglob_pattern') decodeWord(node);
  }
}

/**
 * The words bash passes to the `[` builtin for a `[ … ]` the parser read as an expression; throws
 * Opaque where bash reads the text as shell syntax instead (`<`, `>`, `(`, `)` are redirections
 * and subshells there) or the parser split a word bash keeps whole.
 */
export function bracketWords(node: ShellNode, line: string): Word[] {
  const words: Word[] = [{ text: '[', dynamic: false, raw: '[' }];
  const leaves: ShellNode[] = [];
  const collect = (n: ShellNode) => {
    if (!n.isNamed || OPERANDS.has(n.type) || n.type === 'test_operator') {
      leaves.push(n);
      return;
    }
    for (const child of n.children) collect(child);
  };
  for (const child of node.children) collect(child);
  for (let i = 0; i < leaves.length; i++) {
    const leaf = leaves[i]!;
    if (i > 0 && !/\s/.test(line[leaf.startIndex - 1] ?? ''))
      throw new Opaque(`[ ${clip(node.text)} ]: the parser split a word bash reads whole`);
    if (!leaf.isNamed && !['[', ']', '!', '=', '==', '!='].includes(leaf.type))
      throw new Opaque(
        `${leaf.type} inside [ ] is shell syntax to bash (a redirection, subshell or list), not a test operator`,
      );
    if (leaf.type === 'regex' || leaf.type === 'extglob_pattern')
      throw new Opaque(`[ ${clip(node.text)} ] is not understood`);
    words.push(
      leaf.isNamed
        ? leaf.type === 'test_operator'
          ? { text: leaf.text, dynamic: false, raw: leaf.text }
          : decodeWord(leaf)
        : { text: leaf.type, dynamic: false, raw: leaf.type },
    );
  }
  return words.slice(0, 1).concat(words.slice(2));
}
