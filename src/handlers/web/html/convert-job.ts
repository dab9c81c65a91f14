// The conversion process: decodes a page's bytes and converts them (./convert.ts), one job at a
// time. The pool (./convert-pool.ts) kills it when a job overruns its deadline, so nothing a page
// does here can hold the host's event loop or, by exhausting this heap, end the host.
import { serveJobs } from '../../../runtime/processes/serve-jobs.js';
import { decodeText } from '../fetch/content.js';
import { convertHtml, warmUp, type ConvertFormat } from './convert.js';

export interface ConvertRequest {
  id: number;
  bytes: Uint8Array;
  encoding: string;
  truncated: boolean;
  format: ConvertFormat;
  baseUrl: string;
  /** Most characters of the conversion to send back (outputLimit). */
  maxChars: number;
}

export type ConvertReply =
  | { id: number; ok: true; title: string | undefined; content: string; notes: string[] }
  | { id: number; ok: false; message: string };

if (process.send) {
  warmUp();
  serveJobs((request: ConvertRequest): ConvertReply => {
    try {
      const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
      const html = decodeText(bytes, request.encoding, request.truncated);
      const page = convertHtml(html, request.format, request.baseUrl, request.maxChars);
      return { id: request.id, ok: true, ...page };
    } catch (error) {
      return {
        id: request.id,
        ok: false,
        message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      };
    }
  });
}
