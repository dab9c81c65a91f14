// Process warnings a test provokes on purpose (a failing store, a full queue): collected for the
// test to check instead of printed, so the run's output shows only warnings nobody expected.
// Node prints warnings through its own 'warning' listener; it is set aside while `body` runs.

/** Runs `body` and resolves to the process warnings emitted meanwhile, which are not printed. */
export async function collectingWarnings(body: () => Promise<void>): Promise<Error[]> {
  const printers = process.listeners('warning');
  for (const printer of printers) process.off('warning', printer);
  const warnings: Error[] = [];
  const collect = (warning: Error) => warnings.push(warning);
  process.on('warning', collect);
  try {
    await body();
    // A warning is emitted on the next tick: let the last ones arrive before the printers return.
    await new Promise((resolve) => setImmediate(resolve));
    return warnings;
  } finally {
    process.off('warning', collect);
    for (const printer of printers) process.on('warning', printer);
  }
}
