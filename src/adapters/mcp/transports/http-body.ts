// Reading a request body with a deadline and a size cap, before the request counts for anything
// (a session slot, an initialize in progress): a client that sends headers and then trickles or
// withholds the body holds a socket until the deadline, never a session.
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.js';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Defaults, documented in docs/serving.md. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_BODY_TIMEOUT_MS = 10_000;
/** The MCP SDK's own cap on a message. */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface BodyLimits {
  timeoutMs: number;
  maxBytes: number;
}

/** A body read whole and parsed, or the reason it was refused (the response has then been sent). */
export type BodyResult = { ok: true; json: unknown } | { ok: false };

function refuse(res: ServerResponse, status: number, code: number, message: string): void {
  if (res.headersSent || res.destroyed) return;
  // The rest of the body is not read: the connection cannot be reused.
  res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/**
 * Reads and parses a JSON request body within `limits`: 413 past the size cap (announced or
 * sent), 408 past the deadline, 400 for a body that is not JSON. Refused requests get their
 * answer here and their connection closed after it.
 */
export function readJsonBody(req: IncomingMessage, res: ServerResponse, limits: BodyLimits): Promise<BodyResult> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxBytes) {
    refuse(res, 413, -32000, `Request body of ${declared} bytes is larger than the ${limits.maxBytes} bytes accepted`);
    req.destroy();
    return Promise.resolve({ ok: false });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let settled = false;
    const finish = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onGone);
      resolve(result);
    };
    const fail = (status: number, message: string) => {
      refuse(res, status, -32000, message);
      res.once('finish', () => req.destroy());
      finish({ ok: false });
    };
    const timer = setTimeout(
      () => fail(408, `The request body did not arrive within ${limits.timeoutMs} ms`),
      limits.timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length > limits.maxBytes) fail(413, `Request body is larger than the ${limits.maxBytes} bytes accepted`);
      else chunks.push(chunk);
    };
    const onEnd = () => {
      const text = Buffer.concat(chunks, length).toString('utf8');
      if (nestsDeeperThan(text)) {
        refuse(res, 400, -32700, `Parse error: the body nests deeper than ${MAX_JSON_DEPTH} levels`);
        finish({ ok: false });
        return;
      }
      try {
        finish({ ok: true, json: JSON.parse(text) as unknown });
      } catch (error) {
        refuse(res, 400, -32700, `Parse error: ${(error as Error).message}`);
        finish({ ok: false });
      }
    };
    // The client went away before the body was complete: nobody to answer.
    const onGone = () => finish({ ok: false });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    req.on('close', onGone);
  });
}
