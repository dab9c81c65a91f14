// agent.hcl: the same policy in HCL2, parsed with tree-sitter-hcl (maintained by tree-sitter-grammars,
// exact source positions for every node). Top level: `default`, `extends` and `rule { … }` blocks.
import { loadGrammar, parseWith, type SyntaxNode } from '../shell/parser.js';
import { didYouMean } from '../errors.js';
import { findLexicalError } from './hcl-lex.js';
import { PolicyFileError, type Position, type PolicySource } from './source.js';
import type { PolicyOptions } from '../types.js';

export const HCL_WASM = '@tree-sitter-grammars/tree-sitter-hcl/tree-sitter-hcl.wasm';
const MAX_HCL_CHARS = 1024 * 1024;

type Value = string | number | boolean | null | Value[] | { [key: string]: Value };

export async function parseHclPolicy(text: string, file: string): Promise<PolicySource> {
  if (text.length > MAX_HCL_CHARS) throw new PolicyFileError(file, undefined, `policy file is larger than ${MAX_HCL_CHARS} characters`);
  const { parser } = await loadGrammar(HCL_WASM);
  const tree = parseWith(parser, text);
  if (!tree) throw new PolicyFileError(file, undefined, 'the HCL file could not be parsed in time');
  const positions = new Map<string, Position>();
  const pos = (node: SyntaxNode): Position => ({ line: node.startPosition.row + 1, col: node.startPosition.column + 1 });
  const fail = (node: SyntaxNode, message: string): never => { throw new PolicyFileError(file, pos(node), message); };
  try {
    const root = tree.rootNode;
    if (root.hasError) {
      // The grammar recovers past a lexical mistake and reports where it gave up: find the mistake.
      const lexical = findLexicalError(text);
      if (lexical) throw new PolicyFileError(file, lexical.position, lexical.message);
      const bad = firstError(root);
      fail(bad, bad.isMissing ? `expected ${bad.type}` : `HCL syntax error near: ${bad.text.split('\n')[0]!.slice(0, 30)}`);
    }
    const body = root.namedChildren.find((c) => c?.type === 'body');
    const policy: Record<string, Value> = {};
    const rules: Value[] = [];
    positions.set('', { line: 1, col: 1 });
    for (const item of body?.namedChildren ?? []) {
      if (!item || item.type === 'comment') continue;
      if (item.type === 'attribute') {
        const name = item.namedChildren[0]!.text;
        if (name !== 'default' && name !== 'extends') fail(item, `unknown top-level attribute "${name}"${didYouMean(name, ['default', 'extends'])} (attributes: default, extends; blocks: rule)`);
        if (name in policy) fail(item, `"${name}" is set twice`);
        positions.set(name, pos(item));
        policy[name] = value(item.namedChildren[1]!, [name]);
      } else if (item.type === 'block') {
        const name = item.namedChildren[0]!.text;
        if (name !== 'rule') fail(item, `unknown block "${name}"${didYouMean(name, ['rule'])} (blocks: rule)`);
        const labels = item.namedChildren.filter((c) => c && (c.type === 'string_lit' || c.type === 'identifier')).slice(1);
        if (labels.length > 0) fail(labels[0]!, 'a rule block takes no labels: write rule { … }');
        const index = rules.length;
        positions.set(`rules.${index}`, pos(item));
        const rule: Record<string, Value> = {};
        for (const inner of item.namedChildren.find((c) => c?.type === 'body')?.namedChildren ?? []) {
          if (!inner || inner.type === 'comment') continue;
          if (inner.type !== 'attribute') fail(inner, 'a rule holds attributes only (operation = "bash", decision = "allow", …)');
          const key = inner.namedChildren[0]!.text;
          if (key in rule) fail(inner, `"${key}" is set twice in this rule`);
          positions.set(`rules.${index}.${key}`, pos(inner.namedChildren[1]!));
          rule[key] = value(inner.namedChildren[1]!, ['rules', index, key]);
        }
        rules.push(rule);
      } else {
        fail(item, `unexpected ${item.type}`);
      }
    }
    if (rules.length > 0) policy.rules = rules;

    function value(node: SyntaxNode, path: (string | number)[]): Value {
      positions.set(path.join('.'), pos(node));
      const inner = node.type === 'expression' ? node.namedChildren[0] : node;
      if (!inner) return fail(node, 'missing value');
      switch (inner.type) {
        case 'literal_value': return literal(inner.namedChildren[0]!);
        case 'collection_value': {
          const c = inner.namedChildren[0]!;
          if (c.type === 'tuple') {
            return c.namedChildren.filter((e): e is SyntaxNode => e?.type === 'expression').map((e, i) => value(e, [...path, i]));
          }
          const out: Record<string, Value> = {};
          for (const elem of c.namedChildren) {
            if (elem?.type !== 'object_elem') continue;
            const keyNode = elem.childForFieldName('key')!;
            const keyInner = keyNode.namedChildren[0];
            const key = keyInner?.type === 'variable_expr' ? keyInner.text : keyInner?.type === 'literal_value' ? String(literal(keyInner.namedChildren[0]!)) : fail(keyNode, 'object keys must be names or strings');
            out[key] = value(elem.childForFieldName('val')!, [...path, key]);
          }
          return out;
        }
        case 'template_expr':
          return fail(inner, inner.text.startsWith('<<') ? 'heredoc strings are not supported here; use a quoted string' : 'interpolation (${…}) is not supported in a policy; write the literal string');
        default:
          return fail(inner, `only strings, booleans, lists and objects are accepted here, not ${inner.type.replace(/_/g, ' ')}`);
      }
    }
    function literal(node: SyntaxNode): Value {
      switch (node.type) {
        case 'string_lit': {
          const parts = node.namedChildren.filter((c): c is SyntaxNode => c?.type === 'template_literal');
          return parts.map((p) => unescapeHcl(p.text, p, fail)).join('');
        }
        case 'bool_lit': return node.text === 'true';
        case 'numeric_lit': return Number(node.text);
        case 'null_lit': return null;
        default: return fail(node, `unsupported literal ${node.type}`);
      }
    }
    return {
      policy: policy as unknown as PolicyOptions,
      locate(path) {
        for (let n = path.length; n >= 0; n--) {
          const found = positions.get(path.slice(0, n).join('.'));
          if (found) return found;
        }
        return undefined;
      },
    };
  } finally {
    tree.delete();
  }
}

function firstError(root: SyntaxNode): SyntaxNode {
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.shift()!;
    if (node.type === 'ERROR' || node.isMissing) return node;
    for (const child of node.children) if (child && (child.hasError || child.isMissing)) stack.push(child);
  }
  return root;
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

function unescapeHcl(text: string, node: SyntaxNode, fail: (node: SyntaxNode, message: string) => never): string {
  return text
    .replace(/\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/g, (whole, esc: string) => {
      if (esc.length > 1) return String.fromCodePoint(parseInt(esc.slice(1), 16));
      return ESCAPES[esc] ?? fail(node, `unknown escape ${whole} in a string`);
    })
    .replace(/\$\$\{/g, '${')
    .replace(/%%\{/g, '%{');
}
