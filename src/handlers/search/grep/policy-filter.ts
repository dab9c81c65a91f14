// grep results without the files a path rule hides (grep must not show what read_file may not).
import type { GrepResult } from '../../../generated/types.js';

export async function hideDeniedPaths(
  output: GrepResult,
  visiblePaths: (paths: readonly string[]) => Promise<string[]>,
): Promise<GrepResult> {
  const named = [
    ...new Set([...(output.matches ?? []), ...(output.counts ?? [])].map((m) => m.path).concat(output.files ?? [])),
  ];
  const visible = new Set(await visiblePaths(named));
  if (visible.size === named.length) return output;
  return {
    ...output,
    ...(output.matches ? { matches: output.matches.filter((m) => visible.has(m.path)) } : {}),
    ...(output.counts ? { counts: output.counts.filter((c) => visible.has(c.path)) } : {}),
    ...(output.files ? { files: output.files.filter((f) => visible.has(f)) } : {}),
  };
}
