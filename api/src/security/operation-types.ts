import { GraphQLError, OperationTypeNode, type ValidationRule } from 'graphql';

/** The transports of /graphql: POST (and GET) requests, and the graphql-ws WebSocket. */
export type Transport = 'http' | 'websocket';

/** What a client is told when it sends an operation over a transport that does not serve its type. */
const elsewhere: Record<Transport, (operation: OperationTypeNode) => string> = {
  http: (operation) =>
    operation === OperationTypeNode.SUBSCRIPTION
      ? 'Subscriptions are served over WebSocket (the graphql-transport-ws protocol at /graphql), not over HTTP.'
      : `This API has no ${operation} operations.`,
  websocket: (operation) =>
    `The WebSocket at /graphql serves subscriptions only: send ${operation} operations over HTTP (POST /graphql).`,
};

/**
 * Refuses, at validation, an operation the transport does not serve: over HTTP a subscription (it needs a
 * connection that stays open), over the WebSocket a query or a mutation (those go through HTTP, with its request
 * limit and its CSRF checks), and anywhere an operation type the schema lacks. graphql-js 16 only finds out in
 * execution, where the error has no code and reaches the client as INTERNAL_SERVER_ERROR; refused here it is
 * GRAPHQL_VALIDATION_FAILED (HTTP 400), before anything runs.
 */
export function operationTypesRule(transport: Transport): ValidationRule {
  return (context) => {
    const schema = context.getSchema();
    return {
      OperationDefinition(node) {
        const subscription = node.operation === OperationTypeNode.SUBSCRIPTION;
        const served = transport === 'websocket' ? subscription : !subscription;
        if (served && schema.getRootType(node.operation)) return;
        const message = schema.getRootType(node.operation)
          ? elsewhere[transport](node.operation)
          : `This API has no ${node.operation} operations.`;
        context.reportError(new GraphQLError(message, { nodes: node }));
      },
    };
  };
}

/** The rule of POST /graphql: queries and mutations. */
export const knownOperationTypesRule: ValidationRule = operationTypesRule('http');
