// Type-check only (compiled by `npm run typecheck`, never run): the generator package provides
// what toolwright's `generate` verb loads from it, and takes the flags the verb hands over. The two
// packages import nothing of each other; this file is where their contract is held.
import type * as codegen from '../../codegen/src/index.js';
import type { CodegenEntry, GenerateFlags } from '../../src/cli/generate.js';

type Provides<T extends CodegenEntry> = T;
export type Entry = Provides<Pick<typeof codegen, 'version' | 'runGenerate'>>;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const sameFlags: Same<GenerateFlags, codegen.GenerateOptions> = true;
