// Files a program reads by a name that is not one of its words as written: binutils' `@FILE` (a
// file of more arguments), jq's modules (import, include, modulemeta, and a -f program that may hold
// them) and git config's --blob (an object). Under a path rule each is refused, in every spelling;
// the same programs still run on what the rules let through.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolkit, type Toolkit } from '../../src/index.js';
import { git } from '../support/git.js';
import { tempDir } from '../support/helpers.js';

const SECRET = 'hunter2-indirect';
const opened: Toolkit[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((toolkit) => toolkit.close()));
});

async function repository(): Promise<{ toolkit: Toolkit; root: string }> {
  const root = await tempDir('tw-sr-indirect-');
  await mkdir(path.join(root, 'secrets'));
  await writeFile(path.join(root, 'secrets', 'x'), `${SECRET}\n`);
  await writeFile(path.join(root, 'secrets', 'd.json'), `{"k":"${SECRET}"}\n`);
  await writeFile(path.join(root, 'secrets', 'm.jq'), `def leak: "${SECRET}";\n`);
  await writeFile(path.join(root, 'args'), 'secrets/x\n');
  await writeFile(path.join(root, 'public.json'), '{"k":1}\n');
  await writeFile(path.join(root, 'prog.jq'), '.k\n');
  git(root, 'init', '-q');
  git(root, 'add', '.');
  git(root, 'commit', '-qm', 'first');
  const toolkit = createToolkit({
    workspace: root,
    policy: { rules: [{ path: 'secrets/**', decision: 'deny', reason: 'secret folder' }] },
  });
  opened.push(toolkit);
  return { toolkit, root };
}

async function outcome(toolkit: Toolkit, command: string): Promise<string> {
  const result = await toolkit.invoke('exec', 'shell_read', { command });
  const printed = result.ok ? JSON.stringify(result.output) : result.text;
  expect(printed, command).not.toContain(SECRET);
  return result.ok ? 'ran' : result.error.code;
}

describe('shell_read: reads by a name the line does not spell', () => {
  it('binutils @FILE: every word that is or may become one is refused', async () => {
    const { toolkit } = await repository();
    for (const command of [
      'strings @secrets/x',
      'strings -- @secrets/x',
      'strings -a @args',
      'strings -n @secrets/x public.json',
      'strings *',
      'strings "@secrets/x"',
    ])
      expect(await outcome(toolkit, command), command).toBe('DENIED_BY_POLICY');
    expect(await outcome(toolkit, 'strings public.json')).toBe('ran');
    expect(await outcome(toolkit, 'strings ./*.json')).toBe('ran');
  });

  it('jq modules: import, include and modulemeta in the program, or a program read from a file', async () => {
    const { toolkit } = await repository();
    for (const command of [
      `jq -n 'import "./secrets/d" as $d; $d'`,
      `jq -n -L . 'import "secrets/d" as $d; $d'`,
      `jq -n -L . 'include "secrets/m"; leak'`,
      `jq -n -L. 'include"secrets/m";leak'`,
      `jq -n -L . '"secrets/m" | modulemeta'`,
      'jq -n -f prog.jq',
      'jq --from-file prog.jq public.json',
    ])
      expect(await outcome(toolkit, command), command).toBe('DENIED_BY_POLICY');
    expect(await outcome(toolkit, 'jq .k public.json')).toBe('ran');
  });

  it('git config --blob: the object it names is read, however it is spelt', async () => {
    const { toolkit, root } = await repository();
    const blob = git(root, 'rev-parse', 'HEAD:secrets/x').trim();
    for (const command of [
      `git config --blob ${blob} --list`,
      'git config --blob HEAD:secrets/x --list',
      'git config --blob=HEAD:./secrets/x --get-regexp .',
      'git config --blob HEAD:public.json --list',
    ])
      expect(await outcome(toolkit, command), command).toBe('DENIED_BY_POLICY');
    expect(await outcome(toolkit, 'git config --get core.bare')).toBe('ran');
  });
});
