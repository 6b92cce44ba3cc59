import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every folder of src/features is a feature: a new one is covered the day it is made. */
const FEATURES = readdirSync(new URL('src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Import direction of docs/architecture/overview.md: api ← features ← app. Features never import each other,
 * shared pieces live in ui/lib/i18n, and nothing but the app entry may reach the mock. ESLint's own
 * no-restricted-imports with regexes on the relative path does it: our imports are always relative (no
 * aliases). (A resolver plugin would do the same by file path, but its native bindings are not all on this
 * registry, which breaks `npm ci`.)
 */
const up = String.raw`^(?:\.\./)+`;
const restrict = (folders, message) => ({ regex: `${up}(?:${folders.join('|')})(?:/|$)`, message });

const MOCK = restrict(
  ['mock'],
  'The mock gateway is reached only through the network (and started by src/app).',
);
const APP = restrict(['app'], 'Only src/app combines features; lower layers never import it.');
const FEATURES_FROM_SHARED = restrict(['features'], 'Shared layers must not depend on features.');

/** Card data must never reach storage: only the 3DS reference map and the mock's state may use it. */
const STORAGE_SYNTAX = [
  {
    selector: "MemberExpression[object.name='localStorage']",
    message: 'localStorage is reserved for the mock gateway; card data must never be stored.',
  },
  {
    // Reading window.sessionStorage throws in a cross-site frame with third-party storage blocked.
    selector: 'MemberExpression[property.name=/^(localStorage|sessionStorage)$/]',
    message: 'Reach browser storage through src/lib/safe-storage.ts: access itself may throw.',
  },
];

/**
 * SQL lives in repositories (server/<domain>/, names ending in -repository) and server/db: nothing else may run a
 * statement — not through the raw-statement helpers, not with drizzle's `sql` tag or `execute`. (Tables are
 * kept to repositories by .dependency-cruiser.cjs.) Tests and server/test may query what was stored.
 */
const SQL_ONLY_IN_REPOSITORIES =
  'SQL lives in repository files (server/<domain>/, names ending in -repository) and server/db: docs/decisions/300-sql-in-repositories-and-closed-statuses.md.';
/**
 * Statuses enter SQL only through sqlStatusList (server/db/status-sql.ts), typed by the machines: a status
 * compared or written as a quoted word in a statement's text would not notice a renamed or retired status.
 */
const STATUS_IN_SQL =
  'A status enters SQL through sqlStatusList (server/db/status-sql.ts), typed by its machine, not as a quoted word.';
const STATUS_LITERAL = String.raw`/(status\s*(=|<>|!=)\s*'[a-z_]+'|status\s+(not\s+)?in\s*\(\s*'|'(pending|delivered|failed|sending|complete|open|expired)'\s*,)/i`;
const statusRules = {
  files: ['server/**/*-repository.ts', 'server/db/**/*.ts'],
  ignores: ['server/**/*.test.ts', 'server/db/status-sql.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      ...STORAGE_SYNTAX,
      { selector: `TemplateElement[value.raw=${STATUS_LITERAL}]`, message: STATUS_IN_SQL },
      { selector: `Literal[value=${STATUS_LITERAL}]`, message: STATUS_IN_SQL },
    ],
  },
};

const sqlRules = {
  files: ['server/**/*.ts'],
  ignores: ['server/db/**', 'server/**/*-repository.ts', 'server/**/*.test.ts', 'server/test/**'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [{ name: 'drizzle-orm', importNames: ['sql'], message: SQL_ONLY_IN_REPOSITORIES }],
        patterns: [
          {
            regex: String.raw`(^|/)db/query-rows\.ts$`,
            importNames: ['queryRows', 'queryText', 'queryOnCheckoutLane'],
            message: SQL_ONLY_IN_REPOSITORIES,
          },
        ],
      },
    ],
    'no-restricted-syntax': [
      'error',
      ...STORAGE_SYNTAX,
      {
        selector: "CallExpression[callee.property.name='execute']",
        message: SQL_ONLY_IN_REPOSITORIES,
      },
    ],
  },
};

const layerRules = [
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            restrict(
              FEATURES.filter((other) => other !== feature),
              'Features do not import each other; move shared code to src/ui or src/lib.',
            ),
            APP,
            MOCK,
          ],
        },
      ],
    },
  })),
  ...['lib', 'ui', 'i18n'].map((layer) => ({
    files: [`src/${layer}/**`],
    rules: { 'no-restricted-imports': ['error', { patterns: [FEATURES_FROM_SHARED, APP, MOCK] }] },
  })),
  {
    files: ['src/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            FEATURES_FROM_SHARED,
            APP,
            MOCK,
            restrict(['ui', 'i18n'], 'The gateway client knows nothing of the UI.'),
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-mock',
      'dist-server',
      '.data',
      '.e2e-dist',
      'playwright-report',
      'test-results',
      'node_modules',
    ],
  },
  js.configs.recommended,
  // The rules that need types (strictTypeChecked's, switch-exhaustiveness-check among them) run in oxlint on
  // TypeScript 7 (.oxlintrc.json; decision 347): ESLint parses without a type checker.
  // scripts/check-typed-lint-rules.mjs keeps the two lists one.
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.browser },
    },
    rules: {
      // Named exports only (docs/architecture/overview.md).
      'no-restricted-exports': [
        'error',
        {
          restrictDefaultExports: {
            direct: true,
            named: true,
            defaultFrom: true,
            namedFrom: true,
            namespaceFrom: true,
          },
        },
      ],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Card data must never reach storage: only the 3DS reference map and the mock's state may use it.
      'no-restricted-syntax': ['error', ...STORAGE_SYNTAX],
      'no-restricted-globals': [
        'error',
        { name: 'sessionStorage', message: 'Use tabStorage() (src/lib/safe-storage.ts): access may throw.' },
        { name: 'localStorage', message: 'localStorage is reserved for the mock gateway.' },
      ],
    },
  },
  {
    // React lives in src/ only. The hooks plugin's compiler-based rules cost a tenth of the lint's time, and ran
    // on every server, script and test file for nothing (docs/performance.md, "Test suite time").
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  ...layerRules,
  sqlRules,
  statusRules,
  {
    // CommonJS configuration files (.dependency-cruiser.cjs) load what they need with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/mock/**'],
    rules: { 'no-restricted-syntax': 'off', 'no-restricted-globals': 'off' },
  },
  {
    // The one guarded way to the tab's storage; tests set up and inspect jsdom's storage directly.
    files: ['src/lib/safe-storage.ts', 'src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': 'off', 'no-restricted-globals': 'off' },
  },
  {
    // The Node server: its one logger writes JSON lines to stdout (server/platform/logger.ts).
    files: ['server/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Scripts, tests and examples for merchants (plain Node programs that print what they do).
    files: ['*.config.{js,ts}', 'scripts/**', 'e2e/**', 'examples/**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-exports': 'off',
      'no-console': 'off',
      'no-restricted-syntax': 'off',
      'no-restricted-globals': 'off',
    },
  },
);
