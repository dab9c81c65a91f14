import { LineCounter, isMap, isSeq, parseDocument, type Node } from 'yaml';
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
  if (problem) throw new PolicyFileError(file, at(problem.pos[0]), problem.message.split('\n')[0]!);
  let policy = doc.toJS({ maxAliasCount: 100 }) as unknown;
  let root = doc.contents as Node | null;
  if (policy === null || policy === undefined) policy = {};
  if (typeof policy === 'object' && policy !== null && !Array.isArray(policy) && Object.keys(policy).length === 1 && 'preset' in policy) {
    policy = (policy as { preset: unknown }).preset;
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
