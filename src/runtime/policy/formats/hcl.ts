// agent.hcl: the same policy in HCL2, parsed with tree-sitter-hcl (maintained by tree-sitter-grammars,
// exact source positions for every node). Top level: `default`, `extends` and `rule { … }` blocks.
import { loadGrammar, parseWith, type SyntaxNode } from '../../shell/parser.js';
import { didYouMean } from '../errors.js';
import { findLexicalError } from './hcl-lex.js';
import { PolicyFileError, type Position, type PolicySource } from './source.js';
import type { PolicyOptions } from '../types.js';

export const HCL_WASM = 'tree-sitter-hcl.wasm';
const MAX_HCL_CHARS = 1024 * 1024;

type Value = string | number | boolean | null | Value[] | { [key: string]: Value };

export async function parseHclPolicy(text: string, file: string): Promise<PolicySource> {
  if (text.length > MAX_HCL_CHARS)
    throw new PolicyFileError(file, undefined, `policy file is larger than ${MAX_HCL_CHARS} characters`);
  const { parser } = await loadGrammar(HCL_WASM);
  const tree = parseWith(parser, text);
  if (!tree) throw new PolicyFileError(file, undefined, 'the HCL file could not be parsed in time');
  try {
    const reader = new HclPolicyReader(file);
    const root = tree.rootNode;
    if (root.hasError) reader.syntaxError(root, text);
    const policy = reader.body(root.namedChildren.find((c) => c?.type === 'body'));
    return { policy: policy as unknown as PolicyOptions, locate: (path) => reader.locate(path) };
  } finally {
    tree.delete();
  }
}

/** Reads a parsed policy file into plain values, remembering where each one was written. */
class HclPolicyReader {
  readonly #positions = new Map<string, Position>([['', { line: 1, col: 1 }]]);

  constructor(private readonly file: string) {}

  fail(node: SyntaxNode, message: string): never {
    throw new PolicyFileError(this.file, position(node), message);
  }

  /** The grammar recovers past a lexical mistake and reports where it gave up: the mistake is found first. */
  syntaxError(root: SyntaxNode, text: string): never {
    const lexical = findLexicalError(text);
    if (lexical) throw new PolicyFileError(this.file, lexical.position, lexical.message);
    const bad = firstError(root);
    return this.fail(
      bad,
      bad.isMissing ? `expected ${bad.type}` : `HCL syntax error near: ${bad.text.split('\n')[0]!.slice(0, 30)}`,
    );
  }

  /** The top level: `default` and `extends` attributes, and `rule { … }` blocks. */
  body(body: SyntaxNode | null | undefined): Record<string, Value> {
    const policy: Record<string, Value> = {};
    const rules: Value[] = [];
    for (const item of body?.namedChildren ?? []) {
      if (!item || item.type === 'comment') continue;
      if (item.type === 'attribute') this.#topAttribute(item, policy);
      else if (item.type === 'block') rules.push(this.#ruleBlock(item, rules.length));
      else this.fail(item, `unexpected ${item.type}`);
    }
    if (rules.length > 0) policy.rules = rules;
    return policy;
  }

  #topAttribute(item: SyntaxNode, policy: Record<string, Value>): void {
    const name = item.namedChildren[0]!.text;
    if (name !== 'default' && name !== 'extends')
      this.fail(
        item,
        `unknown top-level attribute "${name}"${didYouMean(name, ['default', 'extends'])} (attributes: default, extends; blocks: rule)`,
      );
    if (name in policy) this.fail(item, `"${name}" is set twice`);
    this.#positions.set(name, position(item));
    policy[name] = this.value(item.namedChildren[1]!, [name]);
  }

  #ruleBlock(item: SyntaxNode, index: number): Record<string, Value> {
    const name = item.namedChildren[0]!.text;
    if (name !== 'rule') this.fail(item, `unknown block "${name}"${didYouMean(name, ['rule'])} (blocks: rule)`);
    const labels = item.namedChildren.filter((c) => c && (c.type === 'string_lit' || c.type === 'identifier')).slice(1);
    if (labels.length > 0) this.fail(labels[0]!, 'a rule block takes no labels: write rule { … }');
    this.#positions.set(`rules.${index}`, position(item));
    const rule: Record<string, Value> = {};
    for (const inner of item.namedChildren.find((c) => c?.type === 'body')?.namedChildren ?? []) {
      if (!inner || inner.type === 'comment') continue;
      if (inner.type !== 'attribute')
        this.fail(inner, 'a rule holds attributes only (operation = "bash", decision = "allow", …)');
      const key = inner.namedChildren[0]!.text;
      if (key in rule) this.fail(inner, `"${key}" is set twice in this rule`);
      this.#positions.set(`rules.${index}.${key}`, position(inner.namedChildren[1]!));
      rule[key] = this.value(inner.namedChildren[1]!, ['rules', index, key]);
    }
    return rule;
  }

  value(node: SyntaxNode, path: (string | number)[]): Value {
    this.#positions.set(path.join('.'), position(node));
    const inner = node.type === 'expression' ? node.namedChildren[0] : node;
    if (!inner) return this.fail(node, 'missing value');
    switch (inner.type) {
      case 'literal_value':
        return this.literal(inner.namedChildren[0]!);
      case 'collection_value':
        return this.#collection(inner.namedChildren[0]!, path);
      case 'template_expr':
        return this.fail(
          inner,
          inner.text.startsWith('<<')
            ? 'heredoc strings are not supported here; use a quoted string'
            : 'interpolation (${…}) is not supported in a policy; write the literal string',
        );
      default:
        return this.fail(
          inner,
          `only strings, booleans, lists and objects are accepted here, not ${inner.type.replace(/_/g, ' ')}`,
        );
    }
  }

  #collection(c: SyntaxNode, path: (string | number)[]): Value {
    if (c.type === 'tuple') {
      return c.namedChildren
        .filter((e): e is SyntaxNode => e?.type === 'expression')
        .map((e, i) => this.value(e, [...path, i]));
    }
    const out: Record<string, Value> = {};
    for (const elem of c.namedChildren) {
      if (elem?.type !== 'object_elem') continue;
      const keyNode = elem.childForFieldName('key')!;
      const keyInner = keyNode.namedChildren[0];
      const key =
        keyInner?.type === 'variable_expr'
          ? keyInner.text
          : keyInner?.type === 'literal_value'
            ? // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a literal is a string, number, boolean or null
              String(this.literal(keyInner.namedChildren[0]!))
            : this.fail(keyNode, 'object keys must be names or strings');
      out[key] = this.value(elem.childForFieldName('val')!, [...path, key]);
    }
    return out;
  }

  literal(node: SyntaxNode): Value {
    switch (node.type) {
      case 'string_lit': {
        const parts = node.namedChildren.filter((c): c is SyntaxNode => c?.type === 'template_literal');
        return parts.map((p) => unescapeHcl(p.text, p, (n, message) => this.fail(n, message))).join('');
      }
      case 'bool_lit':
        return node.text === 'true';
      case 'numeric_lit':
        return Number(node.text);
      case 'null_lit':
        return null;
      default:
        return this.fail(node, `unsupported literal ${node.type}`);
    }
  }

  /** Where the value at `path` (or its nearest enclosing one) was written. */
  locate(path: readonly (string | number)[]): Position | undefined {
    for (let n = path.length; n >= 0; n--) {
      const found = this.#positions.get(path.slice(0, n).join('.'));
      if (found) return found;
    }
    return undefined;
  }
}

function position(node: SyntaxNode): Position {
  return { line: node.startPosition.row + 1, col: node.startPosition.column + 1 };
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
