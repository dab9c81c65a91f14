// Compiles the chunks of a catalog, on worker threads when it is big enough to repay starting them
// (each loads ajv: a few hundred milliseconds), else in this thread. Results come back per chunk
// in any order; what is made of them does not depend on the order.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { workerEntry } from './worker-entry.js';
import { compileChunk, type ValidatorChunk } from './compile.js';
import type { CompileReply, CompileRequest } from './compile-worker.js';
import type { Layout } from './emit/common.js';
import { emitValidatorModule } from './emit/validators.js';
import type { Problem } from './load.js';
import type { ProbePlan } from './emit/conformance.js';

/** A chunk compiled: its problems, probe bases and (when asked for and there were no problems) its operations' validators files. */
export interface ChunkOutcome {
  problems: Problem[];
  probeBase: Map<string, ProbePlan>;
  files?: { path: string; content: string | Uint8Array }[];
}

/** Below this many operations one thread compiles faster than workers can start. */
const PARALLEL_FROM_OPERATIONS = 600;
const MAX_WORKERS = 4;
/**
 * Heap of one worker: a chunk of 100 operations needs a few tens of megabytes; the bound makes V8
 * collect early instead of letting each thread's heap grow while the main one holds the catalog.
 */
const WORKER_HEAP_MB = 256;

export type ChunkResult = (index: number, result: ChunkOutcome) => Promise<void>;

export async function compileChunks(
  chunks: ValidatorChunk[],
  withCode: boolean,
  layout: Layout,
  onResult: ChunkResult,
): Promise<void> {
  const operations = chunks.reduce((n, chunk) => n + chunk.operations.length, 0);
  const workers = Math.min(availableParallelism(), MAX_WORKERS, chunks.length);
  if (operations < PARALLEL_FROM_OPERATIONS || workers < 2) {
    for (let i = 0; i < chunks.length; i++) {
      const { problems, probeBase, modules } = compileChunk(chunks[i]!, withCode);
      await onResult(i, {
        problems,
        probeBase,
        ...(modules !== undefined ? { files: modules.map((module) => emitValidatorModule(module, layout)) } : {}),
      });
    }
    return;
  }
  await inWorkers(chunks, withCode, layout, workers, onResult);
}

function inWorkers(
  chunks: ValidatorChunk[],
  withCode: boolean,
  layout: Layout,
  count: number,
  onResult: ChunkResult,
): Promise<void> {
  const entry = workerEntry(import.meta.url, 'compile-worker');
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
      const request: CompileRequest = { index: next, chunk: chunks[next]!, withCode, layout };
      next++;
      worker.postMessage(request);
    };
    for (let i = 0; i < count; i++) {
      const worker = new Worker(entry.script, {
        eval: entry.eval,
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      });
      started.push(worker);
      worker.on('message', (message: CompileReply | 'ready') => {
        if (message === 'ready') return feed(worker);
        if ('failure' in message)
          return fail(new Error(`a compile worker failed on chunk ${chunks[message.index]!.name}: ${message.failure}`));
        const result: ChunkOutcome = { problems: message.problems, probeBase: new Map(message.probeBase) };
        if (message.files) result.files = message.files;
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
