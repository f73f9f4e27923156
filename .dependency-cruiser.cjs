/**
 * Import boundaries, checked by `npm run lint` (docs/architecture.md, "Boundaries"). Every rule is an
 * error; type-only imports count like any other (`tsPreCompilationDeps`), so a cycle or a crossing made
 * of types alone is caught too.
 */
const SERVER = '^apps/server/src/';
const DOMAINS = `${SERVER}domains/`;
const TRANSPORT = `${SERVER}(trpc|rest|http)/`;
const INFRA = `${SERVER}(db|files|jobs)/`;
/** Tests, test helpers and benchmarks, which may use development dependencies. */
const NOT_PRODUCTION = [
  '\\.test\\.tsx?$',
  '(^|/)test/',
  '(^|/)bench/',
  '(^|/)scripts/',
  '(^|/)testing(\\.ts|/)',
  '(^|/)fixtures/',
  '(^|/)vite(st)?\\.config\\.ts$',
  '^e2e/',
  '^prisma\\.config\\.ts$',
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere: a module never depends on itself through others.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-not-transport',
      comment:
        'Domain code is called by the transport (tRPC routers, the REST table, HTTP steps), never the reverse.',
      severity: 'error',
      from: { path: DOMAINS },
      to: { path: TRANSPORT },
    },
    {
      name: 'infra-not-above',
      comment: 'Infrastructure (db, files, jobs) knows no domain and no transport.',
      severity: 'error',
      from: { path: INFRA },
      to: { path: [DOMAINS, TRANSPORT] },
    },
    {
      name: 'domain-through-entry',
      comment:
        'Another domain is imported through its entry module (domains/<d>/index.ts), never a file inside it.',
      severity: 'error',
      from: { path: `${DOMAINS}([^/]+)/` },
      to: { path: `${DOMAINS}[^/]+/`, pathNot: [`${DOMAINS}$1/`, `${DOMAINS}[^/]+/index\\.ts$`] },
    },
    {
      name: 'outside-through-entry',
      comment:
        'Transport, infrastructure and the server root reach a domain through its entry module (tests may reach inside).',
      severity: 'error',
      from: { path: SERVER, pathNot: [DOMAINS, '\\.test\\.ts$'] },
      to: { path: `${DOMAINS}[^/]+/`, pathNot: `${DOMAINS}[^/]+/index\\.ts$` },
    },
    {
      name: 'web-not-server',
      comment:
        'The web app takes only the router type from the server (typed tRPC calls), and nothing at run time.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/', pathNot: `${SERVER}trpc/router\\.ts$` },
    },
    {
      name: 'web-server-router-type-only',
      comment: 'The router is imported by the web app as a type, never as code.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: `${SERVER}trpc/router\\.ts$`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-not-web',
      comment: 'The server (tests included) never imports the web app.',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'packages-not-apps',
      comment: 'Packages serve the apps and never import them.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(apps|e2e)/' },
    },
    {
      name: 'engine-alone',
      comment: 'The engine depends on nothing of ours.',
      severity: 'error',
      from: { path: '^engine/' },
      to: { path: '^(apps|packages|e2e)/' },
    },
    {
      name: 'no-dev-dependency-in-production',
      comment:
        "Code that runs in production imports only its workspace's dependencies, not its devDependencies.",
      severity: 'error',
      from: { path: '^(apps|packages|engine)/', pathNot: NOT_PRODUCTION },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-orphans',
      comment: 'A module nothing imports and that imports nothing is dead code (tool configs aside).',
      severity: 'error',
      from: { orphan: true, pathNot: ['\\.config\\.(ts|js|cjs|mjs)$', '\\.d\\.ts$', '(^|/)node_modules/'] },
      to: {},
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // Each module's dependencies are read from its own workspace's package.json.
    combinedDependencies: false,
    doNotFollow: { path: ['node_modules', '(^|/)dist/'] },
    exclude: {
      // generated code, build output and the git-ignored scratch folders of benchmarks, previews and tests
      path: ['(^|/)generated/', '(^|/)dist/', '(^|/)\\.(bench|preview|data|test-data)/'],
    },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
