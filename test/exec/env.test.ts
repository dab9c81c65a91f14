// The environment policy: secret-looking host variables withheld, explicit set/remove/inherit.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolkit } from '../../src/index.js';
import type { ExecOptions } from '../../src/runtime/types.js';
import { commandEnv, looksSecret } from '../../src/handlers/exec/run/env.js';
import { tempDir } from '../support/helpers.js';

const planted: Record<string, string> = {
  OPENAI_API_KEY: 'sk-planted',
  TOOLWRIGHT_BRAVE_API_KEY: 'brave-planted',
  TOOLWRIGHT_ANYTHING: 'tw-planted',
  GITHUB_TOKEN: 'ghp-planted',
  npm_config__authToken: 'npm-planted',
  AWS_SECRET_ACCESS_KEY: 'aws-planted',
  db_password: 'pw-planted',
  MYSQL_PASSWD: 'passwd-planted',
  GOOGLE_APPLICATION_CREDENTIALS: 'gcp-planted',
  SSH_PRIVATE_KEY_PATH: 'ssh-planted',
  GPG_PASSPHRASE: 'gpg-planted',
  NPM_CONFIG__AUTH: 'npmauth-planted',
  SESSION_COOKIE: 'cookie-planted',
  DATABASE_URL: 'postgres://app:db-planted@db.internal/app',
  HTTPS_PROXY: 'http://user:proxy-planted@proxy:3128',
  EXEC_ENV_HARMLESS: 'harmless',
  EXEC_ENV_PLAIN_URL: 'https://example.com/path',
};

beforeEach(() => Object.assign(process.env, planted));
afterEach(() => {
  for (const name of Object.keys(planted)) delete process.env[name];
});

async function env(exec: ExecOptions = {}): Promise<Record<string, string>> {
  const toolkit = createToolkit({ workspace: await tempDir(), exec });
  const result = await toolkit.invoke('exec', 'bash', { command: 'env' });
  if (!result.ok) throw new Error(result.text);
  const out = result.output.stdout;
  return Object.fromEntries(
    out
      .split('\n')
      .filter((line) => line.includes('='))
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
}

describe('exec environment policy', () => {
  it('withholds host variables whose names mark secrets, whatever their case, and keeps the rest', async () => {
    const seen = await env();
    for (const name of Object.keys(planted)) {
      if (name.startsWith('EXEC_ENV_')) continue;
      expect(seen[name], name).toBeUndefined();
    }
    expect(seen.EXEC_ENV_HARMLESS).toBe('harmless');
    expect(seen.EXEC_ENV_PLAIN_URL).toBe('https://example.com/path');
    expect(seen.PATH).toBe(process.env.PATH);
    expect(seen.HOME).toBe(process.env.HOME);
    expect(Object.values(seen).join('\n')).not.toContain('planted');
  });

  it('inheritEnv lets named variables or globs through; ["*"] passes everything', async () => {
    const some = await env({ inheritEnv: ['GITHUB_TOKEN', 'AWS_*'] });
    expect(some.GITHUB_TOKEN).toBe('ghp-planted');
    expect(some.AWS_SECRET_ACCESS_KEY).toBe('aws-planted');
    expect(some.OPENAI_API_KEY).toBeUndefined();
    const all = await env({ inheritEnv: ['*'] });
    for (const [name, value] of Object.entries(planted)) expect(all[name], name).toBe(value);
  });

  it('env sets (secret-looking names too), overrides and removes; undefined beats inheritance', async () => {
    const seen = await env({
      env: { DEPLOY_TOKEN: 'given', TERM: 'xterm', EXEC_ENV_HARMLESS: undefined, GITHUB_TOKEN: undefined },
      inheritEnv: ['*'],
    });
    expect(seen.DEPLOY_TOKEN).toBe('given');
    expect(seen.TERM).toBe('xterm');
    expect(seen.PAGER).toBe('cat');
    expect(seen.EXEC_ENV_HARMLESS).toBeUndefined();
    expect(seen.GITHUB_TOKEN).toBeUndefined();
  });

  it('a glob in inheritEnv is anchored and literal apart from *', async () => {
    const seen = await env({ inheritEnv: ['GITHUB', 'TOKEN', '.*', 'db_pass*'] });
    expect(seen.GITHUB_TOKEN).toBeUndefined();
    expect(seen.db_password).toBe('pw-planted');
    expect(seen.OPENAI_API_KEY).toBeUndefined();
  });

  it('refuses malformed names in exec.env instead of passing them on', async () => {
    for (const bad of [{ 'A=B': 'x' }, { '': 'x' }, { A: 'x\0y' }]) {
      const toolkit = createToolkit({ workspace: await tempDir(), exec: { env: bad } });
      const result = await toolkit.invoke('exec', 'bash', { command: 'true' });
      expect(result.ok ? 'ok' : result.error.code, JSON.stringify(bad)).toBe('INVALID_INPUT');
    }
  });

  it('the kill marker cannot be set or inherited: a command cannot pose as another call', () => {
    const built = commandEnv(
      { env: { TOOLWRIGHT_EXEC_MARKER: 'forged' }, inheritEnv: ['*'] },
      { TOOLWRIGHT_EXEC_MARKER: 'outer', PATH: '/bin' },
    );
    expect(built.TOOLWRIGHT_EXEC_MARKER).toBeUndefined();
    expect(built.PATH).toBe('/bin');
  });

  it('names that merely contain other words stay (PATH, HOME, LANG, MonkeyPatch)', () => {
    for (const name of [
      'PATH',
      'HOME',
      'LANG',
      'SHELL',
      'NODE_OPTIONS',
      'CI',
      'GIT_AUTHOR_NAME',
      'GIT_AUTHOR_EMAIL',
      'OAUTHLIB_X',
      'MonkeyPatch',
    ]) {
      expect(looksSecret(name), name).toBe(false);
    }
    for (const name of [
      'API_KEY',
      'apikey',
      'X_TOKEN_FILE',
      'CLIENT_SECRET',
      'PGPASSWORD',
      'CREDENTIALS',
      'TOOLWRIGHT_X',
      'NPM_CONFIG__AUTH',
      'BASIC_AUTH_USER',
      'GPG_PASSPHRASE',
    ]) {
      expect(looksSecret(name), name).toBe(true);
    }
    expect(looksSecret('DATABASE_URL', 'mysql://root:hunter2@localhost/db')).toBe(true);
    expect(looksSecret('DATABASE_URL', 'mysql://localhost/db')).toBe(false);
    expect(looksSecret('GIT_URL', 'git@github.com:org/repo.git')).toBe(false);
  });

  it('a URL with a password anywhere in the value: after a prefix, a blank, in a list', () => {
    for (const value of [
      'jdbc:postgresql://app:pw2@db:5432/x',
      ' https://u:pw7@h.example/',
      'https://pypi.org/simple https://u:pw5@private.example/simple',
      'redis://:onlypass@cache:6379',
      'x=amqp://u:p@q',
      'https://u:p@h?next=1',
    ]) {
      expect(looksSecret('SOME_SETTING', value), value).toBe(true);
    }
    for (const value of [
      'https://example.com/a:b@c',
      'https://user@host/',
      'https://host:8080/',
      'no url here: a@b',
      'ftp://:@host/',
      '://',
    ]) {
      expect(looksSecret('SOME_SETTING', value), value).toBe(false);
    }
    // A long value of colons, slashes and letters is no URL with credentials (its time is measured
    // in test/stress/linear-time.stress.test.ts).
    expect(looksSecret('SOME_SETTING', ':/'.repeat(200_000) + '://'.repeat(100_000) + 'a'.repeat(200_000))).toBe(false);
  });
});
