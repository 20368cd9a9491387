import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * One configuration for both sides: resolver types for the api and typed documents for
 * the web client, both read from `schema/*.graphql`. The output is committed; `npm test`
 * fails when running codegen would change it.
 */
const config: CodegenConfig = {
  overwrite: true,
  schema: 'schema/*.graphql',
  generates: {
    'api/src/__generated__/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        contextType: '../context#Context',
        useTypeImports: true,
        defaultScalarType: 'unknown',
        useIndexSignature: true,
        enumsAsTypes: true,
        avoidOptionals: { field: true, inputValue: false, object: false, defaultValue: false },
        strictScalars: true,
        scalars: {},
      },
    },
    'web/src/__generated__/': {
      documents: ['web/src/**/*.{ts,tsx}', '!web/src/__generated__/**'],
      preset: 'client',
      presetConfig: {
        fragmentMasking: { unmaskFunctionName: 'getFragmentData' },
      },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        defaultScalarType: 'unknown',
        strictScalars: true,
        scalars: {},
      },
    },
  },
};

export default config;
