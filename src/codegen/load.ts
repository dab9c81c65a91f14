// Load: parse catalog.yaml keeping source positions, so every later problem can be reported as
// catalog.yaml:LINE:COL.
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';

export type JsonPath = readonly (string | number)[];

export interface Problem {
  path: JsonPath;
  message: string;
  /** Point at the key of the last path element rather than its value (unknown/duplicate keys). */
  atKey?: boolean;
  /** Already-computed position (parse errors). */
  position?: { line: number; col: number };
}

export interface LoadedCatalog {
  file: string;
  data: unknown;
  /** Line/column (1-based) of the node at `path`, or of its nearest existing ancestor. */
  locate(path: JsonPath, atKey?: boolean): { line: number; col: number };
  parseProblems: Problem[];
}

export function loadCatalog(file: string, text: string): LoadedCatalog {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, merge: false });
  const parseProblems: Problem[] = [...doc.errors, ...doc.warnings].map((error) => ({
    path: [],
    message: error.message.split('\n')[0]!,
    position: error.linePos
      ? { line: error.linePos[0].line, col: error.linePos[0].col }
      : lineCounter.linePos(error.pos[0]),
  }));
  const positionOf = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, col };
  };

  function locate(path: JsonPath, atKey = false): { line: number; col: number } {
    let node: Node | null | undefined = doc.contents as Node | null;
    let keyNode: Node | undefined;
    for (const segment of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment));
        if (!pair) break;
        keyNode = pair.key as Node;
        node = pair.value as Node | null;
        if (!node) { node = keyNode; }
      } else if (isSeq(node) && typeof segment === 'number' && node.items[segment]) {
        keyNode = undefined;
        node = node.items[segment] as Node;
      } else {
        break;
      }
    }
    const target = atKey && keyNode ? keyNode : node;
    return target?.range ? positionOf(target.range[0]) : { line: 1, col: 1 };
  }

  return { file, data: doc.toJS({ maxAliasCount: 100 }), locate, parseProblems };
}

export function formatProblem(catalog: LoadedCatalog, problem: Problem): string {
  const { line, col } = problem.position ?? catalog.locate(problem.path, problem.atKey);
  return `${catalog.file}:${line}:${col}: ${problem.message}`;
}
