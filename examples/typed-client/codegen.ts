import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Types this client's operations (`src/**\/*.ts`) against the Graphonic schema. The schema is read
 * from the repository's `schema/` here; a client elsewhere points `schema` at its own copy of the
 * SDL, or at a Graphonic api that answers introspection (`http://127.0.0.1:4000/graphql`).
 *
 * `documentMode: 'string'` makes each operation a typed string: any HTTP client can send it, and
 * its result and variables are typed, with no GraphQL library at run time.
 */
const config: CodegenConfig = {
  overwrite: true,
  schema: '../../schema/*.graphql',
  documents: ['src/**/*.ts', '!src/**/*.test.ts'],
  generates: {
    '__generated__/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        documentMode: 'string',
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
