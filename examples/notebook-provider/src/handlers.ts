// The handler bodies of catalog.yaml's notebook provider. They check nothing themselves: every path
// arrives resolved inside the workspace (ctx.paths), every glob was kept inside it, every shell line
// was decided by the policy, every URL checked (ctx.net connects only to checked addresses), and a
// secret never shows in an approval or an error. Typed as `Handlers`, so a missing or mistyped
// handler is a compile error.
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { HandlerContext, ResolvedPath } from 'toolwright';
import { ToolError } from './generated/errors.js';
import type { Handlers } from './generated/types.js';

/** The confined path of a `path` param (the runtime always sets it for a given or defaulted one). */
function confined(ctx: HandlerContext, name: string): ResolvedPath {
  const resolved = ctx.paths[name];
  if (!resolved) throw new ToolError('INTERNAL', `no confined ${name}`);
  return resolved;
}

/** `*` within one folder, `**` across folders, `?` one character: as a regular expression. */
function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '*' && pattern[i + 1] === '*') {
      source += pattern[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += pattern[i + 2] === '/' ? 2 : 1;
    } else if (ch === '*') source += '[^/]*';
    else if (ch === '?') source += '[^/]';
    else source += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Files below `dir` (relative to it); links are listed as they are, never followed. */
async function walk(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await walk(path.join(dir, entry.name), relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found;
}

export const handlers: Handlers = {
  notebook: {
    async note_read(params, ctx) {
      const file = confined(ctx, 'path');
      if (!file.exists) throw new ToolError('NOT_FOUND', `${params.path} does not exist`);
      return { path: file.relative, text: await readFile(file.absolute, 'utf8') };
    },

    async note_find(params, ctx) {
      const folder = confined(ctx, 'folder');
      if (!folder.exists) throw new ToolError('NOT_FOUND', `${folder.relative} does not exist`);
      const matcher = globToRegExp(params.pattern);
      const files = (await walk(folder.absolute)).filter((file) => matcher.test(file));
      return { files: files.map((file) => (folder.relative === '.' ? file : `${folder.relative}/${file}`)).sort() };
    },

    async note_run(params, ctx) {
      return new Promise((resolve, reject) => {
        const child = spawn('bash', ['-c', params.line], {
          cwd: ctx.workspace.root,
          signal: ctx.signal,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk;
        });
        child.stderr.on('data', (chunk: Buffer) => {
          output += chunk;
        });
        child.on('error', reject);
        child.on('close', (code) => resolve({ exit_code: code ?? 1, output }));
      });
    },

    async url_check(params, ctx) {
      const response = await ctx.net.fetch(params.url);
      await response.body?.cancel();
      return { status: response.status, content_type: response.headers.get('content-type') ?? '' };
    },

    async sign_in(params, ctx) {
      const stored = await readFile(path.join(ctx.workspace.root, '.credentials'), 'utf8').catch(() => {
        throw new ToolError('NOT_FOUND', 'the workspace has no .credentials file');
      });
      if (stored.trim() !== `${params.user}:${params.password}`) {
        // Careless on purpose: the runtime blanks the password out of every error.
        throw new ToolError('BAD_CREDENTIALS', `the password ${params.password} is wrong for ${params.user}`);
      }
      return { user: params.user, signed_in: true };
    },

    async note_save(params, ctx) {
      const file = confined(ctx, 'path');
      await mkdir(path.dirname(file.absolute), { recursive: true });
      await writeFile(file.absolute, params.text);
      return { path: file.relative, bytes: Buffer.byteLength(params.text) };
    },
  },
};
