// Exit codes and the usage error of the `toolwright` CLI; tiny, so the entry point loads nothing else.

/** 0 ok, 1 the tool returned an error, 2 usage (bad flag, bad JSON, unknown tool). */
export const EXIT_OK = 0;
export const EXIT_TOOL_ERROR = 1;
export const EXIT_USAGE = 2;

/** A usage problem (bad flag value, unreadable policy, invalid JSON, unknown tool): exit code 2. */
export class UsageError extends Error {}

/** A repeatable flag's values, in order (a module path may hold a comma, so no splitting). */
export function collectEach(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
