// Raw HTTP to an MCP server under test: the content type and accept headers MCP's streamable HTTP
// transport wants, the whole response collected.
import { request, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';

export interface HttpReply {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * `method url` with `headers` on top of MCP's; `body` a string is sent as it is, anything else as
 * JSON (undefined: no body). `send` instead writes the body itself (and ends the request).
 * Resolves when the response ends.
 */
export function mcpRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
  send?: (req: ClientRequest) => void,
): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const req = request(mcpRequestOptions(url, method, headers), (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    if (send) send(req);
    else req.end(encodeBody(body));
  });
}

/** Like mcpRequest, but resolves with the response as soon as its head arrives, for reading a stream. */
export function mcpResponse(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = request(mcpRequestOptions(url, method, headers), resolve);
    req.on('error', reject);
    req.end(encodeBody(body));
  });
}

function mcpRequestOptions(url: string, method: string, headers: Record<string, string>): RequestOptions {
  const target = new URL(url);
  return {
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
  };
}

function encodeBody(body: unknown): string | undefined {
  return body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
}
