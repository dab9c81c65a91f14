import net from 'node:net';
import { once } from 'node:events';
import { execa } from 'execa';
let peak = process.memoryUsage().rss; const base = peak;
const t = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 5);
const t0 = performance.now();
async function socketPipe(onData: (b: Buffer) => void) {
  const server = net.createServer();
  const name = `\0toolwright-${process.pid}-${Math.random().toString(36).slice(2)}`;
  server.listen(name); await once(server, 'listening');
  const accepted = once(server, 'connection');
  const buf = Buffer.allocUnsafe(65536);
  const reader = net.connect({ path: name, onread: { buffer: buf, callback: (n: number, b: Buffer) => { onData(b.subarray(0, n)); return true; } } });
  const [writer] = (await accepted) as [net.Socket];
  server.close();
  return { reader, writer };
}
let n = 0;
const out = await socketPipe((b) => { n += b.length; });
const err = await socketPipe((b) => {});
const t1 = performance.now();
const p = execa('bash', ['-c', process.argv[2] ?? 'yes | head -c 2G; ls -l /proc/self/fd/1'], { detached: true, stdin: 'ignore', stdout: out.writer, stderr: err.writer, buffer: false, reject: false, cleanup: false });
out.writer.destroy(); err.writer.destroy();
out.reader.end(); err.reader.end();
const closed = Promise.all([once(out.reader, 'end'), once(err.reader, 'end')]);
const r = await p; await closed;
clearInterval(t);
console.log('setup ms', (t1 - t0).toFixed(2), 'bytes', n, r.exitCode, 'base', Math.round(base/2**20), 'peak', Math.round(peak/2**20), 'ms', Math.round(performance.now()-t0));
