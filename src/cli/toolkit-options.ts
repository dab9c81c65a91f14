// The flags every verb shares, turned into toolkit options (and checked: a usage error is exit 2).
// The runtime modules are imported statically: a verb that builds options builds a toolkit next, and
// one import point makes them one chunk. `toolwright mcp` imports this module after `initialize`.
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { referenceCodeIntelligence } from '../handlers/index.js';
import type { OperationDescriptor } from '../runtime/descriptor.js';
import { POLICY_PRESETS, profileExcess, type PolicyOptions, type PolicyPreset } from '../runtime/policy.js';
import { didYouMean } from '../runtime/policy/errors.js';
import { parsePolicyText } from '../runtime/policy/formats/load.js';
import type { Provider } from '../runtime/providers.js';
import { createFileTaskStore, type TaskStore } from '../runtime/services/tasks.js';
import type { UserChannel } from '../runtime/services/user.js';
import { openStore } from '../runtime/store/lazy.js';
import type { Store } from '../runtime/store/types.js';
import type { ToolkitOptions } from '../runtime/types.js';
import { resolveProviders } from './provider-modules.js';
import { storeSpec } from './store.js';
import { networkOptions } from './network-flags.js';
import { workspaceFolder, type ToolkitFlags } from './toolkit-flags.js';
import { UsageError } from './usage.js';

/** A preset name or a policy file (YAML, HCL), as `flag` names it; a usage error when it is neither. */
export async function loadPolicy(
  spec: string,
  operations: readonly OperationDescriptor[],
  flag = '--policy',
): Promise<PolicyOptions> {
  const path = resolve(spec);
  let exists = false;
  try {
    exists = statSync(path).isFile();
  } catch {
    /* not a file */
  }
  if (!exists) {
    if (Object.hasOwn(POLICY_PRESETS, spec)) return spec as PolicyPreset;
    const presets = Object.keys(POLICY_PRESETS);
    throw new UsageError(
      `${flag} ${spec}: no such file, and not a preset (${presets.join(', ')})${didYouMean(spec, presets).replace(/^ \((.*)\)$/, '; $1')}`,
    );
  }
  // YAML or HCL (.hcl), parsed on first use; every mistake is reported as FILE:LINE:COL.
  try {
    return (await parsePolicyText(await readFile(path, 'utf8'), spec, { operations })).policy;
  } catch (error) {
    throw new UsageError(`${flag} ${(error as Error).message}`);
  }
}

/** Profile patterns that match no operation are typos: a usage error, not an empty toolkit. */
async function checkProfile(
  patterns: readonly string[],
  catalogOperations: readonly OperationDescriptor[],
): Promise<void> {
  if (patterns.length === 0)
    throw new UsageError('--profile: give at least one pattern, e.g. "filesystem.*,search.grep"');
  let unmatched: string[];
  try {
    unmatched = profileExcess(patterns, undefined, catalogOperations).unmatched;
  } catch (error) {
    throw new UsageError(`--profile: ${(error as Error).message}`);
  }
  if (unmatched.length > 0) {
    throw new UsageError(
      `--profile: ${unmatched.map((p) => `"${p}"`).join(', ')} match${unmatched.length === 1 ? 'es' : ''} no tool ` +
        `(patterns match a provider, an id like search.grep or a name like read_file; tools: ${catalogOperations.map((o) => o.name).join(', ')})`,
    );
  }
}

/** Toolkit options as a verb builds them: the store, when there is one, opened by the verb. */
export type VerbToolkitOptions = ToolkitOptions & { providers: readonly Provider[]; store?: Store };

export async function toolkitOptions(
  flags: ToolkitFlags,
  extra: { user?: UserChannel; tasks?: TaskStore } = {},
): Promise<VerbToolkitOptions> {
  const workspace = workspaceFolder(flags);
  const options: VerbToolkitOptions = {
    workspace,
    providers: await resolveProviders(flags.provider),
    codeIntelligence: referenceCodeIntelligence,
  };
  if (flags.policy !== undefined)
    options.policy = await loadPolicy(
      flags.policy,
      options.providers.flatMap((p) => p.operations),
    );
  if (flags.profile !== undefined) {
    await checkProfile(
      flags.profile,
      options.providers.flatMap((p) => p.operations),
    );
    options.profile = flags.profile;
  }
  if (flags.listAllTools) options.listAll = true;
  if (flags.allowPrivateNetwork) options.web = { allowPrivateNetwork: true };
  if (flags.sandbox !== undefined) options.exec = { sandbox: flags.sandbox };
  if (flags.checkpoints === false) options.checkpoints = false;
  else if (flags.checkpointBash) options.checkpoints = { bash: true };
  if (flags.maxJobs !== undefined) options.exec = { ...options.exec, maxJobs: flags.maxJobs };
  const network = await networkOptions(flags);
  if (network) options.exec = { ...options.exec, ...network };
  const spec = storeSpec(flags.store);
  if (spec !== undefined) {
    try {
      // Opened here (one pool for every toolkit the verb creates), closed by the verb at the end.
      options.store = openStore(spec, { workspace });
    } catch (error) {
      throw new UsageError(`--store: ${(error as Error).message}`);
    }
  }
  if (flags.tasksFile !== undefined) {
    options.tasks = createFileTaskStore({
      path: isAbsolute(flags.tasksFile) ? flags.tasksFile : resolve(workspace, flags.tasksFile),
      workspace,
    });
  } else if (extra.tasks && options.store === undefined) {
    // The verb's default task list (one shared in-memory list for an HTTP server); a store's wins.
    options.tasks = extra.tasks;
  }
  if (extra.user) options.user = extra.user;
  return options;
}
