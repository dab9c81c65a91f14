// `npm run refresh:grammars`: copies the bash and HCL grammars' WebAssembly builds from their npm
// packages (devDependencies) into src/runtime/grammars/, which the build copies into dist/.
// The package ships these files instead of depending on the grammar packages, whose native builds
// run install scripts and weigh ~22 MB, and on web-tree-sitter (5.8 MB, mostly debug builds). test/shell/grammars.test.ts fails if they are stale.
import { copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** File name in grammars/ → the package file it is copied from. */
export const GRAMMAR_SOURCES = {
  'tree-sitter-bash.wasm': 'tree-sitter-bash/tree-sitter-bash.wasm',
  'tree-sitter-hcl.wasm': '@tree-sitter-grammars/tree-sitter-hcl/tree-sitter-hcl.wasm',
  // The parser runtime's own module: the bundle inlines web-tree-sitter's JS, built from the same version.
  'tree-sitter.wasm': 'web-tree-sitter/tree-sitter.wasm',
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const require = createRequire(path.join(root, 'package.json'));
  for (const [name, specifier] of Object.entries(GRAMMAR_SOURCES)) {
    await copyFile(require.resolve(specifier), path.join(root, 'src/runtime/grammars', name));
    console.log(`wrote src/runtime/grammars/${name} from ${specifier}`);
  }
}
