import { GraphQLError, type ValidationRule } from 'graphql';

/**
 * Refuses, at validation, an operation of a type the schema does not define (a subscription, in
 * this schema). graphql-js 16 only finds out in execution, where the error has no code and
 * reaches the client as INTERNAL_SERVER_ERROR; refused here it is GRAPHQL_VALIDATION_FAILED with
 * HTTP 400, before anything runs. (graphql-js 17 has the same rule as KnownOperationTypesRule.)
 */
export const knownOperationTypesRule: ValidationRule = (context) => {
  const schema = context.getSchema();
  return {
    OperationDefinition(node) {
      if (schema.getRootType(node.operation)) return;
      context.reportError(new GraphQLError(`This API has no ${node.operation} operations.`, { nodes: node }));
    },
  };
};
