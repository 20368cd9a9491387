import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

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
