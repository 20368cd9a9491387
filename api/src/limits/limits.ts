import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { ApolloServerErrorCode } from '@apollo/server/errors';
import {
  getIntrospectionQuery,
  getOperationAST,
  GraphQLError,
  GraphQLSchema,
  Lexer,
  parse,
  Source,
  TokenKind,
  type ASTNode,
  type GraphQLFormattedError,
} from 'graphql';
import { pageSizeError } from '../security/page-bounds';
import { measureOperation, type OperationMeasure } from './operation';

/** Bounds on one operation, all checked before any resolver runs. */
export interface OperationLimits {
  /** The deepest chain of nested fields, fragments expanded. */
  maxDepth: number;
  /** Aliased fields, counted once per place a fragment is spread. */
  maxAliases: number;
  /** Fields selected at the root (`Query`/`Mutation`), fragments expanded. */
  maxRootFields: number;
  /** Lexical tokens of the document, enforced by the parser itself. */
  maxTokens: number;
  /** The estimated upstream cost (see ./cost.ts). */
  maxCost: number;
}

export type LimitName = 'depth' | 'introspectionDepth' | 'aliases' | 'rootFields' | 'tokens' | 'cost';

const limitLabels: Record<LimitName, { label: string; measured: (value: number) => string }> = {
  depth: { label: 'Depth limit', measured: (value) => `the operation is ${value} fields deep` },
  introspectionDepth: {
    label: 'Introspection depth limit',
    measured: (value) => `the introspection query is ${value} fields deep`,
  },
  aliases: { label: 'Alias limit', measured: (value) => `the operation uses ${value} aliases` },
  rootFields: { label: 'Root field limit', measured: (value) => `the operation selects ${value} root fields` },
  tokens: { label: 'Token limit', measured: (value) => `the operation has ${value} tokens` },
  cost: { label: 'Cost limit', measured: (value) => `the operation's estimated upstream cost is ${value}` },
};

/** The message of a limit's error: names the limit, the measured value and the bound. */
export function limitMessage(limit: LimitName, value: number, maximum: number): string {
  const { label, measured } = limitLabels[limit];
  return `${label} exceeded: ${measured(value)} and the limit is ${maximum}.`;
}

/** The extensions every limit error carries besides its code, so that clients can show the numbers. */
function limitExtensions(limit: LimitName, value: number, maximum: number): Record<string, unknown> {
  return { limit, value, maximum };
}

/**
 * A limit's error: the same code and HTTP status as a validation error, and the operation's location. The
 * operation is refused before execution, once its variables are known (validation rules see none).
 */
export function limitError(limit: LimitName, value: number, maximum: number, node?: ASTNode): GraphQLError {
  return new GraphQLError(limitMessage(limit, value, maximum), {
    ...(node ? { nodes: [node] } : {}),
    extensions: {
      code: ApolloServerErrorCode.GRAPHQL_VALIDATION_FAILED,
      ...limitExtensions(limit, value, maximum),
      http: { status: 400 },
    },
  });
}

/** The depth of graphql-js's standard introspection query with every option on, which tools send as is. */
export const standardIntrospectionDepth = ((): number => {
  const document = parse(
    getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
      oneOf: true,
    }),
  );
  const operation = getOperationAST(document);
  // Introspection fields belong to every schema: an empty one measures them.
  return operation ? measureOperation({ schema: new GraphQLSchema({}), document, operation }).introspectionDepth : 0;
})();

/**
 * The errors of an operation's measure, in the order a client should fix them: the shape of the operation
 * (depth, introspection depth, aliases, root fields), then its page sizes, then its cost, which a smaller page
 * also lowers. Introspection selections get their own depth bound (at least the standard introspection query's
 * depth), so that tools can load the schema when introspection is enabled.
 */
export function operationErrors(
  measure: OperationMeasure,
  limits: Omit<OperationLimits, 'maxTokens'>,
  node?: ASTNode,
): GraphQLError[] {
  const maxIntrospectionDepth = Math.max(limits.maxDepth, standardIntrospectionDepth);
  const shape: [LimitName, number, number][] = [
    ['depth', measure.depth, limits.maxDepth],
    ['introspectionDepth', measure.introspectionDepth, maxIntrospectionDepth],
    ['aliases', measure.aliases, limits.maxAliases],
    ['rootFields', measure.rootFields, limits.maxRootFields],
  ];
  const errors = shape
    .filter(([, value, maximum]) => value > maximum)
    .map(([limit, value, maximum]) => limitError(limit, value, maximum, node));
  if (measure.pageSize) errors.push(pageSizeError(measure.pageSize));
  if (measure.cost > limits.maxCost) errors.push(limitError('cost', measure.cost, limits.maxCost, node));
  return errors;
}

/**
 * Measures the operation once its variables are known and before execution starts, in one walk
 * (./operation.ts), and refuses it with the first of its errors: an operation over a bound runs nothing and makes
 * no upstream call.
 */
export function operationLimitsPlugin<TContext extends BaseContext>(
  limits: Omit<OperationLimits, 'maxTokens'>,
): ApolloServerPlugin<TContext> {
  return {
    requestDidStart() {
      return Promise.resolve({
        didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return Promise.resolve();
          const measure = measureOperation({ schema, document, operation, variables: request.variables });
          const [error] = operationErrors(measure, limits, operation);
          return error ? Promise.reject(error) : Promise.resolve();
        },
      });
    },
  };
}

// graphql 16 spells it "more that"; later versions may fix the typo.
const tokenLimitPattern = /Document contains more tha[nt] \d+ tokens/;

/** Counts a document's tokens as the parser does (comments excluded), up to where the lexer gives up. */
export function countTokens(body: string): number {
  const lexer = new Lexer(new Source(body));
  let count = 0;
  try {
    while (lexer.advance().kind !== TokenKind.EOF) count += 1;
  } catch {
    // A lexical error ends the count; the tokens before it were still read.
  }
  return count;
}

/**
 * The parser aborts a document over `maxTokens` with a syntax error; this turns it into the same kind of
 * error as the other limits, with the document's real token count.
 */
export function formatTokenLimitError(
  formatted: GraphQLFormattedError,
  error: unknown,
  maxTokens: number,
): GraphQLFormattedError | undefined {
  if (formatted.extensions?.code !== ApolloServerErrorCode.GRAPHQL_PARSE_FAILED) return undefined;
  if (!tokenLimitPattern.test(formatted.message)) return undefined;
  const body = error instanceof GraphQLError ? error.source?.body : undefined;
  const value = body === undefined ? maxTokens + 1 : countTokens(body);
  return {
    message: limitMessage('tokens', value, maxTokens),
    extensions: {
      code: ApolloServerErrorCode.GRAPHQL_VALIDATION_FAILED,
      ...limitExtensions('tokens', value, maxTokens),
    },
  };
}

/** Everything `createGraphqlServer` needs to enforce the limits. */
export function operationLimits<TContext extends BaseContext>(limits: OperationLimits) {
  return {
    plugin: operationLimitsPlugin<TContext>(limits),
    parseOptions: { maxTokens: limits.maxTokens },
    formatError: (formatted: GraphQLFormattedError, error: unknown) =>
      formatTokenLimitError(formatted, error, limits.maxTokens),
  };
}
