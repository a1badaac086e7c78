// `npm run lint` runs dependency-cruiser with this file: no import cycle anywhere, type-only
// imports included (TypeScript erases them, so ESLint's import/no-cycle does not follow them;
// a cycle of types still ties two modules together). docs/development.md, "Boundaries".
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules import each other in a circle (type-only imports count too).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data|artifacts|test-results|playwright-report)/' },
    // Read the TypeScript source before compilation, so `import type` counts.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'] },
  },
};
