// ESLint flat config: typescript-eslint's recommended rules, formatting left to Prettier (`npm run lint`).
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'coverage/',
      'node_modules/',
      'fixtures/generated/',
      'test/.generated/',
      'service/client/schema/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { process: 'readonly', console: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The store returns Promises (SQLite and PostgreSQL alike): a store call not awaited is a write that may not
    // have happened, or an error no one sees. Type-aware rules: on the whole repository they tripled `eslint .`'s
    // CPU time (14 s → 43 s user), so only service/; tests and benchmarks rely on tsc and on their assertions.
    files: ['service/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error', '@typescript-eslint/await-thenable': 'error' },
  },
  {
    // Tests read JSON bodies loosely on purpose: the assertions are the type check.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs', '**/*.mjs'],
    languageOptions: { globals: { URL: 'readonly', module: 'writable', require: 'readonly', __dirname: 'readonly' } },
  },
  prettier,
  {
    // Prettier wraps code at 120 columns but leaves comments and long literals alone; comments are bounded here.
    rules: {
      'max-len': [
        'error',
        { code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true },
      ],
    },
  },
)
