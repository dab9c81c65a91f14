// A compile worker: compiles the chunks of operations it is sent (compile.ts) and posts back the
// problems, the standalone code and the probe bases. Started by compile-pool.ts.
import { parentPort } from 'node:worker_threads';
import { compileChunk, type ValidatorChunk } from './compile.js';
import type { Layout } from './emit/common.js';
import { emitValidatorModule } from './emit/validators.js';
import type { ProbePlan } from './emit/conformance.js';

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
      files?: { path: string; content: Uint8Array }[];
      probeBase: [string, ProbePlan][];
    }
  | { index: number; failure: string };

// The files come back as UTF-8 bytes, moved rather than copied: hundreds of validators files as
// strings would pile up on the main thread's heap faster than it collects them.
parentPort!.on('message', (request: CompileRequest) => {
  let reply: CompileReply;
  const transfer: ArrayBuffer[] = [];
  try {
    const compiled = compileChunk(request.chunk, request.withCode);
    reply = { index: request.index, problems: compiled.problems, probeBase: [...compiled.probeBase] };
    if (compiled.modules !== undefined) {
      reply.files = compiled.modules.map((module) => {
        const file = emitValidatorModule(module, request.layout);
        const content = new TextEncoder().encode(file.content);
        transfer.push(content.buffer);
        return { path: file.path, content };
      });
    }
  } catch (error) {
    reply = { index: request.index, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(reply, transfer);
});
parentPort!.postMessage('ready');
