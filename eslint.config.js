import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Rules of this project that no plugin has. */
const local = {
  rules: {
    'job-file-name': {
      meta: {
        type: 'problem',
        schema: [],
        messages: { name: 'Background work is named *.job.ts: a job of apps/api/src/jobs/ is <name>.job.ts.' },
      },
      create: (context) => ({
        Program: (node) => {
          if (!context.filename.endsWith('.job.ts')) context.report({ node, messageId: 'name' });
        },
      }),
    },
  },
};

/** SQL is written in `*.queries.ts` files only: Kysely's four statement builders, anywhere else, are refused. */
const sqlOutsideQueries = {
  selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/]',
  message: 'SQL lives in *.queries.ts: move this query into the queries file of the feature that owns the table.',
};
const namedExportsOnly = { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' };

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '**/.turbo/**',
      'data/**',
      '**/*.gen.ts',
      'apps/web/e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      // Type-aware rules: the compiler's view of every TypeScript file from one program, the root
      // tsconfig.json that `pnpm typecheck` checks (each package's own tsconfig would build a program
      // of its own, re-reading the shared packages in each). Plain scripts and configurations outside
      // it get a small default program each (below).
      parserOptions: { project: ['./tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports' },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-restricted-syntax': ['error', namedExportsOnly],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      parserOptions: {
        project: null,
        projectService: {
          allowDefaultProject: ['*.js', 'scripts/*.mjs', 'apps/api/build.mjs', 'apps/web/public/*.js'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // No import cycles, across the workspace packages too (resolved as TypeScript resolves them).
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      // The workspace's own packages are ours (their cycles count); the rest of node_modules is not followed.
      'import-x/internal-regex': '^@t0/',
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json'],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['packages/server/src/**/*.ts', 'apps/api/src/**/*.ts'],
    ignores: ['**/*.queries.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', namedExportsOnly, sqlOutsideQueries] },
  },
  {
    files: ['apps/api/src/jobs/*.ts'],
    ignores: [
      'apps/api/src/jobs/registry.ts',
      'apps/api/src/jobs/types.ts',
      'apps/api/src/jobs/index.ts',
      'apps/api/src/jobs/job-context.ts',
      '**/*.test.ts',
    ],
    plugins: { local },
    rules: { 'local/job-file-name': 'error' },
  },
  // The layers of the server, as rules: core/ is the floor (tRPC's instance, errors, context,
  // transactions) and imports no feature; a feature's queries, handlers and jobs import no procedure
  // builder and no router; nothing imports the top (root, index, the OpenAPI document).
  {
    files: ['packages/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/server/src/core',
              from: './packages/server/src',
              except: ['./core', './ports'],
              message: 'core/ is the floor: it imports no feature (see ARCHITECTURE.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: [
      '**/*.router.ts',
      'packages/server/src/procedures.ts',
      'packages/server/src/root.ts',
      'packages/server/src/openapi.ts',
      'packages/server/src/index.ts',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)procedures$',
              message:
                'Only routers use the procedure builders: a handler, query or job takes its context as a parameter.',
            },
            { regex: '\\.router$', message: 'Routers are the top of a feature: nothing below them imports one.' },
            {
              regex: '^(\\.\\./)+(root|openapi|index)?$|^\\./(root|openapi|index)$',
              message: 'Nothing in the server imports its top (root, openapi, index).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/**/*.queries.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)procedures$|\\.(router|handler|job)$',
              message: 'Queries are the bottom of a feature: they import no handler, job, router or builder.',
            },
          ],
        },
      ],
    },
  },
  {
    // The isomorphic package is safe for the browser: nothing of the server or the database.
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@t0/(server|db|api)($|/)',
              message: '@t0/contracts is isomorphic: it imports no server package.',
            },
          ],
        },
      ],
    },
  },
  {
    // The web app takes only the router's type from the server: a value import would bundle the server.
    files: ['apps/web/**/*.ts', 'apps/web/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@t0/server',
              allowTypeImports: true,
              message: 'The web app imports only types from @t0/server (import type).',
            },
          ],
          patterns: [{ regex: '^@t0/(db|api)($|/)', message: 'The web app imports no server package.' }],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['**/vite.config.ts', '**/vitest.config.ts', '**/vitest.*.config.ts', 'eslint.config.js'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
