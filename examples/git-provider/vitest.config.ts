// Each test runs several git processes: on a loaded machine that takes more than vitest's 5 s.
import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { testTimeout: 30_000, hookTimeout: 30_000 } });
