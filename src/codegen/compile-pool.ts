// Compiles the chunks of a catalog, on worker threads when it is big enough to repay starting them
// (each loads ajv: a few hundred milliseconds), else in this thread. Results come back per chunk
// in any order; what is made of them does not depend on the order.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../runtime/worker-entry.js';
import { compileChunk, type CompiledChunk, type ValidatorChunk } from './compile.js';
import type { CompileReply, CompileRequest } from './compile-worker.js';

/** Below this many operations one thread compiles faster than workers can start. */
const PARALLEL_FROM_OPERATIONS = 600;
const MAX_WORKERS = 4;

export type ChunkResult = (index: number, result: CompiledChunk) => Promise<void>;

export async function compileChunks(chunks: ValidatorChunk[], withCode: boolean, onResult: ChunkResult): Promise<void> {
  const operations = chunks.reduce((n, chunk) => n + chunk.operations.length, 0);
  const workers = Math.min(availableParallelism(), MAX_WORKERS, chunks.length);
  if (operations < PARALLEL_FROM_OPERATIONS || workers < 2) {
    for (let i = 0; i < chunks.length; i++) await onResult(i, compileChunk(chunks[i]!, withCode));
    return;
  }
  await inWorkers(chunks, withCode, workers, onResult);
}

function inWorkers(chunks: ValidatorChunk[], withCode: boolean, count: number, onResult: ChunkResult): Promise<void> {
  const entry = workerEntry(import.meta.url, 'compile-worker', 'codegen/compile-worker');
  const started: Worker[] = [];
  const done = new Set<Worker>();
  let next = 0;
  let pending = chunks.length;
  return new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      for (const worker of started) void worker.terminate();
      reject(error);
    };
    const feed = (worker: Worker) => {
      if (next >= chunks.length) {
        done.add(worker);
        return void worker.terminate();
      }
      const request: CompileRequest = { index: next, chunk: chunks[next]!, withCode };
      next++;
      worker.postMessage(request);
    };
    for (let i = 0; i < count; i++) {
      const worker = new Worker(entry.script, { eval: entry.eval });
      started.push(worker);
      worker.on('message', (message: CompileReply | 'ready') => {
        if (message === 'ready') return feed(worker);
        if ('failure' in message) return fail(new Error(`a compile worker failed on chunk ${chunks[message.index]!.name}: ${message.failure}`));
        const result: CompiledChunk = { problems: message.problems, probeBase: new Map(message.probeBase), ...(message.code !== undefined ? { code: message.code } : {}) };
        onResult(message.index, result).then(() => {
          feed(worker);
          if (--pending === 0) resolve();
        }, fail);
      });
      worker.on('error', fail);
      worker.on('exit', (code) => {
        if (!done.has(worker) && !failed && pending > 0) fail(new Error(`a compile worker exited with code ${code}`));
      });
    }
  });
}
