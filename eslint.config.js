// Lint enforces the boundaries and habits of ../shared/ARCHITECTURE.md (decision record 024).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import checkFile from 'eslint-plugin-check-file';

const root = path.dirname(fileURLToPath(import.meta.url));
const subdirs = (dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs.readdirSync(path.join(root, dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)
    : [];
/** Every path under `src` except `keep`, as the list of its siblings at each level (a zone target). */
const srcOutside = (keep) => {
  const parts = keep.split('/');
  const out = [];
  for (let i = 1; i < parts.length; i += 1) {
    const dir = parts.slice(0, i).join('/');
    for (const entry of fs.readdirSync(path.join(root, dir))) {
      if (entry !== parts[i]) out.push(`./${dir}/${entry}`);
    }
  }
  return out;
};

// ---------------------------------------------------------------------------------------------------------------
// TEMPORARY allow-lists: imports that break a boundary below and are being removed on other branches (issue 9).
// Exact importer → imported file pairs; delete each line when its import is gone. Never add a directory here.
// ---------------------------------------------------------------------------------------------------------------
/** A feature importing another feature's file (features/streaks is being re-homed). None left today. */
const ALLOWED_FEATURE_IMPORTS = [];
/** Code outside a server module importing that module's repo. None left today. */
const ALLOWED_REPO_IMPORTS = [];

const features = subdirs('src/web/features');
const modules = subdirs('src/server/modules');

/**
 * The import-x/no-restricted-paths zones. `importer` (a file path relative to the root) gets its allow-listed
 * pairs as exceptions; `tests` leaves out the zones test files may cross (test helpers, other modules' repos).
 */
const zones = ({ importer, tests = false } = {}) => {
  const allowedFor = (list) => list.filter(([from]) => from === importer).map(([, to]) => to);
  const allowedFeatureFiles = allowedFor(ALLOWED_FEATURE_IMPORTS);
  const allowedRepos = allowedFor(ALLOWED_REPO_IMPORTS);
  return [
    { target: './src/shared', from: './src/server', message: 'shared imports nothing from server.' },
    { target: './src/shared', from: './src/web', message: 'shared imports nothing from web.' },
    { target: './src/web', from: './src/server', message: 'web never imports server.' },
    ...(tests
      ? []
      : [
          { target: './src', from: './test', message: 'source never imports test code.' },
          { target: './src', from: './e2e', message: 'source never imports test code.' },
        ]),
    {
      target: './src/web/features',
      from: './src/web/app',
      message: 'a feature never imports web/app (the shell composes the features): move the shared piece down into web/lib.',
    },
    {
      target: ['./src/web/lib', './src/web/components'],
      from: ['./src/web/features', './src/web/app'],
      message: 'web/lib and web/components never import a feature or web/app; move the shared piece down into lib.',
    },
    ...features.map((feature) => ({
      target: `./src/web/features/${feature}`,
      from: './src/web/features',
      except: [
        `./${feature}`,
        // Another feature's endpoint files (fetcher, queryOptions, hook: decision 035) are its public reads and writes.
        ...features.filter((other) => other !== feature).map((other) => `./${other}/api`),
        ...allowedFeatureFiles.map((file) => `./${path.relative('src/web/features', file)}`),
      ],
      message:
        "a feature never imports another feature's screens, components or hooks (only its api/ endpoint files): move the shared piece to web/lib (or shared), or compose in web/app.",
    })),
    ...(tests
      ? []
      : modules
          .filter((module) => fs.existsSync(path.join(root, 'src/server/modules', module, 'repo.ts')))
          .filter((module) => !allowedRepos.includes(`src/server/modules/${module}/repo.ts`))
          .map((module) => ({
            target: srcOutside(`src/server/modules/${module}`),
            from: `./src/server/modules/${module}/repo.ts`,
            message: `only the ${module} module uses its repo; call its service instead.`,
          }))),
  ];
};

const allowListedImporters = [...new Set([...ALLOWED_FEATURE_IMPORTS, ...ALLOWED_REPO_IMPORTS].map(([from]) => from))];

/** Relative imports may go up one level at most; further away, use an alias (@shared, @server, @web, @test, @e2e). */
const CLIMB = '^\\.\\./\\.\\.(/|$)';
/** The same for esquery selectors, where a slash would end the regular expression. */
const CLIMB_SELECTOR = '^\\.\\.\\W\\.\\.(\\W|$)';
const CLIMB_MESSAGE = 'Use a path alias (@shared/…, @server/…, @web/…, @test/…, @e2e/…) instead of climbing more than one directory (run scripts/codemod-aliases.mjs).';
/** The no-restricted-syntax entries of every TypeScript file (a block that sets the rule again must repeat them). */
const CLIMB_SYNTAX = [
  { selector: `ImportExpression > Literal.source[value=/${CLIMB_SELECTOR}/]`, message: CLIMB_MESSAGE },
  {
    selector: `CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|importActual|importMock)$/] > Literal.arguments:first-child[value=/${CLIMB_SELECTOR}/]`,
    message: CLIMB_MESSAGE,
  },
];
/** Server code reads the time from the clock (app.clock, ctx.now; context.ts), which tests can set. */
const CLOCK_MESSAGE = 'Read the time from the clock (app.clock.now(), ctx.now(), or systemClock from context.ts), not the machine: tests and the developer clock set it.';
const CLOCK_SYNTAX = [
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: CLOCK_MESSAGE },
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: CLOCK_MESSAGE },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'drizzle/**', 'data/**', 'coverage/**', 'test-results/**', '.cache/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, 'check-file': checkFile },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: zones() }],
      // Kebab-case names; `.test`, `.e2e`, `.config` and other middle extensions are not part of the name.
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js,mjs,cjs}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{src,test,e2e,bench,scripts}/**/': 'KEBAB_CASE' }],
    },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          tsconfig: { configFile: path.join(root, 'tsconfig.json') },
        }),
      ],
      'import-x/ignore': ['node_modules'],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
  {
    // TypeScript goes through resolvers that know the aliases (plain .mjs scripts run under node as they are).
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: CLIMB, message: CLIMB_MESSAGE }] }],
      'no-restricted-syntax': ['error', ...CLIMB_SYNTAX],
    },
  },
  {
    // Type-aware rules: a promise is awaited, returned or marked `void` (deliberate fire-and-forget), and never
    // handed where a plain callback is expected.
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/context.ts'],
    rules: { 'no-restricted-syntax': ['error', ...CLIMB_SYNTAX, ...CLOCK_SYNTAX] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Tests sit next to the code they test and may use the shared test helpers and any repo to set up state.
    files: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: zones({ tests: true }) }] },
  },
  {
    // These tests read the root's build configuration, which no alias covers.
    files: ['src/server/static-assets.test.ts', 'src/server/web-shell.test.ts'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off' },
  },
  // The temporary allow-list above, one block per importing file.
  ...allowListedImporters.map((importer) => ({
    files: [importer],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: zones({ importer }) }] },
  })),
);
