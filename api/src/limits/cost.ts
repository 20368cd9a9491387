import {
  getDirectiveValues,
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isLeafType,
  isListType,
  isObjectType,
  Kind,
  valueFromAST,
  type ArgumentNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type VariableDefinitionNode,
} from 'graphql';

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
function isPagePlumbing(type: GraphQLCompositeType): boolean {
  return type.name.endsWith('Connection') || type.name.endsWith('Edge');
}

function isSizedField(field: GraphQLField<unknown, unknown>): boolean {
  return isListType(getNullableType(field.type)) || getNamedType(field.type).name.endsWith('Connection');
}

export interface CostOptions {
  schema: GraphQLSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** The request's variables as sent; unknown or unusable values fall back to defaults. */
  variables?: Readonly<Record<string, unknown>>;
}

/**
 * A static estimate of the upstream calls an operation may make, before anything runs.
 *
 * Each field costs its weight plus its multiplier times the cost of its selections (see `schema/limits.graphql`).
 * Fragments are costed once per operation and reused; selections on different types of an abstract field are
 * added up, which over-estimates rather than under-estimates.
 */
export function estimateCost({ schema, document, operation, variables = {} }: CostOptions): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const variableDefinitions = new Map<string, VariableDefinitionNode>(
    (operation.variableDefinitions ?? []).map((definition) => [definition.variable.name.value, definition]),
  );
  const fragmentCosts = new Map<string, number>();
  const visiting = new Set<string>();

  /**
   * The size an argument gives: an integer, or the length of a list (`ids`), given literally,
   * through a variable, or by a default; undefined if none.
   */
  function sizeArgument(node: FieldNode, field: GraphQLField<unknown, unknown>, name: string): number | undefined {
    const definition = field.args.find((arg) => arg.name === name);
    if (!definition) return undefined;
    const argument: ArgumentNode | undefined = node.arguments?.find((arg) => arg.name.value === name);
    // In order of precedence; a value that is missing or not an integer (coercion refuses it later) is skipped.
    const candidates: unknown[] = [];
    if (argument?.value.kind === Kind.VARIABLE) {
      const variable = argument.value.name.value;
      candidates.push(variables[variable]);
      const variableDefault = variableDefinitions.get(variable)?.defaultValue;
      if (variableDefault) candidates.push(valueFromAST(variableDefault, definition.type));
    } else if (argument) {
      candidates.push(valueFromAST(argument.value, definition.type));
    }
    candidates.push(definition.defaultValue);
    const sizes = candidates.map((candidate) =>
      Array.isArray(candidate)
        ? candidate.length
        : typeof candidate === 'number' && Number.isInteger(candidate)
          ? candidate
          : undefined,
    );
    const size = sizes.find((value) => value !== undefined);
    return size === undefined ? undefined : Math.max(0, size);
  }

  function multiplierOf(node: FieldNode, field: GraphQLField<unknown, unknown>, annotated: FieldCost): number {
    const names = annotated.multipliers ?? (isSizedField(field) ? defaultMultiplierArguments : []);
    for (const name of names) {
      const value = sizeArgument(node, field, name);
      if (value !== undefined) return value;
    }
    return 1;
  }

  function fieldCost(node: FieldNode, parent: GraphQLCompositeType): number {
    // Introspection (`__schema`, `__type`, `__typename`) is answered from memory.
    if (node.name.value.startsWith('__')) return 0;
    if (!isObjectType(parent) && !isInterfaceType(parent)) return 0;
    const field = parent.getFields()[node.name.value];
    // Unknown fields fail validation; they cost nothing here.
    if (!field) return 0;
    const annotated = readCostDirective(schema, field);
    const type = getNamedType(field.type);
    const weight = annotated.weight ?? (isLeafType(type) || isPagePlumbing(parent) ? 0 : 1);
    if (!node.selectionSet || !isCompositeType(type)) return weight;
    const children = selectionSetCost(node.selectionSet, type);
    return children === 0 ? weight : weight + multiplierOf(node, field, annotated) * children;
  }

  function fragmentCost(name: string): number {
    const known = fragmentCosts.get(name);
    if (known !== undefined) return known;
    const fragment = fragments.get(name);
    // Unknown and cyclic fragments fail validation; they cost nothing here.
    if (!fragment || visiting.has(name)) return 0;
    const type = schema.getType(fragment.typeCondition.name.value);
    if (!type || !isCompositeType(type)) return 0;
    visiting.add(name);
    const cost = selectionSetCost(fragment.selectionSet, type);
    visiting.delete(name);
    fragmentCosts.set(name, cost);
    return cost;
  }

  function selectionSetCost(selectionSet: SelectionSetNode, parent: GraphQLCompositeType): number {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        total += fieldCost(selection, parent);
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        total += fragmentCost(selection.name.value);
      } else {
        const condition = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        if (condition && isCompositeType(condition)) total += selectionSetCost(selection.selectionSet, condition);
      }
    }
    return total;
  }

  const root = schema.getRootType(operation.operation);
  if (!root) return 0;
  return selectionSetCost(operation.selectionSet, root);
}
