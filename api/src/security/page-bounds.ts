import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import {
  getDirectiveValues,
  getNamedType,
  GraphQLError,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  Kind,
  valueFromAST,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLArgument,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * Page sizes are checked against the bounds the schema documents ("How many tracks, from 1 to
 * 50"), once the operation and its variables are known and before anything runs: a page size
 * out of bounds answers BAD_USER_INPUT with no upstream call, even when the connection sits
 * under a field that would have fetched its parent first. The resolvers check the same bounds
 * again (./modules/common/connections.ts); the description is the contract both follow.
 */

/** The arguments that size a page or a list. */
export const pageSizeArguments = ['first', 'limit'] as const;

const documentedBounds = /\bfrom (\d+) to (\d+)\b/;

export interface PageBounds {
  min: number;
  max: number;
}

export interface SchemaPageBounds {
  /** `Type.field` → argument name → its documented bounds. */
  bounds: Map<string, Map<string, PageBounds>>;
  /** `Type.field(argument)` of every page-size argument whose description states no bounds. */
  undocumented: string[];
}

const cache = new WeakMap<GraphQLSchema, SchemaPageBounds>();

/** Reads the documented bounds of every page-size argument in the schema. */
export function schemaPageBounds(schema: GraphQLSchema): SchemaPageBounds {
  const cached = cache.get(schema);
  if (cached) return cached;
  const result: SchemaPageBounds = { bounds: new Map(), undocumented: [] };
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || !(isObjectType(type) || isInterfaceType(type))) continue;
    for (const field of Object.values(type.getFields())) {
      for (const argument of field.args) {
        if (!(pageSizeArguments as readonly string[]).includes(argument.name)) continue;
        if (getNamedType(argument.type).name !== 'Int') continue;
        const match = documentedBounds.exec(argument.description ?? '');
        if (!match) {
          result.undocumented.push(`${type.name}.${field.name}(${argument.name})`);
          continue;
        }
        const key = `${type.name}.${field.name}`;
        const perField = result.bounds.get(key) ?? new Map<string, PageBounds>();
        perField.set(argument.name, { min: Number(match[1]), max: Number(match[2]) });
        result.bounds.set(key, perField);
      }
    }
  }
  cache.set(schema, result);
  return result;
}

export interface PageBoundsInput {
  schema: GraphQLSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  variables?: Readonly<Record<string, unknown>>;
}

/** The first page size of the operation outside its documented bounds, as an error; null when all fit. */
export function checkPageBounds({ schema, document, operation, variables = {} }: PageBoundsInput): GraphQLError | null {
  const { bounds } = schemaPageBounds(schema);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const variableDefaults = new Map(
    (operation.variableDefinitions ?? []).map((definition) => [definition.variable.name.value, definition]),
  );
  const visited = new Set<string>();

  function valueOf(node: FieldNode, argument: GraphQLArgument): unknown {
    const given = node.arguments?.find((arg) => arg.name.value === argument.name);
    if (!given) return argument.defaultValue;
    if (given.value.kind === Kind.VARIABLE) {
      const name = given.value.name.value;
      if (Object.hasOwn(variables, name)) return variables[name];
      const fallback = variableDefaults.get(name)?.defaultValue;
      return fallback ? valueFromAST(fallback, argument.type) : argument.defaultValue;
    }
    return valueFromAST(given.value, argument.type, variables);
  }

  function skipped(node: FieldNode | SelectionSetNode['selections'][number]): boolean {
    try {
      const skip = getDirectiveValues(GraphQLSkipDirective, node, variables);
      if (skip?.if === true) return true;
      const include = getDirectiveValues(GraphQLIncludeDirective, node, variables);
      return include?.if === false;
    } catch {
      // A missing or malformed `if` variable: checked as if included; variable coercion refuses the request anyway.
      return false;
    }
  }

  function checkField(node: FieldNode, parent: GraphQLCompositeType): GraphQLError | null {
    if (!isObjectType(parent) && !isInterfaceType(parent)) return null;
    const field = parent.getFields()[node.name.value];
    // Unknown fields fail validation; nothing to check here.
    if (!field) return null;
    const perField = bounds.get(`${parent.name}.${field.name}`);
    for (const argument of field.args) {
      const documented = perField?.get(argument.name);
      if (!documented) continue;
      const value = valueOf(node, argument);
      // Absent or null takes the default; a value that is not an integer fails coercion before execution.
      if (typeof value !== 'number' || !Number.isInteger(value)) continue;
      if (value < documented.min || value > documented.max) {
        return new GraphQLError(
          `${parent.name}.${field.name}: ${argument.name} must be between ${documented.min} and ${documented.max}, got ${value}.`,
          { nodes: [node], extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } },
        );
      }
    }
    const type = getNamedType(field.type);
    return node.selectionSet && isCompositeType(type) ? checkSelections(node.selectionSet, type) : null;
  }

  function checkSelections(selectionSet: SelectionSetNode, parent: GraphQLCompositeType): GraphQLError | null {
    for (const selection of selectionSet.selections) {
      if (skipped(selection)) continue;
      let error: GraphQLError | null = null;
      if (selection.kind === Kind.FIELD) {
        error = checkField(selection, parent);
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment || visited.has(name)) continue;
        visited.add(name);
        const type = schema.getType(fragment.typeCondition.name.value);
        if (type && isCompositeType(type)) {
          error = checkSelections(fragment.selectionSet, type);
        }
      } else {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        if (type && isCompositeType(type)) {
          error = checkSelections(selection.selectionSet, type);
        }
      }
      if (error) return error;
    }
    return null;
  }

  const root = schema.getRootType(operation.operation);
  return root ? checkSelections(operation.selectionSet, root) : null;
}

/** Refuses an operation with a page size out of bounds once its variables are known, before execution. */
export function pageBoundsPlugin<TContext extends BaseContext>(): ApolloServerPlugin<TContext> {
  return {
    requestDidStart() {
      return Promise.resolve({
        didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return Promise.resolve();
          const error = checkPageBounds({ schema, document, operation, variables: request.variables });
          return error ? Promise.reject(error) : Promise.resolve();
        },
      });
    },
  };
}
