import {
  getDirectiveValues,
  getNamedType,
  getNullableType,
  isLeafType,
  isListType,
  type GraphQLField,
  type GraphQLInterfaceType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';

/**
 * The estimated cost of an operation in upstream calls, checked before anything runs: each field costs its
 * weight plus its multiplier times the cost of its selections (see `schema/limits.graphql`). The operation
 * limits' one walk of the operation (./operation.ts) adds the fields up: fragments are costed once per operation
 * and reused, and selections on different types of an abstract field are added up, which over-estimates rather
 * than under-estimates.
 */

/** The name of the directive in `schema/limits.graphql` that annotates a field's cost. */
export const costDirectiveName = 'cost';

/** The size arguments of a list or connection field without a `@cost` directive, in order of preference. */
export const defaultMultiplierArguments = ['first', 'limit', 'ids', 'uris'] as const;

interface FieldCost {
  weight: number | undefined;
  multipliers: readonly string[] | undefined;
}

const directiveCache = new WeakMap<GraphQLField<unknown, unknown>, FieldCost>();

/** The `@cost` arguments a field carries in the SDL, if any. */
function readCostDirective(schema: GraphQLSchema, field: GraphQLField<unknown, unknown>): FieldCost {
  const cached = directiveCache.get(field);
  if (cached) return cached;
  const directive = schema.getDirective(costDirectiveName);
  const values = directive && field.astNode ? getDirectiveValues(directive, field.astNode) : undefined;
  const weight = values?.weight;
  const multipliers = values?.multipliers;
  const cost: FieldCost = {
    weight: typeof weight === 'number' ? weight : undefined,
    multipliers: Array.isArray(multipliers) ? multipliers.filter((name) => typeof name === 'string') : undefined,
  };
  directiveCache.set(field, cost);
  return cost;
}

/** Connection and edge types are the plumbing of a page that the connection field already fetched. */
function isPagePlumbing(type: GraphQLObjectType | GraphQLInterfaceType): boolean {
  return type.name.endsWith('Connection') || type.name.endsWith('Edge');
}

function isSizedField(field: GraphQLField<unknown, unknown>): boolean {
  return isListType(getNullableType(field.type)) || getNamedType(field.type).name.endsWith('Connection');
}

/**
 * What one field costs, given the cost of its selections (see `schema/limits.graphql`): its weight, plus its
 * multiplier times the cost of its selections. `sizeOf` gives the size an argument asks for (an integer, or the
 * length of a list such as `ids`) as the operation's walk (./operation.ts) found it, or undefined.
 */
export function fieldCost(
  schema: GraphQLSchema,
  parent: GraphQLObjectType | GraphQLInterfaceType,
  field: GraphQLField<unknown, unknown>,
  selectionsCost: number,
  sizeOf: (argument: string) => number | undefined,
): number {
  const annotated = readCostDirective(schema, field);
  const weight = annotated.weight ?? (isLeafType(getNamedType(field.type)) || isPagePlumbing(parent) ? 0 : 1);
  if (selectionsCost === 0) return weight;
  const names = annotated.multipliers ?? (isSizedField(field) ? defaultMultiplierArguments : []);
  for (const name of names) {
    const size = sizeOf(name);
    if (size !== undefined) return weight + Math.max(0, size) * selectionsCost;
  }
  return weight + selectionsCost;
}
