// Which rg searches a grep runs so that its results come in the same order on every call: a search
// cut at max_results (or continuing one) returns the first results in path order, not whichever
// files rg's threads reached first.
import { RipgrepPause } from './ripgrep.js';
import type { searchWithRipgrep } from './run.js';

type Collected = Awaited<ReturnType<typeof searchWithRipgrep>>;

export interface SearchWay {
  /** rg's standard printer, large files apart (see ./run.ts). */
  bounded: boolean;
  /** One file at a time in path order (`--sort path`). */
  sorted: boolean;
  /** Ends this search alone (the call's own signal ends them all). */
  signal?: AbortSignal;
  pause?: RipgrepPause;
}

export type Search = (way: SearchWay) => Promise<Collected>;

/**
 * How long the search in path order runs alone before rg's parallel search is tried. Most searches
 * that are cut end within it (rg stops at max_results + 1), and then no second search runs; one that
 * is still going is held while the parallel search runs, and finishes only if that one was cut too.
 */
export const SORTED_HEAD_START_MS = 30;

export interface FirstWay {
  bounded: boolean;
  sorted: boolean;
  /** A fast, unsorted search starts in path order with a head start (see sortedFirst). */
  headStart: boolean;
}

/**
 * Runs `search` until its results are stable: a search whose rg grew past its memory bound runs
 * again the bounded way, and a parallel search that was cut runs again in path order.
 */
export async function searchStably(search: Search, signal: AbortSignal, first: FirstWay): Promise<Collected> {
  let { bounded, sorted } = first;
  let collected: Collected;
  if (!bounded && !sorted && first.headStart) ({ collected, sorted } = await sortedFirst(search, signal));
  else collected = await search({ bounded, sorted });
  for (;;) {
    if (collected.exits.some((e) => e.overMemory) && !bounded) [bounded, sorted] = [true, false];
    else if (isCut(collected) && !sorted) sorted = true;
    else break;
    collected = await search({ bounded, sorted });
  }
  return collected;
}

function isCut(collected: Collected): boolean {
  return collected.matches ? collected.matches.truncated : collected.truncated;
}

/**
 * The search in path order, given a head start; past it, held while the parallel search runs. The
 * parallel one's results are taken when it was not cut (all there is, in any order) or when rg
 * outgrew its memory (the caller runs the search again the bounded way); otherwise the held search
 * goes on. Whichever is not taken is ended before this returns.
 */
async function sortedFirst(search: Search, signal: AbortSignal): Promise<{ collected: Collected; sorted: boolean }> {
  const stopSorted = new AbortController();
  if (signal.aborted) stopSorted.abort(signal.reason);
  const onAbort = () => stopSorted.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  const pause = new RipgrepPause();
  const inOrder = search({ bounded: false, sorted: true, signal: stopSorted.signal, pause });
  // Killed, held or not, and waited for: no rg outlives the call.
  const endSorted = async () => {
    stopSorted.abort();
    await inOrder.catch(() => {});
  };
  try {
    let timer: NodeJS.Timeout | undefined;
    const headStart = new Promise<undefined>(
      (resolve) => (timer = setTimeout(() => resolve(undefined), SORTED_HEAD_START_MS)),
    );
    const early = await Promise.race([inOrder, headStart]).finally(() => clearTimeout(timer));
    if (early) return { collected: early, sorted: true };
    pause.set(true);
    let parallel: Collected;
    try {
      parallel = await search({ bounded: false, sorted: false });
    } catch (error) {
      await endSorted();
      throw error;
    }
    if (!isCut(parallel) || parallel.exits.some((e) => e.overMemory)) {
      await endSorted();
      return { collected: parallel, sorted: false };
    }
    pause.set(false);
    return { collected: await inOrder, sorted: true };
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
