// The CLI of the current sources as a process: `node <build>/dist/cli.js`, from the build that
// vitest's global setup made of them (test/support/shared-build.ts) — no tsx loader per spawn.
import path from 'node:path';

/** Where the global setup leaves the build's folder. */
export const BUILD_VARIABLE = 'TOOLWRIGHT_TEST_BUILD';

/** The folder of the shared build (dist/, package.json, node_modules). */
export function sharedBuild(): string {
  const dir = process.env[BUILD_VARIABLE];
  if (!dir)
    throw new Error(`${BUILD_VARIABLE} is not set: run the tests through vitest (its global setup builds the CLI)`);
  return dir;
}

/** The built bin, dist/cli.js. */
export function builtCli(): string {
  return path.join(sharedBuild(), 'dist/cli.js');
}

/** Node's arguments for `toolwright ARGS`: spawn(process.execPath, cliArgs(...ARGS)). */
export function cliArgs(...args: string[]): string[] {
  return [builtCli(), ...args];
}

/**
 * Node's arguments for a script of test/fixtures/ (`grep-host.ts`, `checkpoints/snapshot-loop.ts`)
 * and ARGS: its bundle in the shared build, made of the current sources.
 */
export function fixtureArgs(script: string, ...args: string[]): string[] {
  const name = script.replace(/\.ts$/, '').split('/').join('-');
  return [path.join(sharedBuild(), 'dist/test-fixtures', `${name}.js`), ...args];
}
