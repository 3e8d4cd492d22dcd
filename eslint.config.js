import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

// Server layers (decision 031): only repositories (repo.ts, *-repo.ts) and src/server/db speak Drizzle;
// nothing but route files, the module registry and main.ts imports a route file; App and AppDeps come
// from deps.ts, never from app.ts.
const DRIZZLE = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message:
    "Only repo.ts files and src/server/db import drizzle-orm: move the query into the module's repo (decision 031)",
};
const APP = {
  group: ['**/app'],
  message: 'App and AppDeps come from deps.ts; only main.ts (and tests) import app.ts (decision 031)',
};
const ROUTES = {
  group: ['**/routes', '**/*-routes', '**/*-route'],
  message:
    'Services, repos and jobs never import route files: move the shared function into a service, wire.ts or services.ts (decision 031)',
};
const REPO_FILES = ['src/server/**/repo.ts', 'src/server/**/*-repo.ts', 'src/server/db/**'];
const ROUTE_FILES = [
  'src/server/**/routes.ts',
  'src/server/**/*-routes.ts',
  'src/server/**/*-route.ts',
  'src/server/modules.ts',
  'src/server/app.ts',
  'src/server/main.ts',
];

// The address assistant's rules (decision 032): no line over 200 characters, functions under 80 lines
// and files under 600 (blank lines and comments not counted; tests are exempt: a describe block is a
// list of cases). Every file of the folder is under them (decision 032).
const AI_LIMITS = {
  'max-len': ['error', { code: 200 }],
  'max-lines': ['error', { max: 600, skipBlankLines: true, skipComments: true }],
  'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      // No runtime import circle anywhere (type-only imports do not count: they vanish at run time).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      // Dependency direction: shared <- server, shared <- web; web never imports server; features stay apart.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/shared', from: './src/server', message: 'shared must not import server code' },
            { target: './src/shared', from: './src/web', message: 'shared must not import web code' },
            { target: './src/web', from: './src/server', message: 'web must not import server code' },
            { target: './src/server', from: './src/web', message: 'server must not import web code' },
            {
              target: './src/web/features/*',
              from: './src/web/features',
              except: ['./'],
              message: 'a feature must not import another feature; move shared parts down',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DRIZZLE, ROUTES, APP] }] },
  },
  {
    files: REPO_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: [ROUTES, APP] }] },
  },
  {
    files: ROUTE_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: [DRIZZLE, APP] }] },
  },
  {
    // Tests read the database directly to check what a route did.
    files: ['src/server/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [APP] }] },
  },
  { files: ['src/server/main.ts', 'src/server/**/*.test.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['src/server/providers/ai/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: AI_LIMITS,
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.{ts,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        performance: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
);
