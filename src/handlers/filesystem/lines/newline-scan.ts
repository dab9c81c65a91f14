// Counting newlines fast: read_file's first pass over a large file is a newline count (for
// total_lines and the line index). Buffer.indexOf per newline costs ~28 ns a line; the SIMD
// WebAssembly scanner (newline-scan.wat) looks at 64 bytes per step and halves the cold read.
import { NEWLINE_SCAN_WASM_BASE64 } from './newline-scan.wasm.js';

export const SCAN_BUFFER_BYTES = 1 << 20;
const NEWLINE = 10;

/** Two reusable read buffers and a k-th-newline search over them. */
export interface NewlineScanner {
  readonly buffers: readonly [Buffer, Buffer];
  /**
   * Index (within buffers[which]) of the k-th newline in [from, to), k ≥ 1; or -1 when there are
   * fewer, with their number in `missCount`.
   */
  nth(which: 0 | 1, from: number, to: number, k: number): number;
  readonly missCount: number;
}

// The slice of the WebAssembly API used here (the project's TS libs carry no DOM/wasm types).
type WasmModule = object;
interface WasmApi {
  Module: new (bytes: Uint8Array) => WasmModule;
  Instance: new (module: WasmModule) => { exports: unknown };
}
const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

interface ScanExports {
  memory: { buffer: ArrayBuffer };
  count: { value: number };
  nth(ptr: number, len: number, k: number): number;
}

let wasmModule: WasmModule | null | undefined;
function compiledModule(): WasmModule | null {
  if (wasmModule === undefined) {
    try {
      if (!wasm) throw new Error('no WebAssembly');
      wasmModule = new wasm.Module(Buffer.from(NEWLINE_SCAN_WASM_BASE64, 'base64'));
    } catch {
      wasmModule = null; // no WebAssembly SIMD here: the JS scanner does the same job
    }
  }
  return wasmModule ?? null;
}

class WasmScanner implements NewlineScanner {
  readonly buffers: readonly [Buffer, Buffer];
  private readonly exports: ScanExports;

  constructor(module: WasmModule) {
    this.exports = new wasm!.Instance(module).exports as ScanExports;
    const memory = this.exports.memory.buffer;
    this.buffers = [
      Buffer.from(memory, 0, SCAN_BUFFER_BYTES),
      Buffer.from(memory, SCAN_BUFFER_BYTES, SCAN_BUFFER_BYTES),
    ];
  }

  nth(which: 0 | 1, from: number, to: number, k: number): number {
    const base = which * SCAN_BUFFER_BYTES;
    const at = this.exports.nth(base + from, to - from, k);
    return at < 0 ? -1 : at - base;
  }

  get missCount(): number {
    return this.exports.count.value;
  }
}

/** The same contract with Buffer.indexOf, for runtimes without WebAssembly SIMD (and as a test oracle). */
export class JsScanner implements NewlineScanner {
  readonly buffers: readonly [Buffer, Buffer] = [
    Buffer.allocUnsafe(SCAN_BUFFER_BYTES),
    Buffer.allocUnsafe(SCAN_BUFFER_BYTES),
  ];
  missCount = 0;

  nth(which: 0 | 1, from: number, to: number, k: number): number {
    const buffer = this.buffers[which];
    let found = 0;
    let at = buffer.indexOf(NEWLINE, from);
    while (at !== -1 && at < to) {
      if (++found === k) return at;
      at = buffer.indexOf(NEWLINE, at + 1);
    }
    this.missCount = found;
    return -1;
  }
}

/** Compiles the WebAssembly scanner ahead of the first large read (a server waiting for its first call). */
export function prepareScanner(): void {
  compiledModule();
}

export function createScanner(preferWasm = true): NewlineScanner {
  const module = preferWasm ? compiledModule() : null;
  return module ? new WasmScanner(module) : new JsScanner();
}

// Scanners (3 MiB each) are reused across calls; a few cover concurrent reads.
const pool: NewlineScanner[] = [];
export function takeScanner(): NewlineScanner {
  return pool.pop() ?? createScanner();
}
export function returnScanner(scanner: NewlineScanner): void {
  if (pool.length < 4) pool.push(scanner);
}
