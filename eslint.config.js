// @ts-check
// ESLint runs the rules Oxlint does not have: the React hooks' rules and the GraphQL rules. ESLint's recommended
// rules and typescript-eslint's strict, type-checked ones run in Oxlint (.oxlintrc.json, from scripts/lint-rules.ts).
import { readFileSync } from 'node:fs';
import { defineConfig } from 'eslint/config';
import graphqlPlugin from '@graphql-eslint/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Both linters leave out the same paths: dependencies, builds, generated code, data and reports.
const oxlint = /** @type {{ ignorePatterns: string[] }} */ (
  JSON.parse(readFileSync(new URL('.oxlintrc.json', import.meta.url), 'utf8'))
);

// One GraphQL config for every block: the plugin loads it once per process.
const graphQLConfig = { schema: 'schema/*.graphql', documents: 'web/src/**/*.{ts,tsx}' };

export default defineConfig(
  { ignores: oxlint.ignorePatterns },
  {
    // The React hooks' rules, which Oxlint does not have in full.
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { parser: tseslint.parser, globals: { ...globals.browser } },
  },
  {
    // Operations embedded in the client's code are checked against the schema.
    files: ['web/src/**/*.{ts,tsx}'],
    processor: graphqlPlugin.processor,
  },
  {
    files: ['schema/**/*.graphql'],
    languageOptions: {
      parser: graphqlPlugin.parser,
      parserOptions: { graphQLConfig },
    },
    plugins: { '@graphql-eslint': graphqlPlugin },
    rules: {
      ...graphqlPlugin.configs['flat/schema-recommended'].rules,
      '@graphql-eslint/require-description': [
        'error',
        { types: true, rootField: true, FieldDefinition: true, InputValueDefinition: true, EnumValueDefinition: true },
      ],
      // Value objects without an identity of their own.
      '@graphql-eslint/strict-id-in-types': [
        'error',
        {
          acceptedIdNames: ['id'],
          acceptedIdTypes: ['ID'],
          exceptions: { types: ['Upstream'], suffixes: ['Payload', 'Connection', 'Edge', 'PageInfo'] },
        },
      ],
      // Connections follow one paging style across the schema (docs/decisions/004-paging.md).
      '@graphql-eslint/relay-connection-types': 'error',
    },
  },
  {
    files: ['web/src/**/*.graphql'],
    languageOptions: {
      parser: graphqlPlugin.parser,
      parserOptions: { graphQLConfig },
    },
    plugins: { '@graphql-eslint': graphqlPlugin },
    rules: {
      ...graphqlPlugin.configs['flat/operations-recommended'].rules,
      '@graphql-eslint/naming-convention': 'off',
    },
  },
);
