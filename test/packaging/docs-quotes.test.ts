// The messages the README and docs/ quote are the code's own words: each is produced here by the
// call or compile it describes, and must appear in the document (line breaks as spaces; a quote may
// stop before a tail the document marks with "…").
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compilePolicy, parsePolicyText, type InvokeResult } from '../../src/index.js';
import { workspaceToolkit } from '../support/helpers.js';

const root = path.resolve(import.meta.dirname, '../..');

async function documentText(file: string): Promise<string> {
  return (await readFile(path.join(root, file), 'utf8')).replace(/\s+/g, ' ');
}

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected it to throw');
}

describe('messages quoted in the README and docs', () => {
  it('tool errors: the refusal of an ask with no user channel, NOT_FOUND with its near name, a field bound', async () => {
    const { root: workspace, toolkit } = await workspaceToolkit({ policy: 'askForRisky' });
    await mkdir(path.join(workspace, 'src'));
    await writeFile(path.join(workspace, 'src/index.tsx'), 'x\n');
    const refused = await toolkit.invoke('filesystem', 'write_file', { path: 'a.txt', content: 'x' });
    const missing = await toolkit.invoke('filesystem', 'read_file', { path: 'src/index.ts' });
    const bound = await toolkit.invoke('filesystem', 'read_file', { path: 'src/index.tsx', limit: 0 });
    await toolkit.close();
    const message = (result: InvokeResult) => (result.ok ? 'ok' : `${result.error.code} ${result.error.message}`);
    expect(message(refused)).toBe(
      'DENIED_BY_POLICY write_file was not run: it needs approval, and no human could be asked: no user channel is attached',
    );
    expect(message(missing)).toBe('NOT_FOUND src/index.ts does not exist; did you mean "src/index.tsx"?');
    expect(message(bound)).toBe('INVALID_INPUT limit must be >= 1');

    const readme = await documentText('README.md');
    expect(readme).toContain(`"${message(refused).replace('DENIED_BY_POLICY ', '')}"`);
    expect(readme).toContain(`NOT_FOUND '${message(missing).replace('NOT_FOUND ', '')}'`);
    expect(readme).toContain(`\`${message(bound).replace('INVALID_INPUT ', '')}\``);
    expect(await documentText('docs/policy.md')).toContain(`\`${message(refused).replace('DENIED_BY_POLICY ', '')}\``);
  });

  it('policy compile errors', async () => {
    const noRole = messageOf(() =>
      compilePolicy({ rules: [{ operation: 'web_fetch', path: ['x'], decision: 'deny' }] }),
    );
    expect(noRole).toMatch(
      /^policy rule 1: "path" can never apply to web_fetch: it has no parameter with role path \(nor a result field\) \(it applies to: read_file, /,
    );
    let unclosed = '';
    await parsePolicyText(
      'rule {\n  operation = "bash"\n  decision = "deny"\n  reason = "oops\n}\n',
      'agent.hcl',
    ).catch((error: Error) => (unclosed = error.message));
    expect(unclosed).toMatch(/^agent\.hcl:4:\d+: this string is not closed on its line \(/);
    const policyDoc = await documentText('docs/policy.md');
    expect(policyDoc).toContain(noRole.replace(/^policy rule 1: /, '').replace(/read_file, .*\)$/, 'read_file, …)'));
    expect(policyDoc).toContain(unclosed.replace(/^agent\.hcl:4:\d+: /, ''));
  });
});
