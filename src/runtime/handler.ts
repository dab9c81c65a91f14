import type { HandlerContext } from './types.js';

const RENDERED = Symbol.for('toolwright.rendered');

/** A handler's output together with the text a model should read. */
export interface Rendered<Output> {
  readonly output: Output;
  readonly text: string;
  /**
   * How the text is made from an output, when the handler gave it that way: the runtime renders
   * the output again after hiding entries whose paths a rule denies (a fixed text could name them).
   */
  // A method, so a Rendered of a narrower output still is one of the wider (method parameters are bivariant).
  render?(output: Output): string;
  readonly [RENDERED]: true;
}

/**
 * Pairs an output with its model-facing text (otherwise the runtime renders one). Give the text as
 * a function of the output when the result has `path` fields: the runtime then renders what is
 * left after hiding denied entries, rather than its default rendering.
 */
export function withText<Output>(output: Output, text: string | ((output: Output) => string)): Rendered<Output> {
  // Anything but a function is kept as given: the runtime refuses a text that is not a string.
  if (typeof text !== 'function') return { output, text, [RENDERED]: true };
  return { output, text: text(output), render: (shown: Output) => text(shown), [RENDERED]: true };
}

export function isRendered(value: unknown): value is Rendered<unknown> {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[RENDERED] === true;
}

export type HandlerReturn<Output> = Output | Rendered<Output>;

/** The signature codegen gives every operation: validated params in, output (or rendered output) out. */
export type Handler<Params, Output> = (params: Params, ctx: HandlerContext) => Promise<HandlerReturn<Output>>;
