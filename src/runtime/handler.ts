const RENDERED = Symbol.for('toolwright.rendered');

/** A handler's output together with the text a model should read. */
export interface Rendered<Output> {
  readonly output: Output;
  readonly text: string;
  readonly [RENDERED]: true;
}

/** Pairs an output with its model-facing text (otherwise the runtime renders one). */
export function withText<Output>(output: Output, text: string): Rendered<Output> {
  return { output, text, [RENDERED]: true };
}

export function isRendered(value: unknown): value is Rendered<unknown> {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[RENDERED] === true;
}

export type HandlerReturn<Output> = Output | Rendered<Output>;

