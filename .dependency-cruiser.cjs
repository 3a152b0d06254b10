// The dependency rules of docs/architecture.md ("Module faces"), checked in `npm test`.
const S = '^packages/server/src/';
const W = '^packages/web/src/';

/**
 * In `root`, a module reaches another module only through that module's face (its index); a test
 * (and a module's own fixtures, testing.ts) may also build on another module's fixtures (its
 * testing.ts: the stock tests stand on production's).
 */
const facesOnly = (root, name) => ({
  name,
  severity: 'error',
  comment:
    'a module reaches another module only through its face (index.ts), tests also through its testing.ts',
  from: { path: `${root}modules/([^/]+)/` },
  to: {
    path: `${root}modules/[^/]+/`,
    pathNot: [`${root}modules/$1/`, `${root}modules/[^/]+/index\\.tsx?$`],
  },
});
const testFacesOnly = (root, name) => {
  const rule = facesOnly(root, name);
  return {
    ...rule,
    from: { ...rule.from, path: `${root}modules/([^/]+)/(.*\\.test\\.tsx?|testing\\.ts)$` },
    to: { ...rule.to, pathNot: [...rule.to.pathNot, `${root}modules/[^/]+/testing\\.ts$`] },
  };
};

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'no import circles, type-only and lazy imports included',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-platform-imports-no-module',
      severity: 'error',
      comment: 'the platform runs what module faces hand it; it never imports a module',
      from: { path: `${S}platform/`, pathNot: '\\.test\\.ts$' },
      to: { path: [`${S}modules/`, `${S}demo/`, `${S}app\\.ts$`, `${S}main\\.ts$`] },
    },
    {
      ...facesOnly(S, 'server-module-through-faces'),
      // a module's fixtures (testing.ts) are test code: they follow the tests' rule
      from: { path: `${S}modules/([^/]+)/`, pathNot: ['\\.test\\.ts$', '/testing\\.ts$'] },
    },
    testFacesOnly(S, 'server-module-tests-through-faces'),
    {
      name: 'server-outside-through-faces',
      severity: 'error',
      comment: 'the app, the demo, tests, benchmarks and scripts use modules through their faces',
      from: { pathNot: `${S}modules/` },
      to: { path: `${S}modules/[^/]+/`, pathNot: `${S}modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'shared is used by both sides and uses neither',
      from: { path: '^packages/shared/' },
      to: { path: '^packages/(server|web)/' },
    },
    {
      name: 'sides-apart',
      severity: 'error',
      comment: 'the server and the web meet only in shared',
      from: { path: '^packages/(server|web)/' },
      to: { path: '^packages/(web|server)/', pathNot: '^packages/$1/' },
    },
    {
      name: 'web-platform-imports-no-module-or-shell',
      severity: 'error',
      comment: 'web platform parts are used by the shell and the modules, never the other way round',
      from: { path: `${W}platform/` },
      to: { path: [`${W}modules/`, `${W}shell/`] },
    },
    facesOnly(W, 'web-module-through-faces'),
  ],
  options: {
    // TypeScript 7 ships no compiler API, so the sources are parsed with swc
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '(^|/)dist/', '\\.test-output/'] },
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
