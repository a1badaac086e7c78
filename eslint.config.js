import js from '@eslint/js';
import globals from 'globals';
import fs from 'node:fs';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/*
 * Boundaries (docs/development.md): imports flow one way.
 * - web: lib → components → features → app; a feature never imports another feature.
 * - server: routes → service → repository → db; the policy sits beside the repositories; a
 *   library feature never imports another feature (decision 201).
 */
const webFeatures = fs
  .readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const webZones = [
  {
    target: './web/src/lib',
    from: ['./web/src/components', './web/src/features', './web/src/app'],
    message: 'lib/ is the bottom layer: it imports no components, features or app code.',
  },
  {
    target: './web/src/components',
    from: ['./web/src/features', './web/src/app'],
    message: 'Shared components import only lib/ and each other, never a feature or the app.',
  },
  {
    target: './web/src/features',
    from: './web/src/app',
    message: 'Features never import the app; the app composes features.',
  },
  ...webFeatures.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message:
      'Features never import each other: move what two features share to lib/ or components/.',
  })),
];

const serverLayers = [
  ['./server/src/**/*.repository.ts', './server/src/**/*.service.ts'],
  ['./server/src/**/*.repository.ts', './server/src/**/*.routes.ts'],
  ['./server/src/**/*.service.ts', './server/src/**/*.routes.ts'],
  ['./server/src/policy/*.ts', './server/src/**/*.service.ts'],
  ['./server/src/policy/*.ts', './server/src/**/*.routes.ts'],
  ['./server/src/policy/*.ts', './server/src/**/*.repository.ts'],
];
/*
 * The library (decision 201): one folder per feature under server/src/library/, a shared part
 * (shared/), and at the library's root the plugin that wires the features (library.plugin.ts)
 * and the store that holds every repository in one unit of work (library-store.ts).
 */
const libraryDir = './server/src/library';
const libraryFeatures = fs
  .readdirSync(new URL(libraryDir, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name);

const libraryZones = [
  ...libraryFeatures.map((feature) => ({
    target: `${libraryDir}/${feature}`,
    from: libraryDir,
    except: [`./${feature}`, './shared', './library-store.ts'],
    message:
      'A library feature imports its own files, library/shared/ and the store, never another feature or the plugin: what two features share moves to shared/, a service one needs of another is given by library.plugin.ts (decision 201).',
  })),
  {
    target: `${libraryDir}/shared`,
    from: libraryDir,
    except: ['./shared'],
    message: 'library/shared/ imports no feature, store or plugin (decision 201).',
  },
  {
    target: [
      './server/src/auth',
      './server/src/collab',
      './server/src/http',
      './server/src/jobs',
      './server/src/mail',
      './server/src/ops',
      './server/src/policy',
      './server/src/runtime',
      './server/src/storage',
    ],
    from: libraryDir,
    except: ['./library-store.ts', './library.plugin.ts'],
    message:
      'Outside the library, code imports only its plugin and its store, never a feature (decision 201).',
  },
];

const serverZones = [
  {
    target: './server/src/db',
    from: [
      './server/src/auth',
      './server/src/library',
      './server/src/http',
      './server/src/policy',
      './server/src/app.ts',
    ],
    message: 'db/ is the bottom layer of the server.',
  },
  ...serverLayers.map(([target, from]) => ({
    target,
    from,
    message:
      'Server layers flow one way: routes → service → repository → db; the policy is asked by services and repositories and imports neither.',
  })),
  {
    target: './server/src/**/*.{service,repository}.ts',
    from: './server/src/http/route-table.ts',
    message: 'Only routes use the route table.',
  },
  ...libraryZones,
];

/*
 * bench/ and e2e/ work the product from outside: the built server over HTTP, a browser. They
 * build API paths with `pathOf` (contract/src/routes.ts) and may reuse test fixtures and pure
 * server modules (SQL and rendering the benches' floors copy), never the app's wiring or the web.
 */
const outsideZones = [
  {
    target: './e2e',
    from: ['./server/src', './web/src', './bench'],
    message:
      'Browser journeys drive the product through npm start: contract/ and server/test fixtures only.',
  },
  ...[
    ['./web/src', './e2e'],
    './server/src/app.ts',
    ['./server/src/**/*.routes.ts', './server/src/**/*.service.ts'],
  ].map((from) => ({
    target: './bench',
    from,
    message:
      'Benches measure the built server: they may reuse its pure modules as floors, never its app, routes or services, nor web or e2e code.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'e2e/artifacts/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.config.ts', 'eslint.config.js'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  {
    files: ['contract/src/**/*.ts', 'server/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      // no-cycle reads the modules an import leads to, so it must parse TypeScript too.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      // Our boundaries are about our code: never parse installed packages (slow, and some
      // bundles overflow the parser's stack).
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: [...webZones, ...serverZones] }],
    },
  },
  {
    // A source file a newcomer can read in one sitting (docs/development.md, "Boundaries"):
    // split it before it grows past 350 lines. Tests aside.
    files: ['server/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 350 }] },
  },
  {
    // A screen or component reads in parts of under 250 lines (docs/development.md, "Boundaries").
    files: ['web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 250 }] },
  },
  {
    // A page's test may mount it the way the app does (inside the signed-in guard).
    files: ['web/src/features/**/*.test.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        { zones: webZones.filter((zone) => zone.from !== './web/src/app') },
      ],
    },
  },
  {
    files: ['bench/**/*.{ts,mts}', 'e2e/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: outsideZones }],
      // Paths of the API come from the route table: pathOf('contents.get', { id }).
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/(api|p)\\//], TemplateElement[value.raw=/^\\/(api|p)\\//]',
          message: "Build API paths with pathOf from '@cw/contract/routes'.",
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
