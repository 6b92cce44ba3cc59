/**
 * Import direction (docs/architecture/overview.md), checked on the resolved file graph, type imports
 * included:
 *   src → contract ← server,  src/mock and server/mock-gateway → mock-core → contract,
 *   lib ← api ← ui ← shopper ← payment ← features ← app (i18n below all but lib's types), features never
 *   import each other,
 *   and no cycles anywhere, between files or between these layers.
 *   server: routes → domain folders → db, server/platform below all, the state machine pure, the tables
 *   (server/db/schema.ts) imported by repositories only.
 * `npm run lint` fails on any violation; there are no exceptions.
 */
/** Server domain folders: they hold the use cases; routes call them, they call db/ and each other. */
const SERVER_DOMAINS = [
  'payments',
  'sessions',
  'saved-cards',
  'events',
  'jobs',
  'gateway',
  'rate-limit',
  'address',
  'webhooks',
  'payment-links',
  'webhook-endpoints',
  'egress',
  'api-keys',
  'customers',
  'console',
  'platform',
  'mail',
];
/** Every folder of src/features is a feature: a new one is covered the day it is made. */
const FEATURES = require('node:fs')
  .readdirSync(require('node:path').join(__dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * The console's resources (src/console/{resource}/, each with its api.ts): every folder but the frame (app) and
 * what all share (common); only src/console/app combines them.
 */
const CONSOLE_RESOURCES = require('node:fs')
  .readdirSync(require('node:path').join(__dirname, 'src/console'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'app' && entry.name !== 'common')
  .map((entry) => entry.name);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes load order and ownership unclear.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-is-neutral',
      severity: 'error',
      comment:
        'contract/ holds wire schemas only: it imports nothing of ours but itself, and no Node built-ins.',
      from: { path: '^contract/' },
      to: { pathNot: '^contract/|(^|/)node_modules/', dependencyTypesNot: ['npm', 'npm-dev'] },
    },
    {
      name: 'contract-no-node',
      severity: 'error',
      from: { path: '^contract/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'mock-core-is-neutral',
      severity: 'error',
      comment: 'The mock core runs in the browser and in the server: it may use contract/ and itself only.',
      from: { path: '^mock-core/' },
      // node_modules may resolve outside the tree (a worktree's symlinked node_modules: ../main/node_modules).
      to: { pathNot: '^(mock-core/|contract/)|(^|/)node_modules/' },
    },
    {
      name: 'mock-core-no-node',
      severity: 'error',
      from: { path: '^mock-core/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'src-not-server',
      severity: 'error',
      comment: 'The browser app never imports the server.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-src',
      severity: 'error',
      comment: 'The server never imports the browser app.',
      from: { path: '^server/' },
      to: { path: '^src/' },
    },
    {
      name: 'mock-core-only-from-mocks',
      severity: 'error',
      comment: 'Only the mock transports (src/mock, server/mock-gateway) and tests reach the mock core.',
      from: {
        path: '^(src|server)/',
        pathNot: ['^src/mock/', '^server/mock-gateway/', '\\.test\\.tsx?$', '^server/test/'],
      },
      to: { path: '^mock-core/' },
    },
    {
      name: 'only-app-reaches-mock',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/app/', '^src/mock/'] },
      to: { path: '^src/mock/' },
    },
    {
      name: 'nothing-imports-app',
      severity: 'error',
      comment: 'Only src/app combines features; lower layers never import it.',
      from: { path: '^src/', pathNot: '^src/app/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'shared-not-features',
      severity: 'error',
      comment: 'Shared layers (api, lib, ui, shopper, payment, i18n) must not depend on features.',
      from: { path: '^src/(api|lib|ui|shopper|payment|i18n)/' },
      to: { path: '^src/features/' },
    },
    {
      name: 'lib-is-the-floor',
      severity: 'error',
      comment:
        'src/lib holds pure helpers: it may use contract/ and i18n types, never the client, the UI or anything above.',
      from: { path: '^src/lib/' },
      to: { path: '^src/(api|ui|shopper|payment|app|features|mock)/' },
    },
    {
      name: 'i18n-is-words-only',
      severity: 'error',
      comment: 'Catalogues and translation import nothing of the app: every layer may use them.',
      from: { path: '^src/i18n/' },
      to: { path: '^src/(api|lib|ui|shopper|payment|app|features|mock)/' },
    },
    {
      name: 'api-knows-no-ui',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^src/(ui|shopper|payment|i18n)/' },
    },
    {
      name: 'ui-is-primitives',
      severity: 'error',
      comment:
        "src/ui holds primitives (button, fields, alert, spinner, the result screen): it knows nothing of the shopper's details (src/shopper) or of paying (src/payment).",
      from: { path: '^src/ui/' },
      to: { path: '^src/(shopper|payment)/' },
    },
    {
      name: 'shopper-below-payment',
      severity: 'error',
      comment:
        'src/shopper (customer and address fields, CEP, their schemas) is used by the payment flow, never the other way round.',
      from: { path: '^src/shopper/' },
      to: { path: '^src/payment/' },
    },
    ...FEATURES.map((feature) => ({
      name: `feature-${feature}-alone`,
      severity: 'error',
      comment:
        'Features do not import each other; move shared code to src/payment, src/shopper, src/ui or src/lib.',
      from: { path: `^src/features/${feature}/` },
      to: { path: '^src/features/', pathNot: `^src/features/${feature}/` },
    })),
    {
      name: 'console-apart',
      severity: 'error',
      comment:
        'The merchant console (src/console, its own build: vite.console.config.ts) uses the contract and the pure helpers of src/lib and src/i18n only; nothing of the checkout imports it, so it can never reach the checkout bundle.',
      from: { path: '^src/console/' },
      to: { path: '^src/(api|ui|shopper|payment|app|features|mock)/' },
    },
    ...CONSOLE_RESOURCES.map((resource) => ({
      name: `console-${resource}-alone`,
      severity: 'error',
      comment:
        "Console resources do not import each other; what two of them use lives in src/console/common (a change another resource shows invalidates that resource's root key: common/query-keys.ts).",
      from: { path: `^src/console/${resource}/` },
      to: { path: '^src/console/', pathNot: [`^src/console/${resource}/`, '^src/console/common/'] },
    })),
    {
      name: 'console-common-below-resources',
      severity: 'error',
      comment:
        'src/console/common (the API client, words, formats, shared UI) knows no resource and not the app.',
      from: { path: '^src/console/common/' },
      to: { path: '^src/console/', pathNot: '^src/console/common/' },
    },
    {
      name: 'nothing-imports-console',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/console/' },
      to: { path: '^src/console/' },
    },
    {
      name: 'server-domains-not-http',
      severity: 'error',
      comment:
        'Server layers: routes → domains → db (docs/decisions/141-server-layers.md). Domain folders never import the HTTP layer or the routes; what both need (logger, background tasks, errors) lives in server/platform.',
      from: { path: `^server/(${SERVER_DOMAINS.join('|')})/` },
      to: { path: '^server/(http|routes)/' },
    },
    {
      name: 'server-platform-is-the-floor',
      severity: 'error',
      comment:
        'server/platform (logging, background tasks, errors) imports nothing of the server but itself.',
      from: { path: '^server/platform/' },
      to: { path: '^server/', pathNot: '^server/platform/' },
    },
    {
      name: 'server-db-below-domains',
      severity: 'error',
      comment:
        'server/db imports only itself and the pure state machines (whose tables generate its CHECK lists and partial indexes).',
      from: { path: '^server/db/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^server/',
        pathNot: [
          '^server/db/',
          '^server/payments/(state|operation)-machine\\.ts$',
          '^server/events/delivery-machine\\.ts$',
          '^server/receivables/receivable-machine\\.ts$',
          '^server/mail/mail-machine\\.ts$',
        ],
      },
    },
    {
      name: 'server-state-machine-is-pure',
      severity: 'error',
      comment: 'The state machines are tables and pure functions: they import only contract/ types.',
      from: {
        path: [
          '^server/payments/(state|operation)-machine\\.ts$',
          '^server/events/delivery-machine\\.ts$',
          '^server/receivables/receivable-machine\\.ts$',
          '^server/mail/mail-machine\\.ts$',
        ],
      },
      to: { path: '^server/' },
    },
    {
      name: 'server-nothing-imports-routes',
      severity: 'error',
      comment:
        'Only the composition roots (server/app.ts, server/bootstrap.ts) reach routes; nothing else imports them.',
      from: {
        path: '^server/',
        pathNot: ['^server/(app|bootstrap)\\.ts$', '^server/routes/', '\\.test\\.ts$', '^server/test/'],
      },
      to: { path: '^server/routes/' },
    },
    {
      name: 'server-routes-not-db',
      severity: 'error',
      comment:
        'A route parses, calls one domain function and maps its outcome to HTTP: the database (tables, rows, SQL) is reached through the domains and their repositories only.',
      from: { path: '^server/routes/', pathNot: '\\.test\\.ts$' },
      to: { path: '^server/db/' },
    },
    {
      name: 'server-schema-only-from-repositories',
      severity: 'error',
      comment:
        'Tables (server/db/schema.ts) are queried in repositories (server/<domain>/*-repository.ts) only, so a newcomer finds every query of a table in its repository and a table changes in one place. Everything else passes rows around, typed by server/db/rows.ts (types only). Tests and server/test/ may read tables to check what was stored.',
      from: {
        path: '^server/',
        pathNot: ['^server/db/', '-repository\\.ts$', '\\.test\\.ts$', '^server/test/'],
      },
      to: { path: '^server/db/schema\\.ts$' },
    },
    {
      name: 'server-test-helpers-in-test',
      severity: 'error',
      comment: 'Test helpers (test-*.ts, *-helpers.ts) live under server/test/, not beside production code.',
      from: { path: '^server/' },
      to: { path: '/(test-[a-z-]+|[a-z-]+-helpers)[.]ts$', pathNot: '^server/test/' },
    },
    { name: 'not-to-unresolvable', severity: 'error', from: {}, to: { couldNotResolve: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|dist-mock|dist-server|\\.e2e-dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};
