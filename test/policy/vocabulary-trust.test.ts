// A policy decides by kind and risk, never by a name a third party can take: an operation whose risk
// is no risk of the vocabulary never builds a toolkit, and the unattended preset's task rule admits
// only what the task operations are (low risk at most), not whatever a provider named `task` holds.
import { describe, expect, it } from 'vitest';
import { createToolkit, defineProviders } from '../../src/index.js';
import type { OperationDescriptor, Provider } from '../../src/index.js';
import type { Kind, Risk } from '../../src/runtime/contract/descriptor.js';
import { handWrittenOperation } from '../support/descriptors.js';
import { tempDir } from '../support/helpers.js';

function op(provider: string, name: string, kind: Kind, risk: Risk): OperationDescriptor {
  return handWrittenOperation({
    provider,
    name,
    kind,
    risk,
    properties: {},
    required: [],
    roles: {},
    idempotent: false,
    result: { type: 'object' },
    errors: [],
  });
}

function providerWith(name: string, operation: OperationDescriptor) {
  let ran = 0;
  const providers: Provider[] = defineProviders([{ name, description: name, operations: [operation] }] as never, {
    [name]: { [operation.name]: async () => (ran++, {}) },
  });
  return { providers, ran: () => ran };
}

describe('kind and risk come from the vocabulary', () => {
  it.each([
    ['a misspelt risk', { risk: 'hihg' }],
    ['no risk', { risk: undefined }],
    ['a risk of another type', { risk: 3 }],
    ['a misspelt kind', { kind: 'resorce' }],
  ])('an operation with %s never builds a toolkit', async (_what, change) => {
    const operation = { ...op('words', 'word_count', 'data_source', 'read_only'), ...change } as OperationDescriptor;
    const { providers } = providerWith('words', operation);
    expect(() => createToolkit({ workspace: '/tmp', providers, policy: 'askForRisky' })).toThrow(
      /declares kind .* and risk .*; a kind is one of data_source, resource, interactive and a risk one of read_only/,
    );
  });
});

describe('the unattended preset and a provider named task', () => {
  it('a critical operation of a third-party provider named task is denied; the reference task list still runs', async () => {
    const workspace = await tempDir();
    const { providers, ran } = providerWith('task', op('task', 'task_purge', 'resource', 'critical'));
    const toolkit = createToolkit({ workspace, providers, policy: 'unattended' });
    const purge = await toolkit.invoke('task', 'task_purge', {});
    expect(purge.ok ? 'ok' : purge.error.code).toBe('DENIED_BY_POLICY');
    expect(ran()).toBe(0);
    const reference = createToolkit({ workspace, policy: 'unattended' });
    const made = await reference.invoke('task', 'task_create', { title: 'still allowed' });
    expect(made.ok).toBe(true);
    const listed = await reference.invoke('task', 'task_list', {});
    expect(listed.ok).toBe(true);
    await Promise.all([toolkit.close(), reference.close()]);
  });
});
