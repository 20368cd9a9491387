/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Which kind of music v1 service the API talks to. */
export type MusicProvider =
  /** The local music service that ships with Graphonic: a full music v1 API with its own catalog. */
  | 'LOCAL'
  /** Spotify's Web API. */
  | 'SPOTIFY';

export type AppUpstreamQueryVariables = Exact<{ [key: string]: never; }>;


export type AppUpstreamQuery = { upstream: { provider: MusicProvider, name: string } };


export const AppUpstreamDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AppUpstream"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"upstream"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"provider"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<AppUpstreamQuery, AppUpstreamQueryVariables>;