// A policy read from a file: its parsed form plus where each part came from, so compile errors
// can be reported as FILE:LINE:COL.
import { PolicyError } from '../errors.js';
import type { PolicyOptions } from '../types.js';

export interface Position {
  line: number;
  col: number;
}

export interface PolicySource {
  policy: PolicyOptions;
  /** The position of a value (`['rules', 2, 'command']`), or the closest enclosing one known. */
  locate(path: readonly (string | number)[]): Position | undefined;
}

/** A policy file error, located. */
export class PolicyFileError extends PolicyError {
  constructor(
    readonly file: string,
    readonly position: Position | undefined,
    readonly detail: string,
  ) {
    super(`${file}:${position ? `${position.line}:${position.col}` : '1:1'}: ${detail}`);
    this.name = 'PolicyFileError';
  }
}

/** Where a compile error of `source` points: the field of the rule, the example, else the rule. */
export function locateError(source: PolicySource, error: PolicyError): Position | undefined {
  if (error.rule === undefined) {
    const field = /^policy(?: default|: unknown field (\w+))/.exec(error.message);
    return source.locate(
      field?.[1]
        ? [field[1]]
        : error.message.startsWith('policy default')
          ? ['default']
          : error.message.includes('preset')
            ? ['extends']
            : [],
    );
  }
  const path: (string | number)[] = ['rules', error.rule];
  if (error.field) path.push(error.field);
  if (error.example) path.push(error.example.list, error.example.index);
  for (let n = path.length; n >= 2; n--) {
    const found = source.locate(path.slice(0, n));
    if (found) return found;
  }
  return source.locate([]);
}
