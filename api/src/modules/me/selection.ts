import {
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  type FieldNode,
  type FragmentSpreadNode,
  type GraphQLResolveInfo,
  type InlineFragmentNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * Whether the field being resolved selects nothing but `fields` on its objects (fragments
 * expanded). A mutation payload that only needs the identity and the library state of the
 * objects it changed can then answer without fetching them.
 */
export function selectsOnly(info: GraphQLResolveInfo, fields: ReadonlySet<string>): boolean {
  const seen = new Set<string>();
  const within = (set: SelectionSetNode | undefined): boolean => {
    if (!set) return true;
    return set.selections.every((selection) => {
      if (selection.kind === Kind.FIELD) return fields.has(selection.name.value) && !selection.selectionSet;
      if (selection.kind === Kind.INLINE_FRAGMENT) return within(selection.selectionSet);
      const name = selection.name.value;
      if (seen.has(name)) return true;
      seen.add(name);
      const fragment = info.fragments[name];
      return fragment !== undefined && within(fragment.selectionSet);
    });
  };
  return info.fieldNodes.every((node) => within(node.selectionSet));
}

/** Whether a selection is kept under its `@skip` and `@include` directives. */
function included(node: FieldNode | InlineFragmentNode | FragmentSpreadNode, info: GraphQLResolveInfo): boolean {
  const skip = getDirectiveValues(GraphQLSkipDirective, node, info.variableValues);
  if (skip?.if === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, node, info.variableValues);
  return include?.if !== false;
}

/**
 * The fields selected on the objects of `nodes` (by default, of the field being resolved), fragments
 * expanded, in document order; a field selected twice appears twice. A resolver looks ahead with it:
 * to start fetching what its children will need while it fetches its own object.
 */
export function childFields(info: GraphQLResolveInfo, nodes: readonly FieldNode[] = info.fieldNodes): FieldNode[] {
  const fields: FieldNode[] = [];
  const seen = new Set<string>();
  const collect = (set: SelectionSetNode | undefined): void => {
    for (const selection of set?.selections ?? []) {
      if (!included(selection, info)) continue;
      if (selection.kind === Kind.FIELD) fields.push(selection);
      else if (selection.kind === Kind.INLINE_FRAGMENT) collect(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        collect(info.fragments[selection.name.value]?.selectionSet);
      }
    }
  };
  for (const node of nodes) collect(node.selectionSet);
  return fields;
}

/** Whether the objects of `nodes` (by default, of the field being resolved) select the field `name`. */
export function selectsField(info: GraphQLResolveInfo, name: string, nodes?: readonly FieldNode[]): boolean {
  return childFields(info, nodes).some((field) => field.name.value === name);
}

/**
 * Whether the items of the connection `nodes` (by default, the field being resolved) select the field
 * `name`, through `nodes` or through the edges' `node`.
 */
export function itemsSelect(info: GraphQLResolveInfo, name: string, nodes?: readonly FieldNode[]): boolean {
  const connection = childFields(info, nodes);
  const items = connection.filter((field) => field.name.value === 'nodes');
  const edges = connection.filter((field) => field.name.value === 'edges');
  const edgeItems = childFields(info, edges).filter((field) => field.name.value === 'node');
  return selectsField(info, name, [...items, ...edgeItems]);
}
