// A compile worker: compiles the chunks of operations it is sent (compile.ts) and posts back the
// problems, the standalone code and the probe bases. Started by compile-pool.ts.
import { parentPort } from 'node:worker_threads';
import { compileChunk, type ValidatorChunk } from './compile.js';
import type { Layout } from './emit/common.js';
import { emitValidatorChunk } from './emit/validators.js';

export interface CompileRequest {
  index: number;
  chunk: ValidatorChunk;
  withCode: boolean;
  layout: Layout;
}
export type CompileReply =
  | {
      index: number;
      problems: ReturnType<typeof compileChunk>['problems'];
      bytes?: Uint8Array;
      probeBase: [string, number][];
    }
  | { index: number; failure: string };

// The file comes back as UTF-8 bytes, moved rather than copied: hundreds of chunk files as strings
// would pile up on the main thread's heap faster than it collects them.
parentPort!.on('message', (request: CompileRequest) => {
  let reply: CompileReply;
  const transfer: ArrayBuffer[] = [];
  try {
    const compiled = compileChunk(request.chunk, request.withCode);
    reply = { index: request.index, problems: compiled.problems, probeBase: [...compiled.probeBase] };
    if (compiled.code !== undefined) {
      const bytes = new TextEncoder().encode(emitValidatorChunk(request.chunk, compiled.code, request.layout).content);
      reply.bytes = bytes;
      transfer.push(bytes.buffer);
    }
  } catch (error) {
    reply = { index: request.index, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(reply, transfer);
});
parentPort!.postMessage('ready');
