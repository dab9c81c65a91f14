// A path rule's pattern decides the same paths however it is spelt: `./secrets/**`, `secrets/./**`
// and `secrets/**` match `secrets/k.txt` given as `secrets/k.txt`, `./secrets/k.txt` or
// `secrets//k.txt` (gitignore patterns have no `.` segments: unnormalised, such a rule matched nothing).
import { describe, expect, it } from 'vitest';
import { compilePolicy } from '../../src/index.js';
import { operations } from '../../src/generated/registry.js';
import { tempDir } from '../support/helpers.js';

const readFile = operations.find((op) => op.name === 'read_file')!;

describe('path rules spelt with . segments', () => {
  it('match what the plain spelling matches, negations included', async () => {
    const workspaceRoot = await tempDir();
    for (const pattern of [
      'secrets/**',
      './secrets/**',
      'secrets/./**',
      '././secrets/**',
      './/secrets/**',
      './secrets',
    ]) {
      const policy = compilePolicy({ rules: [{ operation: 'read_file', path: pattern, decision: 'deny' }] });
      for (const given of ['secrets/k.txt', './secrets/k.txt', 'secrets//k.txt']) {
        const decided = await policy.decideCall(readFile, { path: given }, { workspaceRoot });
        expect(decided.decision, `${pattern} on ${given}`).toBe('deny');
      }
      const other = await policy.decideCall(readFile, { path: 'public/k.txt' }, { workspaceRoot });
      expect(other.decision, pattern).not.toBe('deny');
    }
    const negated = compilePolicy({
      rules: [{ operation: 'read_file', path: ['./secrets/**', '!./secrets/public.txt'], decision: 'deny' }],
    });
    expect((await negated.decideCall(readFile, { path: 'secrets/public.txt' }, { workspaceRoot })).decision).not.toBe(
      'deny',
    );
    expect((await negated.decideCall(readFile, { path: 'secrets/k.txt' }, { workspaceRoot })).decision).toBe('deny');
  });
});
