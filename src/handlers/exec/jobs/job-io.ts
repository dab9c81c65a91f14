import type { ChildProcess } from 'node:child_process';
import { fstatSync } from 'node:fs';
import { openInputPipe, type InputPipe } from '../process/input-pipe.js';
import type { InputTarget } from '../process/input-wait.js';
import type { ByteRedactor } from '../../../runtime/secrets/stream.js';
import { openOutputPipe, type ChunkHandler, type OutputPipe } from '../process/output-pipe.js';
import { openTerminal, type Terminal } from '../process/terminal.js';

/**
 * A background job's stdio: stdout and stderr interleaved into one pipe with stdin a pipe of its
 * own, or all three a pseudo-terminal. Either way bash_write types into `input`.
 */
export interface JobInput {
  /** True once the input was ended (eof) or the job is gone. */
  readonly closed: boolean;
  readonly terminal: boolean;
  write(text: string): Promise<void>;
  /** Closes stdin, or types Ctrl-D into the terminal (which stays open for the job's output). */
  end(): Promise<void>;
}

export interface JobIo {
  readonly stdin: number | 'pipe';
  readonly stdout: number | 'pipe';
  readonly stderr: number | 'pipe';
  readonly input: JobInput;
  /** What a process of the job reads when it waits for input (see ../process/input-wait.ts). */
  readonly inputTarget: InputTarget | undefined;
  /** Call once right after spawning (also when the spawn failed, with no child). */
  attach(child: ChildProcess | undefined): void;
  /** Call once the job's processes are gone: what they wrote is then read to its end. */
  finish(): void;
  /** Settles at end of output (every holder of the write side closed it; a terminal: see Terminal). */
  readonly ended: Promise<void>;
  close(): void;
}

/** The job's stdio; its output goes to `onChunk`, redacted as it comes when `redactor` is given. */
export async function openJobIo(terminal: boolean, onChunk: ChunkHandler, redactor?: ByteRedactor): Promise<JobIo> {
  return terminal ? terminalIo(openTerminal(onChunk, redactor)) : pipeIo(await openOutputPipe(onChunk, redactor));
}

function terminalIo(pty: Terminal): JobIo {
  let closed = false;
  return {
    stdin: pty.slave,
    stdout: pty.slave,
    stderr: pty.slave,
    input: {
      get closed() {
        return closed;
      },
      terminal: true,
      write: (text) => pty.write(text),
      end: () => pty.endInput(),
    },
    inputTarget: { kind: 'terminal', device: pty.device },
    // The terminal's slave was handed to the child at spawn: nothing to attach afterwards.
    attach: () => undefined,
    finish: () => pty.finish(),
    ended: pty.ended,
    close() {
      closed = true;
      pty.close();
    },
  };
}

async function pipeIo(output: OutputPipe): Promise<JobIo> {
  let stdin: InputPipe;
  try {
    stdin = await openInputPipe();
  } catch (error) {
    output.close();
    throw error;
  }
  const inode = typeof stdin.stdio === 'number' ? fstatSync(stdin.stdio).ino : undefined;
  let closed = false;
  return {
    stdin: stdin.stdio,
    stdout: output.stdio,
    stderr: output.stdio,
    input: {
      get closed() {
        return closed;
      },
      terminal: false,
      write: (text) => stdin.write(text),
      end: async () => {
        closed = true;
        stdin.end();
      },
    },
    inputTarget: inode === undefined ? undefined : { kind: 'pipe', inode },
    attach(child) {
      stdin.attach(child?.stdin);
      output.attach(child?.stdout);
    },
    finish: () => undefined,
    ended: output.ended,
    close() {
      closed = true;
      stdin.close();
      output.close();
    },
  };
}
