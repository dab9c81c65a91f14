import { spawn } from 'node:child_process';
import { execa } from 'execa';
import { createToolkit } from './src/runtime/toolkit.ts';
import { bash } from './src/handlers/exec.ts';
import { sideBySide, medianMs } from './bench/lib.ts';
import { mkdtempSync } from 'node:fs';
const ws = mkdtempSync('/tmp/execdev/p-');
const tk = createToolkit({ workspace: ws });
const bare = () => new Promise<void>((r) => { const c = spawn('bash', ['-c', 'true'], { stdio: ['ignore', 'pipe', 'pipe'] }); c.stdout.resume(); c.stderr.resume(); c.once('close', () => r()); });
const bareDetached = () => new Promise<void>((r) => { const c = spawn('bash', ['-c', 'true'], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] }); c.stdout.resume(); c.stderr.resume(); c.once('close', () => r()); });
const ex = async () => { await execa('bash', ['-c', 'true'], { detached: true, stdin: 'ignore', buffer: false, reject: false, cleanup: false }); };
const ctx = { workspace: tk.workspace, signal: new AbortController().signal, services: tk.services } as any;
const handler = () => bash({ command: 'true' }, ctx);
const inv = () => tk.invoke('exec', 'bash', { command: 'true' });
for (const [name, fn] of [['bare', bare], ['bareDetached', bareDetached], ['execa', ex], ['handler', handler], ['invoke', inv]] as const) {
  console.log(name, (await medianMs(fn as any, 31, 3)).toFixed(2));
}
