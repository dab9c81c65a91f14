// Load: parse catalog.yaml into plain data. Positions are not kept on the way (they would cost more
// than the parse itself on a big catalog): when there is a problem to report, a second parse with
// a listener maps each path to its FILE:LINE:COL (yaml-positions.ts).
import { CORE_SCHEMA, load, YAMLException } from 'js-yaml';
import { aliasProblems } from './aliases.js';
import { buildPositionIndex, type PositionIndex } from './yaml-positions.js';

export type JsonPath = readonly (string | number)[];

export interface Problem {
  path: JsonPath;
  message: string;
  /** Point at the key of the last path element rather than its value (unknown/duplicate keys). */
  atKey?: boolean;
  /** Already-computed position (parse errors). */
  position?: { line: number; col: number };
  /** Another place the problem is about (the other half of a collision): its position is appended. */
  related?: { path: JsonPath; atKey?: boolean };
}

export interface LoadedCatalog {
  file: string;
  data: unknown;
  /** The data, handed over: `data` no longer holds it (the caller's copy is then the only one). */
  takeData(): unknown;
  /** Line/column (1-based) of the node at `path`, or of its nearest existing ancestor. */
  locate(path: JsonPath, atKey?: boolean): { line: number; col: number };
  parseProblems: Problem[];
  /** Drops the source text (nothing is located after this): a big catalog's text is 100 MB and more. */
  releaseSource(): void;
}

/**
 * `reload`, when given, reads the text again should a problem need locating: the text is then not
 * kept at all once parsed.
 */
export function loadCatalog(file: string, source: string, reload?: () => string): LoadedCatalog {
  let text: string | undefined = source;
  let index: PositionIndex | undefined;
  const locate = (path: JsonPath, atKey = false) => {
    if (!index) {
      text ??= reload?.();
      if (text === undefined) throw new Error('the catalog source was released: nothing can be located any more');
      index = buildPositionIndex(text);
    }
    return index.locate(path, atKey);
  };
  const releaseSource = () => {
    text = undefined;
  };
  let data: unknown;
  try {
    // The core schema: plain JSON-compatible scalars only (no dates, no binary, no `<<` merges).
    data = load(source, { schema: CORE_SCHEMA, filename: file });
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    const mark = (error as YAMLException & { mark?: { line: number; column: number } }).mark;
    const position = mark ? { line: mark.line + 1, col: mark.column + 1 } : { line: 1, col: 1 };
    return {
      file,
      data: undefined,
      takeData: () => undefined,
      locate,
      releaseSource,
      parseProblems: [{ path: [], position, message: `YAML: ${oneLine(error.reason)}` }],
    };
  }
  if (reload) text = undefined;
  const loaded: LoadedCatalog = {
    file,
    data,
    takeData() {
      const taken = loaded.data;
      loaded.data = undefined;
      return taken;
    },
    locate,
    releaseSource,
    parseProblems: aliasProblems(data, source.length),
  };
  return loaded;
}

export function formatProblem(catalog: LoadedCatalog, problem: Problem): string {
  const { line, col } = problem.position ?? catalog.locate(problem.path, problem.atKey);
  let message = oneLine(problem.message);
  if (problem.related) {
    const other = catalog.locate(problem.related.path, problem.related.atKey);
    message = message.replace('{related}', `${catalog.file}:${other.line}:${other.col}`);
  }
  return `${catalog.file}:${line}:${col}: ${message}`;
}

/** Every diagnostic is one line, whatever a message quotes. */
export function oneLine(message: string): string {
  return message.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ').trim();
}
