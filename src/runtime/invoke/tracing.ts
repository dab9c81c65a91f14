// One OpenTelemetry span per call, when the host registered a tracer provider. Whether one is
// registered is read from the API's global slot (a property lookup): until a host registers a
// provider, @opentelemetry/api is never loaded and a call pays nothing more.
import { lazyRequire } from '../startup/lazy-require.js';
import type { InvokeResult } from '../contract/types.js';

type OtelApi = typeof import('@opentelemetry/api');
type Span = import('@opentelemetry/api').Span;

/** Where @opentelemetry/api (major version 1) keeps what a host registered. */
const GLOBAL_SLOT = Symbol.for('opentelemetry.js.api.1');
const api = lazyRequire<OtelApi>('@opentelemetry/api');
const STATUS_MESSAGE_CHARS = 500;

/** A tracer provider is registered through @opentelemetry/api. */
export function tracerRegistered(): boolean {
  const slot = (globalThis as Record<symbol, { trace?: unknown } | undefined>)[GLOBAL_SLOT];
  return slot?.trace !== undefined;
}

/** The span of a call named `toolwright <provider>.<operation>`, started now (a child of the active span). */
export function startCallSpan(id: string, principal: string): Span {
  const { trace, SpanKind } = api();
  const tracer = trace.getTracer('toolwright');
  return tracer.startSpan(`toolwright ${id}`, {
    kind: SpanKind.INTERNAL,
    attributes: { 'toolwright.operation': id, 'toolwright.principal': principal },
  });
}

/** Ends the span with how the call went: decision, rule, code, and an error status for a failure. */
export function endCallSpan(span: Span, result: InvokeResult, risk: string | undefined): void {
  try {
    const { policy } = result.meta;
    span.setAttributes({
      'toolwright.decision': policy.decision,
      'toolwright.rule': String(policy.rule),
      'toolwright.code': result.ok ? 'ok' : result.error.code,
      ...(risk !== undefined ? { 'toolwright.risk': risk } : {}),
    });
    if (!result.ok) {
      const message = `${result.error.code}: ${result.error.message}`.slice(0, STATUS_MESSAGE_CHARS);
      span.setStatus({ code: api().SpanStatusCode.ERROR, message });
    }
    span.end();
  } catch {
    /* a host's span processor that throws must not reach the call */
  }
}
