// The foreground commands of a toolkit running now: its close() stops them, as it stops its
// background jobs, and a command asked for once it is closing never starts.
import { ToolError } from '../../../runtime/contract/errors.js';
import type { HandlerContext } from '../../../runtime/contract/types.js';

interface InFlight {
  closed: boolean;
  readonly stops: Set<() => void>;
}

const byToolkit = new WeakMap<HandlerContext['toolkit'], InFlight>();

/**
 * Registers a command about to start; `stop` is called if the toolkit closes while it runs. The
 * returned function unregisters it. UNAVAILABLE when the toolkit is closed or closing.
 */
export function registerInFlight(ctx: HandlerContext, stop: () => void): () => void {
  let inFlight = byToolkit.get(ctx.toolkit);
  if (!inFlight) {
    const made: InFlight = { closed: false, stops: new Set() };
    byToolkit.set(ctx.toolkit, made);
    // Runs at once when the toolkit is already closing (onClose after close()).
    ctx.toolkit.onClose(() => {
      made.closed = true;
      for (const each of made.stops) each();
      made.stops.clear();
    });
    inFlight = made;
  }
  if (inFlight.closed) throw closedToolkit();
  const stops = inFlight.stops;
  stops.add(stop);
  return () => void stops.delete(stop);
}

export function closedToolkit(): ToolError {
  return new ToolError('UNAVAILABLE', 'this toolkit is closed; its commands were stopped and no new one starts');
}
