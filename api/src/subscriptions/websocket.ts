import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApolloServerErrorCode } from '@apollo/server/errors';
import {
  getOperationAST,
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import type { ServerOptions, SubscribePayload, Context as WsContext } from 'graphql-ws';
import { useServer, type Extra } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Context } from '../context';
import type { ErrorFormatter } from '../graphql';
import { operationErrors, type OperationLimits } from '../limits/limits';
import { measureOperation } from '../limits/operation';
import { operationTypesRule } from '../security/operation-types';
import { firstMalformedText } from '../security/well-formed-text';
import { defaultSubscriptionCaps, SubscriptionCaps, type SubscriptionCapLimits } from './caps';

/**
 * GraphQL subscriptions over WebSocket (the graphql-transport-ws protocol of graphql-ws) at /graphql, on the
 * api's HTTP server (docs/decisions/033-live-player-over-graphql-ws.md). A connection says who it is once, when
 * it opens (`authenticate`): a bearer token in `connectionParams.authorization`, or the session cookie of the
 * upgrade request when it comes from the app's own origin. Every subscription document is held to the same
 * operation limits as an HTTP request before anything runs, and to the subscription caps; queries and mutations
 * go over HTTP.
 */

/** Who a connection acts for; null when it is anonymous (its subscriptions answer UNAUTHENTICATED). */
export interface ConnectionAuth {
  /** Whose player and share: `user:<id>`. */
  listener: string;
}

export interface LiveServerOptions<A extends ConnectionAuth> {
  schema: GraphQLSchema;
  limits: OperationLimits;
  formatError: ErrorFormatter;
  logger: Logger;
  /** Who the connection is, from its upgrade request and its `connectionParams`. */
  authenticate(request: IncomingMessage, params: Readonly<Record<string, unknown>> | undefined): Promise<A | null>;
  /** The context of one subscription of an authenticated connection. */
  contextFor(auth: A): Context;
  /**
   * Refuses a subscription's document before it is parsed (trusted documents: a connection without a bearer
   * token runs the web build's operations only); null lets it go on.
   */
  untrusted?(auth: A | null, payload: { query: string }): GraphQLError | null;
  /** Counts a subscription against the listener's request limit: the wait in milliseconds (0 to go ahead). */
  admit?(auth: A): Promise<number>;
  caps?: SubscriptionCapLimits;
  /** Between two pings; a peer that has not answered one by the next is cut. Default 5 s. */
  keepAliveMs?: number;
  /** How long a new connection may take to say `connection_init`. Default 3 s. */
  connectionInitWaitTimeoutMs?: number;
  /** How long a connection may stay without any subscription: signed in, and anonymous. Default 60 s and 10 s. */
  idleMs?: { authenticated: number; anonymous: number };
}

interface Connection<A> {
  auth: A | null;
  idle: ReturnType<typeof setTimeout> | undefined;
}

export interface LiveServer {
  /** Serves WebSocket upgrades of /graphql on `server`. */
  attach(server: Server): void;
  /** Closes every connection (1001, going away) and stops taking new ones. */
  close(): Promise<void>;
  stats(): { connections: number; subscriptions: number };
}

const unauthenticated = (): GraphQLError =>
  new GraphQLError(
    "Sign in to subscribe: a session cookie of the app's own origin, or connectionParams.authorization: 'Bearer <token>'.",
    { extensions: { code: 'UNAUTHENTICATED' } },
  );

function coded(error: GraphQLError, code: string): GraphQLError {
  if (error.extensions.code !== undefined) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: { ...error.extensions, code },
  });
}

/**
 * Holds a subscription's document to what an HTTP request's is held to, before anything runs: its size, its
 * validity (subscriptions only over a WebSocket), one operation named, well-formed text and the operation limits.
 * Answers the parsed document, or the errors to send back.
 */
export function checkDocument(
  schema: GraphQLSchema,
  limits: OperationLimits,
  rules: ValidationRule[],
  payload: { query: string; operationName?: string | null; variables?: Record<string, unknown> | null },
): GraphQLError[] | { document: DocumentNode; variables: Record<string, unknown> | undefined } {
  let document: DocumentNode;
  try {
    // Bounds the document's size before it is parsed, as over HTTP.
    document = parse(payload.query, { maxLexicalTokens: limits.maxTokens });
  } catch (error) {
    return [coded(error instanceof GraphQLError ? error : new GraphQLError(String(error)), 'GRAPHQL_PARSE_FAILED')];
  }
  const invalid = validate(schema, document, rules);
  if (invalid.length > 0) return invalid.map((error) => coded(error, 'GRAPHQL_VALIDATION_FAILED'));
  const operation = getOperationAST(document, payload.operationName);
  if (!operation) {
    return [
      new GraphQLError('Name the operation to run (operationName): the document holds several, or none.', {
        extensions: { code: ApolloServerErrorCode.OPERATION_RESOLUTION_FAILURE },
      }),
    ];
  }
  const variables = payload.variables ?? undefined;
  const malformed = firstMalformedText(variables);
  if (malformed !== null) {
    return [
      new GraphQLError(`${malformed} is not well-formed Unicode text: it holds a lone surrogate.`, {
        extensions: { code: 'BAD_USER_INPUT' },
      }),
    ];
  }
  const [limit] = operationErrors(measureOperation({ schema, document, operation, variables }), limits, operation);
  return limit ? [limit] : { document, variables };
}

/** How long a connection may stay without any subscription: signed in, and anonymous. */
interface IdleLimits {
  authenticated: number;
  anonymous: number;
}

type LiveSocketContext = WsContext<Record<string, unknown> | undefined, Extra>;

/** The live server's connections: who each acts for, and its close once it holds no subscription for a while. */
class LiveConnections<A extends ConnectionAuth> {
  private readonly connections = new WeakMap<WebSocket, Connection<A>>();

  constructor(
    private readonly caps: SubscriptionCaps,
    private readonly idleMs: IdleLimits,
  ) {}

  get(socket: WebSocket): Connection<A> | undefined {
    return this.connections.get(socket);
  }

  /** Records a new connection, which says who it is once, and starts its idle watch. */
  open(socket: WebSocket, auth: A | null): void {
    const connection: Connection<A> = { auth, idle: undefined };
    this.connections.set(socket, connection);
    this.watchIdle(socket, connection);
  }

  /** Closes a connection that holds no subscription for a while (anonymous ones sooner). */
  watchIdle(socket: WebSocket, connection: Connection<A>): void {
    if (connection.idle) clearTimeout(connection.idle);
    connection.idle = undefined;
    if (this.caps.of(socket) > 0) return;
    const ms = connection.auth ? this.idleMs.authenticated : this.idleMs.anonymous;
    connection.idle = setTimeout(() => socket.close(1000, 'Idle'), ms);
    connection.idle.unref();
  }

  /** Frees subscription `id`'s place; the connection may then be idle. */
  release(socket: WebSocket, id: string): void {
    this.caps.release(socket, id);
    const connection = this.connections.get(socket);
    if (connection) this.watchIdle(socket, connection);
  }

  /** Frees every place of a closed connection and stops its idle watch. */
  close(socket: WebSocket): void {
    this.caps.releaseAll(socket);
    const connection = this.connections.get(socket);
    if (connection?.idle) clearTimeout(connection.idle);
  }
}

/** Who a new connection acts for; null when it is anonymous or its credentials could not be checked. */
async function authenticateConnection<A extends ConnectionAuth>(
  options: Pick<LiveServerOptions<A>, 'authenticate' | 'logger'>,
  ctx: LiveSocketContext,
): Promise<A | null> {
  try {
    return await options.authenticate(ctx.extra.request, ctx.connectionParams);
  } catch (error) {
    options.logger.warn({ err: error }, 'a WebSocket connection could not be authenticated');
    return null;
  }
}

/** An error as a WebSocket message carries it: always with a code, and passed through `formatError`. */
function formatLiveError(formatError: ErrorFormatter, error: GraphQLError): GraphQLFormattedError {
  const withCode = coded(error, ApolloServerErrorCode.INTERNAL_SERVER_ERROR);
  // `http` tells the HTTP transport its status (Apollo removes it there): no part of a WebSocket message.
  const { http: _http, ...extensions } = withCode.extensions;
  return formatError({ ...withCode.toJSON(), extensions }, withCode);
}

/** The answer to a subscription that must wait `waitMs` before the listener's request limit lets it in. */
function rateLimited(waitMs: number): GraphQLError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new GraphQLError(`Too many requests; try again in ${String(seconds)} seconds.`, {
    extensions: { code: 'RATE_LIMITED', retryAfterSeconds: seconds },
  });
}

/**
 * Lets a subscription run, or answers why not, in this order: trusted documents, the document's checks, the
 * connection's sign-in, the listener's request limit and the subscription caps.
 */
async function startSubscription<A extends ConnectionAuth>(
  options: LiveServerOptions<A>,
  rules: ValidationRule[],
  connections: LiveConnections<A>,
  caps: SubscriptionCaps,
  ctx: LiveSocketContext,
  id: string,
  payload: SubscribePayload,
): Promise<readonly GraphQLError[] | ExecutionArgs> {
  const { schema, limits } = options;
  const connection = connections.get(ctx.extra.socket);
  const untrusted = options.untrusted?.(connection?.auth ?? null, payload);
  if (untrusted) return [untrusted];
  const checked = checkDocument(schema, limits, rules, payload);
  if (Array.isArray(checked)) return checked;
  const { document, variables } = checked;
  const auth = connection?.auth;
  if (!connection || !auth) return [unauthenticated()];
  const wait = (await options.admit?.(auth)) ?? 0;
  if (wait > 0) return [rateLimited(wait)];
  const refused = caps.reserve(ctx.extra.socket, id, auth.listener);
  if (refused) return [refused];
  connections.watchIdle(ctx.extra.socket, connection);
  return {
    schema,
    document,
    operationName: payload.operationName,
    variableValues: variables,
    contextValue: options.contextFor(auth),
  };
}

/** The graphql-transport-ws server of the live server's connections. */
function liveProtocol<A extends ConnectionAuth>(
  options: LiveServerOptions<A>,
  connections: LiveConnections<A>,
  caps: SubscriptionCaps,
): ServerOptions<Record<string, unknown> | undefined, Extra> & { isProd: boolean } {
  const rules = [...specifiedRules, operationTypesRule('websocket')];
  const format = (error: GraphQLError): GraphQLFormattedError => formatLiveError(options.formatError, error);
  return {
    schema: options.schema,
    connectionInitWaitTimeout: options.connectionInitWaitTimeoutMs ?? 3000,
    // Internal errors never name their cause to the client in production (formatError decides the rest).
    isProd: true,
    onConnect: async (ctx) => {
      connections.open(ctx.extra.socket, await authenticateConnection(options, ctx));
      return true;
    },
    onSubscribe: (ctx, id, payload) => startSubscription(options, rules, connections, caps, ctx, id, payload),
    onNext: (_ctx, _id, _payload, _args, result) => {
      if (!result.errors) return undefined;
      return { ...result, errors: result.errors.map(format) };
    },
    onError: (ctx, id, _payload, errors) => {
      connections.release(ctx.extra.socket, id);
      return errors.map(format);
    },
    onComplete: (ctx, id) => connections.release(ctx.extra.socket, id),
    onClose: (ctx) => connections.close(ctx.extra.socket),
  };
}

/** Serves WebSocket upgrades of /graphql on `server` with `wss`. */
function upgradeHandler(
  wss: WebSocketServer,
  server: Server,
): (request: IncomingMessage, socket: Duplex, head: Buffer) => void {
  return (request, socket, head) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== '/graphql') {
      // Another upgrade handler (the web client's development server) may serve it; with none, it is refused.
      if (server.listenerCount('upgrade') <= 1) socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (client) => wss.emit('connection', client, request));
  };
}

export function createLiveServer<A extends ConnectionAuth>(options: LiveServerOptions<A>): LiveServer {
  const caps = new SubscriptionCaps(options.caps ?? defaultSubscriptionCaps);
  const connections = new LiveConnections<A>(caps, options.idleMs ?? { authenticated: 60_000, anonymous: 10_000 });
  // The same bound on the size of the body as POST /graphql: larger messages close the connection (1009).
  const wss = new WebSocketServer({ noServer: true, maxPayload: 100 * 1024 });
  let open = 0;
  wss.on('connection', (socket) => {
    open += 1;
    socket.once('close', () => (open -= 1));
  });

  const server = useServer(liveProtocol(options, connections, caps), wss, options.keepAliveMs ?? 5000);

  const attached: { server: Server; listener: ReturnType<typeof upgradeHandler> }[] = [];
  let closing: Promise<void> | undefined;
  return {
    attach(httpServer) {
      const listener = upgradeHandler(wss, httpServer);
      httpServer.on('upgrade', listener);
      attached.push({ server: httpServer, listener });
    },
    close() {
      for (const { server: httpServer, listener } of attached.splice(0)) httpServer.off('upgrade', listener);
      closing ??= Promise.resolve(server.dispose());
      return closing;
    },
    stats: () => ({ connections: open, subscriptions: caps.total() }),
  };
}
