// Lint rules checked in CI (`npm run lint`). Architecture rules live in .dependency-cruiser.cjs;
// layout is Prettier's (`npm run format:check`), so no stylistic rule is repeated here.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.data/**', '.ci-results/**', '.test-data/**', 'bench/results/**', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importPlugin.flatConfigs.recommended,
  importPlugin.flatConfigs.typescript,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
    },
    rules: {
      'import/no-duplicates': 'error',
      'import/first': 'error',
      'import/newline-after-import': 'error',
      'import/no-self-import': 'error',
      'import/no-useless-path-segments': 'error',
      'import/no-extraneous-dependencies': [
        'error',
        { devDependencies: ['test/**', 'bench/**', '**/*.spec.ts', '**/fixtures/**', '*.config.*', 'jest.config.js', 'swc.options.js'] },
      ],
      // TypeScript's esModuleInterop makes `Redis.default`-style members legitimate.
      'import/no-named-as-default-member': 'off',
      // Address and CSV rules refuse control characters on purpose.
      'no-control-regex': 'off',
      // Nest and class-validator need runtime imports of types used in decorators.
      '@typescript-eslint/consistent-type-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['test/**', 'bench/**', '**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['libs/console/assets/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // HTTP stays at the edge (each context's http/ folder and libs/http-api): the domain and the use cases speak of outcomes, views
    // and request identities, never of statuses, headers or URL paths. Webhook delivery is exempt:
    // it is an HTTP client of the merchant's endpoint by contract (docs/adr/0019-webhook-delivery.md).
    files: ['libs/kernel/**/*.ts', 'libs/*/src/application/**/*.ts', 'libs/*/src/domain/**/*.ts'],
    ignores: ['**/*.spec.ts', 'libs/webhooks/src/application/**', 'libs/webhooks/src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/common',
              importNames: ['HttpCode', 'HttpStatus', 'Header', 'Headers', 'Req', 'Res', 'Request', 'Response', 'Redirect'],
              message: "HTTP belongs to the context's http/ folder: return a view, take a command.",
            },
          ],
          patterns: [
            {
              group: ['@nestjs/common'],
              importNamePattern: '^(Http.*|.*Exception)$',
              message: 'Throw a DomainError; libs/http-api maps it to a status.',
            },
            {
              group: [
                'fastify',
                'fastify/*',
                '@fastify/*',
                '@nestjs/platform-*',
                '@lgw/http-api',
                '@lgw/http-api/*',
                'http',
                'https',
                'http2',
                'node:http',
                'node:https',
                'node:http2',
              ],
              message: 'HTTP belongs to libs/http-api.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/\\/api\\/v[0-9]/], TemplateElement[value.raw=/\\/api\\/v[0-9]/]',
          message: "URL paths are the edge's: ask the ResourceLinksPort for a link.",
        },
        {
          selector:
            'Literal[value=/^(idempotency-key|idempotent-replayed|retry-after|content-type|content-disposition|authorization|x-[a-z0-9-]+)$/i]',
          message: "HTTP headers are the edge's: libs/http-api reads and writes them.",
        },
        {
          selector:
            'BinaryExpression:matches([left.name=/^(status|statusCode|httpStatus)$/], [left.property.name=/^(status|statusCode|httpStatus)$/])[right.raw=/^[1-5][0-9][0-9]$/], Property[key.name=/^(status|statusCode|httpStatus)$/][value.raw=/^[1-5][0-9][0-9]$/]',
          message: "HTTP statuses are the edge's: return an outcome or throw a DomainError.",
        },
      ],
    },
  },
  prettier,
);
