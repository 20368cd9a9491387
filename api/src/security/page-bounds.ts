import {
  getDirectiveValues,
  getNamedType,
  GraphQLError,
  isInterfaceType,
  isObjectType,
  type FieldNode,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLSchema,
} from 'graphql';
import type { ErrorCode } from '../__generated__/resolvers-types';

/**
 * Page sizes are checked against the bounds the schema declares with `@pageSize` (schema/limits.graphql), once
 * the operation and its variables are known and before anything runs: a page size out of bounds answers
 * BAD_USER_INPUT with no upstream call, even when the connection sits under a field that would have fetched its
 * parent first. The operation limits' one walk of the operation (../limits/operation.ts) finds them; the
 * resolvers check the same bounds again (../modules/common/connections.ts).
 */

/** The name of the directive in `schema/limits.graphql` that bounds a page-size argument. */
export const pageSizeDirectiveName = 'pageSize';

/** The arguments that size a page or a list: each of them must declare its bounds. */
export const pageSizeArguments = ['first', 'limit'] as const;

export interface PageBounds {
  min: number;
  max: number;
}

const noBounds: ReadonlyMap<string, PageBounds> = new Map();
const fieldCache = new WeakMap<GraphQLField<unknown, unknown>, ReadonlyMap<string, PageBounds>>();

/** The `@pageSize` bounds of a field's arguments, by argument name; empty when none declares any. */
export function pageSizeBounds(
  schema: GraphQLSchema,
  field: GraphQLField<unknown, unknown>,
): ReadonlyMap<string, PageBounds> {
  const cached = fieldCache.get(field);
  if (cached) return cached;
  const directive = schema.getDirective(pageSizeDirectiveName);
  const bounds = new Map<string, PageBounds>();
  for (const argument of field.args) {
    const values = directive && argument.astNode ? getDirectiveValues(directive, argument.astNode) : undefined;
    const { min, max } = values ?? {};
    if (typeof min === 'number' && typeof max === 'number') bounds.set(argument.name, { min, max });
  }
  const result = bounds.size > 0 ? bounds : noBounds;
  fieldCache.set(field, result);
  return result;
}

export interface SchemaPageBounds {
  /** `Type.field` → argument name → its declared bounds. */
  bounds: Map<string, ReadonlyMap<string, PageBounds>>;
  /** `Type.field(argument)` of every page-size argument that declares no bounds. */
  undeclared: string[];
}

/** The declared bounds of every field of the schema, and the page-size arguments without any. */
export function schemaPageBounds(schema: GraphQLSchema): SchemaPageBounds {
  const result: SchemaPageBounds = { bounds: new Map(), undeclared: [] };
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || !(isObjectType(type) || isInterfaceType(type))) continue;
    for (const field of Object.values(type.getFields())) {
      const bounds = pageSizeBounds(schema, field);
      if (bounds.size > 0) result.bounds.set(`${type.name}.${field.name}`, bounds);
      for (const argument of field.args) {
        if (!(pageSizeArguments as readonly string[]).includes(argument.name)) continue;
        if (getNamedType(argument.type).name !== 'Int' || bounds.has(argument.name)) continue;
        result.undeclared.push(`${type.name}.${field.name}(${argument.name})`);
      }
    }
  }
  return result;
}

/** A page size of an operation outside its field's bounds. */
export interface PageSizeViolation {
  /** `Type.field`, the type being the one the operation selects the field on. */
  field: string;
  argument: string;
  bounds: PageBounds;
  value: number;
  node: FieldNode;
}

/** The first bounded argument of a field whose value (as `valueOf` finds it) lies outside its bounds; or null. */
export function pageSizeViolation(
  schema: GraphQLSchema,
  parentName: string,
  field: GraphQLField<unknown, unknown>,
  node: FieldNode,
  valueOf: (argument: GraphQLArgument) => unknown,
): PageSizeViolation | null {
  const declared = pageSizeBounds(schema, field);
  if (declared.size === 0) return null;
  for (const argument of field.args) {
    const bounds = declared.get(argument.name);
    if (!bounds) continue;
    const value = valueOf(argument);
    // Absent or null takes the default; a value that is not an integer fails coercion before execution.
    if (typeof value !== 'number' || !Number.isInteger(value)) continue;
    if (value < bounds.min || value > bounds.max) {
      return { field: `${parentName}.${field.name}`, argument: argument.name, bounds, value, node };
    }
  }
  return null;
}

const badUserInput: ErrorCode = 'BAD_USER_INPUT';

/** The error that refuses an operation with a page size out of bounds: BAD_USER_INPUT, HTTP 400. */
export function pageSizeError({ field, argument, bounds, value, node }: PageSizeViolation): GraphQLError {
  return new GraphQLError(`${field}: ${argument} must be between ${bounds.min} and ${bounds.max}, got ${value}.`, {
    nodes: [node],
    extensions: { code: badUserInput, http: { status: 400 } },
  });
}
