import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { ApolloServerErrorCode } from '@apollo/server/errors';
import {
  getIntrospectionQuery,
  GraphQLError,
  Kind,
  Lexer,
  parse,
  Source,
  TokenKind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type GraphQLFormattedError,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { estimateCost } from './cost';

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
  /** The estimated upstream cost (see `estimateCost`). */
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

/** A limit error raised outside validation: the same code and HTTP status as a validation error. */
export function limitError(limit: LimitName, value: number, maximum: number): GraphQLError {
  return new GraphQLError(limitMessage(limit, value, maximum), {
    extensions: {
      code: ApolloServerErrorCode.GRAPHQL_VALIDATION_FAILED,
      ...limitExtensions(limit, value, maximum),
      http: { status: 400 },
    },
  });
}

export interface OperationMeasure {
  /** The depth of the operation's own fields. */
  depth: number;
  /** The depth of its `__schema` and `__type` selections, bounded separately so that tools can introspect. */
  introspectionDepth: number;
  aliases: number;
  rootFields: number;
}

interface SelectionMeasure {
  depth: number;
  introspectionDepth: number;
  aliases: number;
  fields: number;
}

const introspectionRoots = new Set(['__schema', '__type']);

/**
 * Measures one operation with its fragments expanded. Each fragment is measured once and its figures reused,
 * so a document that spreads fragments exponentially is measured in linear time.
 */
export function measureOperation(
  operation: OperationDefinitionNode,
  getFragment: (name: string) => FragmentDefinitionNode | null | undefined,
): OperationMeasure {
  const fragments = new Map<string, SelectionMeasure>();
  const visiting = new Set<string>();
  const none: SelectionMeasure = { depth: 0, introspectionDepth: 0, aliases: 0, fields: 0 };

  function add(total: SelectionMeasure, part: SelectionMeasure): void {
    total.depth = Math.max(total.depth, part.depth);
    total.introspectionDepth = Math.max(total.introspectionDepth, part.introspectionDepth);
    total.aliases += part.aliases;
    total.fields += part.fields;
  }

  function fragment(name: string): SelectionMeasure {
    const known = fragments.get(name);
    if (known) return known;
    const definition = getFragment(name);
    // Unknown and cyclic fragments fail validation on their own.
    if (!definition || visiting.has(name)) return none;
    visiting.add(name);
    const measure = selectionSet(definition.selectionSet, false);
    visiting.delete(name);
    fragments.set(name, measure);
    return measure;
  }

  function selectionSet(node: SelectionSetNode, root: boolean): SelectionMeasure {
    const total: SelectionMeasure = { ...none };
    for (const selection of node.selections) {
      if (selection.kind === Kind.FIELD) {
        const children = selection.selectionSet ? selectionSet(selection.selectionSet, false) : none;
        const depth = 1 + Math.max(children.depth, children.introspectionDepth);
        const introspection = root && introspectionRoots.has(selection.name.value);
        add(total, {
          depth: introspection ? 0 : depth,
          introspectionDepth: introspection ? depth : children.introspectionDepth,
          aliases: children.aliases + (selection.alias ? 1 : 0),
          fields: 1,
        });
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        add(total, root ? rootFragment(selection.name.value) : fragment(selection.name.value));
      } else {
        add(total, selectionSet(selection.selectionSet, root));
      }
    }
    return total;
  }

  /** Fragments spread at the root may select introspection fields, so they are measured as root selections. */
  const rootFragments = new Map<string, SelectionMeasure>();
  function rootFragment(name: string): SelectionMeasure {
    const known = rootFragments.get(name);
    if (known) return known;
    const definition = getFragment(name);
    if (!definition || visiting.has(name)) return none;
    visiting.add(name);
    const measure = selectionSet(definition.selectionSet, true);
    visiting.delete(name);
    rootFragments.set(name, measure);
    return measure;
  }

  const measure = selectionSet(operation.selectionSet, true);
  return {
    depth: measure.depth,
    introspectionDepth: measure.introspectionDepth,
    aliases: measure.aliases,
    rootFields: measure.fields,
  };
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
  const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  const fragments = new Map(
    document.definitions
      .filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((definition) => [definition.name.value, definition]),
  );
  return operation ? measureOperation(operation, (name) => fragments.get(name)).introspectionDepth : 0;
})();

/**
 * A validation rule that bounds depth, aliases and root fields. Introspection selections get their own depth
 * bound (at least the standard introspection query's depth), so that tools can load the schema when
 * introspection is enabled.
 */
export function operationLimitsRule(limits: Pick<OperationLimits, 'maxDepth' | 'maxAliases' | 'maxRootFields'>) {
  const maxIntrospectionDepth = Math.max(limits.maxDepth, standardIntrospectionDepth);
  const rule: ValidationRule = (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const measure = measureOperation(node, (name) => context.getFragment(name));
      const checks: [LimitName, number, number][] = [
        ['depth', measure.depth, limits.maxDepth],
        ['introspectionDepth', measure.introspectionDepth, maxIntrospectionDepth],
        ['aliases', measure.aliases, limits.maxAliases],
        ['rootFields', measure.rootFields, limits.maxRootFields],
      ];
      for (const [limit, value, maximum] of checks) {
        if (value > maximum) {
          context.reportError(
            new GraphQLError(limitMessage(limit, value, maximum), {
              nodes: [node],
              extensions: limitExtensions(limit, value, maximum),
            }),
          );
        }
      }
      // Everything was measured above; no need to walk the operation again.
      return false;
    },
  });
  return rule;
}

/**
 * Checks the estimated cost once the operation and its variables are known (validation rules see no variables)
 * and before execution starts, so that an operation over the bound makes no upstream call.
 */
export function costLimitPlugin<TContext extends BaseContext>(maxCost: number): ApolloServerPlugin<TContext> {
  return {
    requestDidStart() {
      return Promise.resolve({
        didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return Promise.resolve();
          const cost = estimateCost({ schema, document, operation, variables: request.variables });
          if (cost > maxCost) return Promise.reject(limitError('cost', cost, maxCost));
          return Promise.resolve();
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
    validationRules: [operationLimitsRule(limits)],
    plugin: costLimitPlugin<TContext>(limits.maxCost),
    parseOptions: { maxTokens: limits.maxTokens },
    formatError: (formatted: GraphQLFormattedError, error: unknown) =>
      formatTokenLimitError(formatted, error, limits.maxTokens),
  };
}
