import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'drizzle/**', 'data/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/shared', from: './src/server', message: 'shared imports nothing from server' },
            { target: './src/shared', from: './src/web', message: 'shared imports nothing from web' },
            { target: './src/web', from: './src/server', message: 'web never imports server' },
            { target: './src', from: './test', message: 'source never imports test code' },
            { target: './src', from: './e2e', message: 'source never imports test code' },
          ],
        },
      ],
    },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'import-x/ignore': ['node_modules'],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
  },
  {
    // Tests sit next to the code they test and may use the shared test helpers.
    files: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/shared', from: './src/server', message: 'shared imports nothing from server' },
            { target: './src/shared', from: './src/web', message: 'shared imports nothing from web' },
            { target: './src/web', from: './src/server', message: 'web never imports server' },
          ],
        },
      ],
    },
  },
);
