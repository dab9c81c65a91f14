// Type-check only (compiled by `npm run typecheck`, never run): a parameter with a catalog default is
// optional for the caller and always present for the handler (the validator fills it in).
import type { Toolkit } from '../../src/index.js';
import type { GrepInput, GrepParams, Handlers, MultiEditInput, MultiEditParams } from '../../src/generated/types.js';

declare const toolkit: Toolkit;

export async function callers(): Promise<void> {
  // The caller may leave every defaulted parameter out, at any depth.
  const input: GrepInput = { pattern: 'x' };
  await toolkit.call.grep(input);
  await toolkit.invoke('search', 'grep', { pattern: 'x' });
  const edit: MultiEditInput = { path: 'a.txt', edits: [{ old_str: 'a', new_str: 'b' }] };
  await toolkit.call.multi_edit(edit);
}

export function handlers(params: GrepParams, edit: MultiEditParams): number {
  // The handler reads them with no fallback: they are numbers and booleans, never undefined.
  const max: number = params.max_results;
  const path: string = params.path;
  const replaceAll: boolean = edit.edits[0].replace_all;
  void [path, replaceAll];
  return max;
}

// @ts-expect-error the handler's params always hold max_results (and the other defaults)
export const incomplete: GrepParams = { pattern: 'x' };

// The generated handler map takes the filled params.
type GrepHandler = Handlers['search']['grep'];
export const takesFilled: Parameters<GrepHandler>[0] extends GrepParams ? true : false = true;
