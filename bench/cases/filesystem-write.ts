// Writes and listings: multi_edit vs edit_file calls, a 5 MB edit vs the
// round-one pipeline (whole-file diff) and its peak RSS vs the MCP reference filesystem server,
// list_directory of a 20,000-file folder vs `ls -la`.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { MultiEditInput } from '../../src/generated/types.js';
import { createToolkit } from '../../src/index.js';
import { sideBySide, type BenchCase } from '../lib.js';

const require = createRequire(import.meta.url);
const cli = path.resolve(import.meta.dirname, '../../dist/cli.js');
const peerServer = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');

/** A ~5 MB source-like file with 10 marker lines spread through it. */
function bigSource(): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < 5 * 1024 * 1024; i++) {
    const line =
      i % 8_000 === 4_000
        ? `const slot${(i - 4_000) / 8_000} = 0;`
        : `  value_${i} = compute(${i}, "lorem ipsum dolor sit amet");`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n') + '\n';
}

/** edit_file as it was in round one: whole file decoded, split/join, whole-file diff, atomic write. */
async function roundOneEdit(file: string, oldStr: string, newStr: string): Promise<string> {
  const bytes = await readFile(file);
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  if (text.split(oldStr).length !== 2) throw new Error('round-one baseline: no unique match');
  const result = text.split(oldStr).join(newStr);
  const diff = createTwoFilesPatch(
    `a/${path.basename(file)}`,
    `b/${path.basename(file)}`,
    text,
    result,
    undefined,
    undefined,
    { context: 3, headerOptions: FILE_HEADERS_ONLY },
  );
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
  );
  const handle = await open(temp, 'wx');
  await handle.writeFile(result);
  await handle.datasync();
  await handle.close();
  await rename(temp, file);
  return diff.slice(0, 20_000);
}

async function peakRssOfServer(
  command: string,
  args: string[],
  call: { name: string; arguments: Record<string, unknown> },
): Promise<{ idle: number; peak: number }> {
  const transport = new StdioClientTransport({ command, args, stderr: 'ignore' });
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(transport);
  try {
    const status = async () => {
      const text = await readFile(`/proc/${transport.pid}/status`, 'utf8');
      const kib = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1]) / 1024;
      return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
    };
    const idle = (await status()).rss;
    const result = await client.callTool(call);
    if (result.isError) throw new Error(`${command} ${call.name}: ${JSON.stringify(result.content).slice(0, 300)}`);
    return { idle, peak: (await status()).hwm };
  } finally {
    await client.close();
  }
}

const bench: BenchCase = {
  name: 'filesystem-write',
  async run(ctx) {
    const source = bigSource();
    const ws = path.join(ctx.tmp, 'ws');
    await mkdir(ws);
    const toolkit = createToolkit({ workspace: ws });
    ctx.log(`5 MB file: ${(source.length / 1024 / 1024).toFixed(1)} MiB, ${source.split('\n').length} lines`);

    // multi_edit of 10 edits vs 10 edit_file calls (each run moves every slot one value on).
    await writeFile(path.join(ws, 'multi.ts'), source);
    await writeFile(path.join(ws, 'single.ts'), source);
    let multiRound = 0;
    let singleRound = 0;
    const slots = Array.from({ length: 10 }, (_, j) => j);
    const ten = await sideBySide(
      async () => {
        const r = multiRound++;
        const result = await toolkit.invoke('filesystem', 'multi_edit', {
          path: 'multi.ts',
          edits: slots.map((j) => ({
            old_str: `const slot${j} = ${r};`,
            new_str: `const slot${j} = ${r + 1};`,
          })) as MultiEditInput['edits'],
        });
        if (!result.ok) throw new Error(result.text);
      },
      async () => {
        const r = singleRound++;
        for (const j of slots) {
          const result = await toolkit.invoke('filesystem', 'edit_file', {
            path: 'single.ts',
            old_str: `const slot${j} = ${r};`,
            new_str: `const slot${j} = ${r + 1};`,
          });
          if (!result.ok) throw new Error(result.text);
        }
      },
      5,
    );
    ctx.row({
      case: 'multi_edit: 10 edits in a 5 MB file',
      toolwright: ten.toolwright,
      baseline: ten.baseline,
      baselineName: '10 edit_file calls',
      target: '≤ 0.3×',
    });

    // One 5 MB edit: the region diff vs round one's whole-file diff (same read, decode and atomic write).
    await writeFile(path.join(ws, 'one.ts'), source);
    await writeFile(path.join(ws, 'old.ts'), source);
    let a = 0;
    let b = 0;
    const one = await sideBySide(
      async () => {
        const r = a++;
        const result = await toolkit.invoke('filesystem', 'edit_file', {
          path: 'one.ts',
          old_str: `const slot5 = ${r};`,
          new_str: `const slot5 = ${r + 1};`,
        });
        if (!result.ok) throw new Error(result.text);
      },
      async () => {
        const r = b++;
        await roundOneEdit(path.join(ws, 'old.ts'), `const slot5 = ${r};`, `const slot5 = ${r + 1};`);
      },
      7,
    );

    // Peak RSS of a server doing that edit: toolwright's MCP server vs the reference filesystem server.
    await writeFile(path.join(ws, 'tw.ts'), source);
    await writeFile(path.join(ws, 'peer.ts'), source);
    const mine = await peakRssOfServer(process.execPath, [cli, 'mcp', '--workspace', ws], {
      name: 'edit_file',
      arguments: { path: 'tw.ts', old_str: 'const slot5 = 0;', new_str: 'const slot5 = 1;' },
    });
    const peer = await peakRssOfServer(process.execPath, [peerServer, ws], {
      name: 'edit_file',
      arguments: {
        path: path.join(ws, 'peer.ts'),
        edits: [{ oldText: 'const slot5 = 0;', newText: 'const slot5 = 1;' }],
      },
    });
    ctx.row({
      case: 'edit_file: one edit in a 5 MB file',
      toolwright: one.toolwright,
      baseline: one.baseline,
      baselineName: 'round-one pipeline (whole-file diff)',
      target: '≤ 0.6×; server peak RSS ≤ reference server',
      note: `server peak RSS (VmHWM) after the edit: toolwright mcp ${mine.peak.toFixed(0)} MiB (idle ${mine.idle.toFixed(0)}), @modelcontextprotocol/server-filesystem ${peer.peak.toFixed(0)} MiB (idle ${peer.idle.toFixed(0)})`,
    });

    // list_directory of a 20,000-file folder vs ls -la.
    const many = path.join(ws, 'many');
    await mkdir(many);
    for (let i = 0; i < 20_000; i++) writeFileSync(path.join(many, `file-${String(i).padStart(5, '0')}.ts`), 'x');
    let bytes = 0;
    const list = await sideBySide(
      async () => {
        const result = await toolkit.invoke('filesystem', 'list_directory', { path: 'many' });
        if (!result.ok) throw new Error(result.text);
        bytes = Buffer.byteLength(JSON.stringify(result.output)) + Buffer.byteLength(result.text);
      },
      () => spawnSync('ls', ['-la', many], { maxBuffer: 1 << 26 }),
      7,
    );
    const lsBytes = spawnSync('ls', ['-la', many], { maxBuffer: 1 << 26 }).stdout.length;
    ctx.row({
      case: 'list_directory: 20,000-file folder',
      toolwright: list.toolwright,
      baseline: list.baseline,
      baselineName: 'ls -la (spawned)',
      target: 'answer well under 200 KB',
      note: `answer ${(bytes / 1024).toFixed(0)} KB (output JSON + text, 1000 entries, truncated); ls -la prints ${(lsBytes / 1024).toFixed(0)} KB`,
    });
  },
};

export default bench;
