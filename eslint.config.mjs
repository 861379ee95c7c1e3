import nx from '@nx/eslint-plugin';
import { createProjectGraphAsync, readCachedProjectGraph } from '@nx/devkit';

// @nx/enforce-module-boundaries reads the project graph from Nx's cache and silently checks
// nothing when there is none (a fresh clone, an editor opened before any nx command). Compute it
// here so every entry point (npm test, npx eslint, an editor) enforces the boundaries. Not when
// Nx itself loads this file while it builds the graph (its eslint plugin reads the config): it
// caches the graph before running any lint task, and asking for it here would wait on itself.
const loadedByNx = /[\\/]nx[\\/]dist[\\/]/.test(process.argv[1] ?? '');
if (!loadedByNx) {
  try {
    readCachedProjectGraph();
  } catch {
    await createProjectGraphAsync({ exitOnError: true });
  }
}

// Packages that only make sense on one side of the wire. Browser projects may not pull in
// server packages and server projects may not pull in React.
const serverOnlyPackages = ['@nestjs/*', 'mongoose', 'kafkajs', 'minio', 'passport', 'passport-*', 'playwright-core', 'express', 'nestjs-pino', 'pino', 'bcryptjs', 'sharp', 'handlebars'];
const browserOnlyPackages = ['react', 'react-dom', 'react-dom/*', 'react-router-dom', '@radix-ui/*', 'lucide-react'];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  { ignores: ['**/dist', '**/out-tsc', '**/.cache', 'tmp/**'] },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: ['^.*/eslint(\\.base)?\\.config\\.[cm]?[jt]s$'],
          depConstraints: [
            // Axis 1: scope. A remote or service sees only its own scope and shared code,
            // so a remote can never import another remote.
            { sourceTag: 'scope:shell', onlyDependOnLibsWithTags: ['scope:shell', 'scope:shared'] },
            { sourceTag: 'scope:public', onlyDependOnLibsWithTags: ['scope:public', 'scope:shared'] },
            { sourceTag: 'scope:registration', onlyDependOnLibsWithTags: ['scope:registration', 'scope:shared'] },
            { sourceTag: 'scope:downloads', onlyDependOnLibsWithTags: ['scope:downloads', 'scope:shared'] },
            { sourceTag: 'scope:schools', onlyDependOnLibsWithTags: ['scope:schools', 'scope:shared'] },
            { sourceTag: 'scope:admin', onlyDependOnLibsWithTags: ['scope:admin', 'scope:shared'] },
            { sourceTag: 'scope:documents', onlyDependOnLibsWithTags: ['scope:documents', 'scope:shared'] },
            { sourceTag: 'scope:notifications', onlyDependOnLibsWithTags: ['scope:notifications', 'scope:shared'] },
            { sourceTag: 'scope:exams', onlyDependOnLibsWithTags: ['scope:exams', 'scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            // Axis 2: type. Layers only point downwards.
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:util', 'type:contracts'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:util', 'type:contracts'] },
            { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:util', 'type:contracts'] },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:util', 'type:contracts'] },
            { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util', 'type:contracts'] },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', 'type:contracts'] },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'] },
            // Platform: browser code and server code never import each other.
            { sourceTag: 'platform:web', onlyDependOnLibsWithTags: ['platform:web', 'platform:any'], bannedExternalImports: serverOnlyPackages },
            { sourceTag: 'platform:node', onlyDependOnLibsWithTags: ['platform:node', 'platform:any'], bannedExternalImports: browserOnlyPackages },
            { sourceTag: 'platform:any', onlyDependOnLibsWithTags: ['platform:any'], bannedExternalImports: [...serverOnlyPackages, ...browserOnlyPackages] },
          ],
        },
      ],
    },
  },
  {
    // Build configuration (webpack, module federation) is not application code: it runs in Node at
    // build time and shares the workspace's build policy from tools/webpack.
    files: ['**/webpack.config.{js,ts}', '**/module-federation.config.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Type-aware rules for the bugs that bite this kind of code: a promise nobody awaits (a lost
    // error, a request answered before the write), an async callback where a sync one is expected,
    // awaiting a non-promise, and a switch that forgets a member of a union.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/jest.config.ts', '**/webpack.config*.ts', '**/module-federation.config.ts', '**/*.d.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
];
