import {
  getDirectiveValues,
  getNamedType,
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
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionNode,
  type SelectionSetNode,
  type VariableDefinitionNode,
} from 'graphql';
import { pageSizeViolation, type PageSizeViolation } from '../security/page-bounds';
import { fieldCost } from './cost';

export interface OperationInput {
  schema: GraphQLSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** The request's variables as sent; unknown or unusable values fall back to defaults. */
  variables?: Readonly<Record<string, unknown>>;
}

/** Everything the operation limits bound, measured in one walk of the operation. */
export interface OperationMeasure {
  /** The deepest chain of the operation's own fields, fragments expanded. */
  depth: number;
  /** The depth of its `__schema` and `__type` selections, bounded separately so that tools can introspect. */
  introspectionDepth: number;
  /** Aliased fields, counted once per place their fragment is spread. */
  aliases: number;
  /** Fields selected at the root, fragments expanded. */
  rootFields: number;
  /** The estimated upstream calls (./cost.ts), with the request's variables. */
  cost: number;
  /** The first page size outside its declared bounds, in document order, past skipped selections; or null. */
  pageSize: PageSizeViolation | null;
}

interface SelectionMeasure {
  depth: number;
  introspectionDepth: number;
  aliases: number;
  fields: number;
  cost: number;
  pageSize: PageSizeViolation | null;
}

const none: SelectionMeasure = { depth: 0, introspectionDepth: 0, aliases: 0, fields: 0, cost: 0, pageSize: null };

const introspectionRoots = new Set(['__schema', '__type']);

function add(total: SelectionMeasure, part: SelectionMeasure): void {
  total.depth = Math.max(total.depth, part.depth);
  total.introspectionDepth = Math.max(total.introspectionDepth, part.introspectionDepth);
  total.aliases += part.aliases;
  total.fields += part.fields;
  total.cost += part.cost;
  total.pageSize ??= part.pageSize;
}

function compositeOrNone(type: GraphQLNamedType | null | undefined): GraphQLCompositeType | undefined {
  return type && isCompositeType(type) ? type : undefined;
}

/** An integer or the length of a list: the size an argument asks for; undefined for anything else. */
function sizeOfValue(value: unknown): number | undefined {
  if (Array.isArray(value)) return value.length;
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/**
 * One walk of an operation: its document's fragments, the request's variables, and the figures of the fragments
 * measured so far.
 */
class OperationWalk {
  private readonly fragments = new Map<string, FragmentDefinitionNode>();
  private readonly variableDefinitions: Map<string, VariableDefinitionNode>;
  /** Fragments spread at the root may select introspection fields, so they are measured apart from the others. */
  private readonly measured = {
    root: new Map<string, SelectionMeasure>(),
    nested: new Map<string, SelectionMeasure>(),
  };
  private readonly visiting = new Set<string>();

  constructor(
    private readonly schema: GraphQLSchema,
    document: DocumentNode,
    operation: OperationDefinitionNode,
    private readonly variables: Readonly<Record<string, unknown>>,
  ) {
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) this.fragments.set(definition.name.value, definition);
    }
    this.variableDefinitions = new Map<string, VariableDefinitionNode>(
      (operation.variableDefinitions ?? []).map((definition) => [definition.variable.name.value, definition]),
    );
  }

  /** An argument's value as execution will see it: given, through a variable or its default, else the default. */
  private argumentValue(node: FieldNode, argument: GraphQLArgument): unknown {
    const variables = this.variables;
    const given = node.arguments?.find((arg) => arg.name.value === argument.name);
    if (!given) return argument.defaultValue;
    if (given.value.kind === Kind.VARIABLE) {
      const name = given.value.name.value;
      if (Object.hasOwn(variables, name)) return variables[name];
      const fallback = this.variableDefinitions.get(name)?.defaultValue;
      return fallback ? valueFromAST(fallback, argument.type) : argument.defaultValue;
    }
    return valueFromAST(given.value, argument.type, variables);
  }

  /** The size an argument asks for; a missing, null or unusable value (coercion refuses it later) takes the default. */
  private sizeOf(node: FieldNode, field: GraphQLField<unknown, unknown>, name: string): number | undefined {
    const argument = field.args.find((candidate) => candidate.name === name);
    if (!argument) return undefined;
    return sizeOfValue(this.argumentValue(node, argument)) ?? sizeOfValue(argument.defaultValue);
  }

  /** Whether a selection is kept under its `@skip` and `@include` directives. */
  private included(node: SelectionNode): boolean {
    try {
      if (getDirectiveValues(GraphQLSkipDirective, node, this.variables)?.if === true) return false;
      return getDirectiveValues(GraphQLIncludeDirective, node, this.variables)?.if !== false;
    } catch {
      // A missing or malformed `if` variable: measured as included; variable coercion refuses the request anyway.
      return true;
    }
  }

  private field(node: FieldNode, parent: GraphQLCompositeType | undefined, root: boolean): SelectionMeasure {
    const schema = this.schema;
    const name = node.name.value;
    const owner = parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent : undefined;
    // Introspection fields (`__schema`, `__type`, `__typename`) are not among the type's fields: measured, not costed.
    const definition = owner?.getFields()[name];
    const children = node.selectionSet
      ? this.selectionSet(node.selectionSet, compositeOrNone(definition && getNamedType(definition.type)), false)
      : none;
    const depth = 1 + Math.max(children.depth, children.introspectionDepth);
    const introspection = root && introspectionRoots.has(name);
    return {
      depth: introspection ? 0 : depth,
      introspectionDepth: introspection ? depth : children.introspectionDepth,
      aliases: children.aliases + (node.alias ? 1 : 0),
      fields: 1,
      cost:
        owner && definition
          ? fieldCost(schema, owner, definition, children.cost, (argument) => this.sizeOf(node, definition, argument))
          : 0,
      pageSize:
        (owner && definition
          ? pageSizeViolation(schema, owner.name, definition, node, (argument) => this.argumentValue(node, argument))
          : null) ?? children.pageSize,
    };
  }

  private fragment(name: string, root: boolean): SelectionMeasure {
    const cache = root ? this.measured.root : this.measured.nested;
    const known = cache.get(name);
    if (known) return known;
    const definition = this.fragments.get(name);
    if (!definition || this.visiting.has(name)) return none;
    this.visiting.add(name);
    const type = compositeOrNone(this.schema.getType(definition.typeCondition.name.value));
    const measure = this.selectionSet(definition.selectionSet, type, root);
    this.visiting.delete(name);
    cache.set(name, measure);
    return measure;
  }

  selectionSet(node: SelectionSetNode, parent: GraphQLCompositeType | undefined, root: boolean): SelectionMeasure {
    const total: SelectionMeasure = { ...none };
    for (const selection of node.selections) {
      let part: SelectionMeasure;
      if (selection.kind === Kind.FIELD) {
        part = this.field(selection, parent, root);
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        part = this.fragment(selection.name.value, root);
      } else {
        const type = selection.typeCondition ? this.schema.getType(selection.typeCondition.name.value) : parent;
        part = this.selectionSet(selection.selectionSet, compositeOrNone(type), root);
      }
      // A skipped selection still counts towards depth, aliases and cost (measured as written), but its page
      // sizes never reach a resolver.
      if (part.pageSize && !this.included(selection)) part = { ...part, pageSize: null };
      add(total, part);
    }
    return total;
  }
}

/**
 * Measures an operation in one walk, fragments expanded and the request's variables applied: its depth, aliases
 * and root fields, its estimated cost, and its first page size out of bounds. Each fragment is measured once
 * (once more where it is spread at the root) and its figures reused, so a document that spreads fragments
 * exponentially is measured in linear time. Unknown fields, types and fragments, and cyclic fragments, fail
 * validation on their own; here they count for depth and aliases only.
 */
export function measureOperation({ schema, document, operation, variables = {} }: OperationInput): OperationMeasure {
  const walk = new OperationWalk(schema, document, operation, variables);
  const root = compositeOrNone(schema.getRootType(operation.operation));
  const measure = walk.selectionSet(operation.selectionSet, root, true);
  return {
    depth: measure.depth,
    introspectionDepth: measure.introspectionDepth,
    aliases: measure.aliases,
    rootFields: measure.fields,
    cost: measure.cost,
    pageSize: measure.pageSize,
  };
}
