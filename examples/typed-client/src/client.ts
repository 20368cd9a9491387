import type { TypedDocumentString } from '../__generated__/graphql';

/**
 * A minimal typed client of the Graphonic GraphQL API: it sends an operation with the listener's
 * music access token (`Authorization: Bearer …`), and its answer has the operation's own type.
 */

/** One error of a GraphQL answer; `extensions.code` is one of docs/errors.md. */
export interface GraphonicError {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string };
}

/** An answer with errors in it: the data that did resolve, and the errors. */
export class GraphonicRequestError extends Error {
  constructor(
    readonly status: number,
    readonly errors: readonly GraphonicError[],
  ) {
    super(
      errors.map((error) => `${error.extensions?.code ?? 'ERROR'}: ${error.message}`).join('; ') ||
        `HTTP ${String(status)}`,
    );
    this.name = 'GraphonicRequestError';
  }
}

export interface GraphonicClient {
  request<Result, Variables>(document: TypedDocumentString<Result, Variables>, variables: Variables): Promise<Result>;
}

export interface ClientOptions {
  /** The api's GraphQL endpoint, such as `http://127.0.0.1:4000/graphql`. */
  url: string;
  /** A music v1 access token of the listener (`npm run music -- token --user NAME --scopes "…"`). */
  token: string;
}

export function createGraphonicClient({ url, token }: ClientOptions): GraphonicClient {
  async function request<Result, Variables>(
    document: TypedDocumentString<Result, Variables>,
    variables: Variables,
  ): Promise<Result> {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        // A JSON body: the api refuses simple (form or plain text) requests, as a defence against CSRF.
        'content-type': 'application/json',
      },
      body: JSON.stringify({ query: document.toString(), variables }),
    });
    const body = (await response.json().catch(() => ({}))) as { data?: Result | null; errors?: GraphonicError[] };
    if (!response.ok || (body.errors ?? []).length > 0 || body.data === undefined || body.data === null) {
      throw new GraphonicRequestError(response.status, body.errors ?? []);
    }
    // The api answered this very document: the data has the document's result type.
    return body.data;
  }
  return { request };
}
