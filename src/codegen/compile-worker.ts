// A compile worker: compiles the chunks of operations it is sent (compile.ts) and posts back the
// problems, the standalone code and the probe bases. Started by compile-pool.ts.
import { parentPort } from 'node:worker_threads';
import { compileChunk, type ValidatorChunk } from './compile.js';

export interface CompileRequest { index: number; chunk: ValidatorChunk; withCode: boolean }
export type CompileReply =
  | { index: number; problems: ReturnType<typeof compileChunk>['problems']; code?: string; probeBase: [string, number][] }
  | { index: number; failure: string };

parentPort!.on('message', (request: CompileRequest) => {
  let reply: CompileReply;
  try {
    const compiled = compileChunk(request.chunk, request.withCode);
    reply = { index: request.index, problems: compiled.problems, probeBase: [...compiled.probeBase], ...(compiled.code !== undefined ? { code: compiled.code } : {}) };
  } catch (error) {
    reply = { index: request.index, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(reply);
});
parentPort!.postMessage('ready');
