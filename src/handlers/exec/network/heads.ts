// Message heads the proxy writes itself: a request to an allowed server, an answer to the command.
// Each is refused as Node's own client and server would refuse it (a character no header can
// carry, a method or a name that is not a token), before anything of it is sent.
import type { HeaderList } from './credentials.js';

export interface UpstreamRequestOptions {
  method: string;
  target: string;
  headers: HeaderList;
  /** How the body goes: none, by its length, or in chunks. */
  body: 'none' | 'length' | 'chunked';
}

/** What Node's client refuses to write in a header value, a method or a target. */
export const BAD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
export const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const BAD_TARGET = /[^\u0021-\u00ff]/;
/** An error of the request's own making (a character no header can carry): nothing was sent. */
function invalid(message: string): Error {
  return Object.assign(new Error(message), { code: 'ERR_INVALID_CHAR' });
}

export function requestHead(options: UpstreamRequestOptions): string {
  if (!TOKEN.test(options.method)) throw invalid('the method is not a token');
  if (BAD_TARGET.test(options.target)) throw invalid('the request target holds characters no request line can carry');
  let head = `${options.method} ${options.target} HTTP/1.1\r\n`;
  for (const [name, value] of options.headers) {
    if (!TOKEN.test(name)) throw invalid(`the header name ${JSON.stringify(name.slice(0, 40))} is not a token`);
    if (BAD_VALUE.test(value)) throw invalid(`Invalid character in header content ["${name}"]`);
    head += `${name}: ${value}\r\n`;
  }
  return `${head}\r\n`;
}

/**
 * An answer's head as Node's server would write it (a kept-alive one says how long the connection
 * waits, `keepAliveSeconds`: clients drop it before), or undefined for one it refuses to write.
 */
export function answerHead(
  status: number,
  message: string,
  headers: [string, string][],
  close: boolean,
  keepAliveSeconds: number,
): string | undefined {
  if (!Number.isInteger(status) || status < 100 || status > 999 || BAD_VALUE.test(message)) return undefined;
  let head = `HTTP/1.1 ${status} ${message}\r\n`;
  for (const [name, value] of headers) {
    if (!TOKEN.test(name) || BAD_VALUE.test(value)) return undefined;
    head += `${name}: ${value}\r\n`;
  }
  return `${head}${close ? 'connection: close\r\n' : `connection: keep-alive\r\nkeep-alive: timeout=${keepAliveSeconds}\r\n`}\r\n`;
}
