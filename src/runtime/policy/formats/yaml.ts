import {
  LineCounter,
  isMap,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  type Document,
  type Node,
  type YAMLError,
} from 'yaml';
import { PolicyFileError, type Position, type PolicySource } from './source.js';
import type { PolicyOptions } from '../types.js';

/** Parses a YAML policy (`{rules, default, extends}`, a preset name, or `{preset: NAME}`). */
export function parseYamlPolicy(text: string, file: string): PolicySource {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number): Position => {
    const p = lines.linePos(offset);
    return { line: p.line, col: p.col };
  };
  const problem = doc.errors[0];
  if (problem) {
    const unclosed = unclosedAt(doc, problem);
    throw new PolicyFileError(
      file,
      at(unclosed?.offset ?? pastIndent(text, problem.pos[0])),
      unclosed?.message ?? problem.message.split('\n')[0]!,
    );
  }
  let policy: unknown;
  try {
    policy = doc.toJS({ maxAliasCount: 100 }) as unknown;
  } catch (error) {
    // An alias without its anchor (or one that expands too far): located at the first such alias.
    const alias = firstBadAlias(doc);
    throw new PolicyFileError(
      file,
      alias === undefined ? undefined : at(alias),
      (error as Error).message.split('\n')[0]!,
    );
  }
  let root = doc.contents as Node | null;
  if (policy === null || policy === undefined) policy = {};
  if (
    typeof policy === 'object' &&
    policy !== null &&
    !Array.isArray(policy) &&
    Object.keys(policy).length === 1 &&
    'preset' in policy
  ) {
    policy = policy.preset;
    root = isMap(root) ? (root.get('preset', true) as Node | null) : root;
  }
  return {
    policy: policy as PolicyOptions,
    locate(path) {
      let node: unknown = root;
      let last: Position | undefined = root?.range ? at(root.range[0]) : undefined;
      for (const key of path) {
        if (isMap(node)) {
          const pair = node.items.find((item) => (item.key as { value?: unknown } | null)?.value === key);
          if (!pair) return last;
          const keyNode = pair.key as Node | null;
          node = pair.value;
          const valueRange = (node as Node | null)?.range;
          last = valueRange ? at(valueRange[0]) : keyNode?.range ? at(keyNode.range[0]) : last;
        } else if (isSeq(node) && typeof key === 'number') {
          node = node.items[key];
          const range = (node as Node | undefined)?.range;
          if (!range) return last;
          last = at(range[0]);
        } else {
          return last;
        }
      }
      return last;
    },
  };
}

/** An offset in a line's leading spaces moves to the line's first other character (what is misindented). */
function pastIndent(text: string, offset: number): number {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  if (!/^ *$/.test(text.slice(lineStart, offset))) return offset;
  let end = offset;
  while (text[end] === ' ') end++;
  return end < text.length && text[end] !== '\n' && text[end] !== '\r' ? end : offset;
}

/**
 * For a string or flow collection the file ends (or dedents) inside of, where it was opened: the
 * parser notices the missing quote or bracket only where it gave up, often lines later.
 */
function unclosedAt(doc: Document, problem: YAMLError): { offset: number; message: string } | undefined {
  const quote = /^Missing closing (["'])quote/.exec(problem.message);
  const flow = /^Flow (sequence|map) in block collection must be sufficiently indented and end with an? ([\]}])/.exec(
    problem.message,
  );
  if (!quote && !flow) return undefined;
  const errorAt = problem.pos[0];
  let best: number | undefined;
  visit(doc, (_key, node) => {
    const range = (node as Node).range;
    if (!range || range[0] >= errorAt || range[1] < errorAt) return;
    const fits = quote
      ? isScalar(node) && node.type === (quote[1] === '"' ? 'QUOTE_DOUBLE' : 'QUOTE_SINGLE')
      : (flow![1] === 'sequence' ? isSeq(node) : isMap(node)) && (node as { flow?: boolean }).flow === true;
    if (fits && (best === undefined || range[0] > best)) best = range[0];
  });
  if (best === undefined) return undefined;
  return quote
    ? { offset: best, message: `this ${quote[1]}-quoted string is not closed (no closing ${quote[1]} follows)` }
    : {
        offset: best,
        message: `this ${flow![2] === ']' ? '[' : '{'} is not closed: ${problem.message.split('\n')[0]!}`,
      };
}

/** The offset of the first alias whose anchor is not defined before it. */
function firstBadAlias(doc: Document): number | undefined {
  let found: number | undefined;
  visit(doc, {
    Alias(_key, node) {
      if (found === undefined && node.range && !node.resolve(doc)) found = node.range[0];
    },
  });
  return found;
}
