/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type ListenerPlaylistsQueryVariables = Exact<{
  first: number;
}>;


export type ListenerPlaylistsQuery = { me: { id: string, displayName: string | null, playlists: { totalCount: number, nodes: Array<{ id: string, name: string, public: boolean | null, owner: { id: string, displayName: string | null } }> } } | null };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}

export const ListenerPlaylistsDocument = new TypedDocumentString(`
    query ListenerPlaylists($first: Int!) {
  me {
    id
    displayName
    playlists(first: $first) {
      totalCount
      nodes {
        id
        name
        public
        owner {
          id
          displayName
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ListenerPlaylistsQuery, ListenerPlaylistsQueryVariables>;