// `npm run build:wasm`: compiles src/handlers/filesystem/lines/newline-scan.wat to the base64 module in
// newline-scan.wasm.ts. The .wasm.ts file is committed; test/filesystem/newline-scan.test.ts fails if stale.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import wabtInit from 'wabt';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/handlers/filesystem/lines');

export async function compileNewlineScan() {
  const wabt = await wabtInit();
  const source = await readFile(path.join(dir, 'newline-scan.wat'), 'utf8');
  const module = wabt.parseWat('newline-scan.wat', source, { simd: true });
  module.validate();
  const { buffer } = module.toBinary({});
  module.destroy();
  const base64 = Buffer.from(buffer).toString('base64');
  return [
    '// Generated from newline-scan.wat by `npm run build:wasm` — do not edit.',
    `export const NEWLINE_SCAN_WASM_BASE64 =\n  '${base64}';`,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(path.join(dir, 'newline-scan.wasm.ts'), await compileNewlineScan());
  console.log('wrote src/handlers/filesystem/lines/newline-scan.wasm.ts');
}
