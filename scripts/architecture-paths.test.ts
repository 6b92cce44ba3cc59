import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The two paths of docs/architecture/overview.md are checked against the code's real imports, parsed with the
 * TypeScript compiler: every file the page names on a path must be on it, and the page must name the file
 * that calls the gateway and the file that writes the merchant's events (the outbox row). Type-only imports
 * are not followed (they run nothing); dynamic `import()` is.
 */
const root = new URL('../', import.meta.url);
const overview = readFileSync(new URL('docs/architecture/overview.md', root), 'utf8');

/** Repository files a file imports (relative specifiers that name a file), type-only imports left out. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(new URL(file, root), 'utf8'),
    ts.ScriptTarget.Latest,
    false,
  );
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && node.importClause?.phaseModifier !== ts.SyntaxKind.TypeKeyword) {
      const named = node.importClause?.namedBindings;
      // `import { type A, type B }` runs nothing either (a bare `import './x'` does).
      const typeOnly =
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly) &&
        node.importClause?.name === undefined;
      if (!typeOnly && ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => normalize(join(dirname(file), specifier)))
    .filter((path) => existsSync(new URL(path, root)));
}

const importCache = new Map<string, string[]>();
const cachedImportsOf = (file: string): string[] => {
  let found = importCache.get(file);
  if (!found) importCache.set(file, (found = importsOf(file)));
  return found;
};

/** Every file reachable from `from`, each with the file that first imported it (a chain back to `from`). */
function reach(from: string): Map<string, string | null> {
  const parents = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const next of cachedImportsOf(file)) {
      if (parents.has(next)) continue;
      parents.set(next, file);
      queue.push(next);
    }
  }
  return parents;
}

function chain(parents: Map<string, string | null>, to: string): string[] {
  const files: string[] = [];
  for (let file: string | null | undefined = to; file; file = parents.get(file)) files.unshift(file);
  return files;
}

/** Files (of those given) with a call `….gateway.<method>(…)` or `gateway.<method>(…)`. */
function gatewayCallers(files: Iterable<string>, method: string): string[] {
  const call = new RegExp(`\\bgateway\\s*\\.\\s*${method}\\s*\\(`);
  return [...files].filter((file) => call.test(readFileSync(new URL(file, root), 'utf8')));
}

/** Files (of those given) holding the statement that inserts the merchant's events. */
function outboxWriters(files: Iterable<string>): string[] {
  return [...files].filter((file) =>
    /insert into outbox_events|\.insert\(\s*outboxEvents\s*\)/.test(
      readFileSync(new URL(file, root), 'utf8'),
    ),
  );
}

/** Each backquoted file path of the server, contract or browser in one `## …` section of the overview. */
function namedIn(title: string): string[] {
  const section = overview.split(`## ${title}`)[1]?.split('\n## ')[0] ?? '';
  return [...section.matchAll(/`((?:server|contract|src)\/[\w./-]+\.tsx?)`/g)].map((match) => match[1] ?? '');
}

const SERVER_ENTRY = 'server/main.ts';
const JOBS = 'server/jobs/job-runner.ts';
/** Builds what routes are given (the gateway client, the database): its own imports count as on the path. */
const WIRING = 'server/bootstrap.ts';
const BROWSER_ENTRY = 'src/app/session-route.tsx';

const PATHS = [
  {
    title: 'One card payment, file by file',
    route: 'server/routes/shopper-payments.ts',
    otherRoutes: [],
    gatewayMethod: 'createTransaction',
  },
  {
    title: 'One PIX payment confirmed by a gateway webhook',
    route: 'server/routes/gateway-webhooks.ts',
    // The shopper's page polls the payment through the shopper's route.
    otherRoutes: ['server/routes/shopper-payments.ts'],
    gatewayMethod: 'getTransaction',
  },
] as const;

describe.each(PATHS)('“$title” follows the imports', ({ title, route, otherRoutes, gatewayMethod }) => {
  const named = namedIn(title);
  const fromRoute = reach(route);
  const fromOtherRoutes = new Set<string>(otherRoutes.flatMap((other) => [...reach(other).keys()]));
  const wiring = new Set([WIRING, ...cachedImportsOf(WIRING)]);
  const fromEntry = reach(SERVER_ENTRY);
  const fromJobs = reach(JOBS);
  const fromBrowser = reach(BROWSER_ENTRY);
  /** On an import path from the server's entry to the route: what mounts it. */
  const mounting = new Set(
    [...fromEntry.keys()].filter(
      (file) => file !== route && [route, ...otherRoutes].some((to) => reach(file).has(to)),
    ),
  );

  it('names the route, which the server mounts', () => {
    expect(named).toContain(route);
    expect(fromEntry.has(route)).toBe(true);
  });

  it('names a file the route reaches that calls the gateway, and one that writes the outbox row', () => {
    const callers = gatewayCallers(fromRoute.keys(), gatewayMethod);
    const writers = outboxWriters(fromRoute.keys());
    expect(callers, `no file reached from ${route} calls gateway.${gatewayMethod}`).not.toEqual([]);
    expect(writers, `no file reached from ${route} inserts into outbox_events`).not.toEqual([]);
    expect(
      callers.filter((file) => named.includes(file)),
      `name one of: ${callers.map((file) => chain(fromRoute, file).join(' → ')).join('; ')}`,
    ).not.toEqual([]);
    expect(
      writers.filter((file) => named.includes(file)),
      `name one of: ${writers.map((file) => chain(fromRoute, file).join(' → ')).join('; ')}`,
    ).not.toEqual([]);
  });

  it('names only files on the path: mounting the route, reached from it, given to it, from the jobs or the page', () => {
    const off = named.filter((file) => {
      if (file.startsWith('src/')) return !fromBrowser.has(file);
      return ![fromRoute, fromOtherRoutes, mounting, wiring, fromJobs].some((on) => on.has(file));
    });
    expect(off).toEqual([]);
  });
});

describe('the outbox', () => {
  it('is written only by files the overview names', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'server'], {
      cwd: fileURLToPath(root),
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$|^server\/test\//.test(file))
      .filter((file) => existsSync(new URL(file, root)));
    const writers = outboxWriters(files);
    expect(writers.length).toBeGreaterThan(0);
    expect(writers.filter((file) => !overview.includes(`\`${file}\``))).toEqual([]);
  });
});
