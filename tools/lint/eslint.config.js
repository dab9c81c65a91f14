// Type-aware lint for the toolwright sources, tests, benches and generator. Run from the repository
// root with `npm run lint`; it reads the root tsconfig.json with its own TypeScript 5 (the project
// compiles with the native TypeScript 7, which has no JavaScript API for typescript-eslint).
import js from '@eslint/js';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default tseslint.config(
  {
    ignores: [
      'src/generated/**',
      'test/generated/**',
      'examples/**',
      'dist/**',
      '.test-build/**',
      'codegen/dist/**',
      'coverage/**',
      'tools/**',
      '**/node_modules/**',
      'test/fixtures/**',
      'bench/fixtures/**',
      'src/handlers/filesystem/lines/newline-scan.wasm.ts',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // The nearest tsconfig.json of each file; scripts/ is outside the project's and gets a default one.
      parserOptions: { projectService: { allowDefaultProject: ['scripts/*.ts'] }, tsconfigRootDir: root },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      // Handlers and adapters are async to honour a Promise-returning contract (a throw becomes a
      // rejection) whether or not their body awaits.
      '@typescript-eslint/require-await': 'off',
      // Forwarding a caught reason as it came is allowed; a new rejection must be an Error.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // JSON Schema walkers and the generator take arbitrary JSON (catalogs, schemas, SDK payloads)
    // and check its shape as they go; the schema, not the type system, is their contract.
    files: [
      'codegen/src/**/*.ts',
      'src/adapters/schema.ts',
      'src/runtime/invoke/validation.ts',
      'src/validator-runtime.ts',
    ],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Tests and benches inspect parsed JSON and deliberately malformed inputs: `any` there is the
    // point, and the assertions are the type check.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Hostile handlers throw and reject with non-Error values on purpose.
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
    },
  },
);
