// What the toolkit keeps for itself stays out of every sandbox, wherever TMPDIR puts it: a command
// never opens another call's output pipes (to forge or take that output). And a note quoting what a
// command chose (a file's name) reaches the result inert.
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import { fixtureArgs } from '../support/built-cli.js';
import { runSandboxTests } from '../support/exec-helpers.js';
import { tempDir } from '../support/helpers.js';

function run(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${out}`))));
  });
}

describe.runIf(runSandboxTests)('the toolkit own pipes and a sandbox', () => {
  it('with TMPDIR inside the workspace, a sandboxed command sees an empty folder where the host keeps its pipes', async () => {
    const ws = await tempDir();
    const tmp = path.join(ws, '.tmp');
    await mkdir(tmp);
    const said = JSON.parse(await run(fixtureArgs('pipes-in-workspace.ts', ws), { ...process.env, TMPDIR: tmp })) as {
      folder: string;
      host: string[];
      seen: string;
    };
    expect(said.folder.startsWith(`${tmp}/`)).toBe(true);
    // The host keeps spare pipes there...
    expect(said.host.length).toBeGreaterThan(0);
    // ...which the command does not see.
    expect(said.seen).toBe('0\nend\n');
  });
});

describe.runIf(runSandboxTests)('notes of a sandboxed command', () => {
  it('a file name holding terminal escapes and bidi controls is inert in the notes and in the text', async () => {
    const ws = await tempDir();
    const toolkit = createToolkit({ workspace: ws, exec: { sandbox: 'workspace-write' } });
    const name = 'x\u001b[2J\u001b]0;pwned\u0007\u202ey';
    const result = await toolkit.invoke('exec', 'bash', {
      command: `mkdir -p "$(printf 'x\\033[2J\\033]0;pwned\\007\\342\\200\\256y')/b" && cd "$(printf 'x\\033[2J\\033]0;pwned\\007\\342\\200\\256y')/b" && git init -q . && printf '#!/bin/sh\\n' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit`,
    });
    await toolkit.close();
    expect(result.ok, result.text).toBe(true);
    const notes = (result.ok ? result.output.notes : undefined) ?? [];
    expect(notes.length).toBeGreaterThan(0);
    const quoted = notes.find((note) => note.path.includes('pwned'));
    if (!quoted) throw new Error(`no note quotes the folder: ${JSON.stringify(notes)}`);
    for (const text of [result.text, JSON.stringify(notes), ...notes.map((note) => note.path + note.message)]) {
      for (const raw of ['\u001b', '\u0007', '\u202e']) expect(text.includes(raw)).toBe(false);
    }
    expect(quoted.path).toContain('\\u001b[2J');
    expect(name).toContain('\u202e');
  });
});
