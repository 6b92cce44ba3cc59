import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['card', 'checkout', 'three-ds', 'pix', 'fee-simulator', 'embed'];

/**
 * Import direction of DESIGN.md: api ← features ← app. Features never import each other, shared
 * pieces live in ui/lib/i18n, and nothing but the app entry may reach the mock.
 */
const zones = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other; move shared code to src/ui or src/lib.',
  })),
  ...['api', 'lib', 'ui', 'i18n', 'features'].map((layer) => ({
    target: `./src/${layer}`,
    from: './src/app',
    message: 'Only src/app combines features; lower layers never import it.',
  })),
  ...['api', 'lib', 'ui', 'i18n'].map((layer) => ({
    target: `./src/${layer}`,
    from: './src/features',
    message: 'Shared layers must not depend on features.',
  })),
  ...['api', 'lib', 'ui', 'i18n', 'features'].map((layer) => ({
    target: `./src/${layer}`,
    from: './src/mock',
    message: 'The mock gateway is reached only through the network (and started by src/app).',
  })),
  {
    target: './src/api',
    from: ['./src/ui', './src/i18n'],
    message: 'The gateway client knows nothing of the UI.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'dist-mock', '.e2e-dist', 'playwright-report', 'test-results', 'node_modules'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': 'off',
      'import-x/no-default-export': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Card data must never reach storage: only the 3DS reference map and the mock's state may use it.
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='localStorage']",
          message: 'localStorage is reserved for the mock gateway; card data must never be stored.',
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['src/mock/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['*.config.{js,ts}', 'scripts/**', 'e2e/**'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-default-export': 'off',
      'no-console': 'off',
      'no-restricted-syntax': 'off',
      'react-hooks/rules-of-hooks': 'off',
    },
  },
);
