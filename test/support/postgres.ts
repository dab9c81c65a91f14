// PostgreSQL for the store tests: a throwaway cluster per test file (pg-cluster.ts). Without the
// binaries the tests skip with the reason, unless TOOLWRIGHT_REQUIRE_PG=1 (CI) makes that a failure.
import { describe, it } from 'vitest';
import { MISSING, pgBinaries } from './pg-cluster.js';

export { pgBinaries, startCluster, type PgCluster } from './pg-cluster.js';
export const requirePg = process.env.TOOLWRIGHT_REQUIRE_PG === '1';

/**
 * `describe` for tests that need PostgreSQL: skipped (with the reason) when the binaries are
 * missing, or failing then when TOOLWRIGHT_REQUIRE_PG=1.
 */
export function describePg(name: string, body: () => void): void {
  if (pgBinaries) {
    describe(name, body);
  } else if (requirePg) {
    describe(name, () =>
      it('has PostgreSQL (TOOLWRIGHT_REQUIRE_PG=1)', () => {
        throw new Error(MISSING);
      }),
    );
  } else {
    describe.skip(`${name} (skipped: ${MISSING})`, body);
  }
}
