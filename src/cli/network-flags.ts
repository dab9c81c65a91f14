// The --network flags as exec.network and exec.credentials (checked here: a bad host or a flag
// without --sandbox is a usage error before anything is served). The host parser (and the address
// library under it) loads only when a network flag is given.
import type { ExecOptions } from '../runtime/types.js';
import type { ToolkitFlags } from './toolkit-flags.js';
import { UsageError } from './usage.js';

export async function networkOptions(
  flags: ToolkitFlags,
): Promise<Pick<ExecOptions, 'network' | 'credentials'> | undefined> {
  const allow = flags.networkAllow;
  const refined = flags.networkMethods !== undefined || flags.networkAllowPrivate === true;
  const credentials = flags.networkCredential;
  if (flags.network === undefined && allow === undefined && !refined && credentials === undefined) return undefined;
  const sandboxed = flags.sandbox !== undefined && flags.sandbox !== 'none';
  if (!sandboxed)
    throw new UsageError('--network flags limit sandboxed bash only: add --sandbox workspace-write (or read-only)');
  if (allow === undefined) {
    if (refined || credentials !== undefined)
      throw new UsageError('--network-methods, --network-allow-private and --network-credential need --network-allow');
    return { network: flags.network };
  }
  if (flags.network !== undefined)
    throw new UsageError(`--network ${flags.network} and --network-allow exclude each other`);
  const { compileHostEntries } = await import('../handlers/exec/network/hosts.js');
  check(() => compileHostEntries(allow, '--network-allow'));
  const options: Pick<ExecOptions, 'network' | 'credentials'> = {
    network: {
      allow,
      ...(flags.networkMethods ? { methods: flags.networkMethods } : {}),
      ...(flags.networkAllowPrivate ? { allowPrivate: true } : {}),
    },
  };
  if (credentials) {
    options.credentials = credentials.map((spec) => {
      const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.+)$/.exec(spec);
      if (!match)
        throw new UsageError(`--network-credential ${spec}: use ENV=HOST[,HOST…], e.g. GITHUB_TOKEN=api.github.com`);
      const hosts = match[2]!
        .split(',')
        .map((host) => host.trim())
        .filter(Boolean);
      check(() => compileHostEntries(hosts, `--network-credential ${match[1]}`));
      return { env: match[1]!, hosts };
    });
  }
  return options;
}

function check(compile: () => unknown): void {
  try {
    compile();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
