import { describe, expect, it } from 'vitest';
import { documentExportName, inlineDocuments, readGeneratedDocuments } from './graphql-documents';

describe('inlining generated documents', () => {
  it("names documents as codegen's client preset does", () => {
    expect(documentExportName('\n  query Home($browse: Boolean!) {')).toBe('HomeDocument');
    expect(documentExportName('mutation CreatePlaylist($input: X!) {')).toBe('CreatePlaylistDocument');
    expect(documentExportName('  fragment TrackRow_item on PlayableItem {')).toBe('TrackRow_ItemFragmentDoc');
    expect(documentExportName('# a comment\nquery Viewer {')).toBe('ViewerDocument');
    expect(documentExportName('{ me { id } }')).toBeUndefined();
  });

  it('replaces each graphql() call by its own document and leaves modules without one alone', () => {
    const generated = [
      'export const HomeDocument = {"kind":"Document","definitions":[]} as unknown as DocumentNode<HomeQuery, HomeQueryVariables>;',
      'export const Row_ItemFragmentDoc = {"kind":"Document","definitions":[1]} as unknown as DocumentNode<Row_ItemFragment, unknown>;',
    ].join('\n');
    const documents = readGeneratedDocuments(generated);
    expect([...documents.keys()]).toEqual(['HomeDocument', 'Row_ItemFragmentDoc']);
    const code =
      'const a = graphql(`\n query Home { me { id } }\n`);\nconst b = graphql(`fragment Row_item on Track { id }`);';
    expect(inlineDocuments(code, documents)).toBe(
      'const a = JSON.parse("{\\"kind\\":\\"Document\\",\\"definitions\\":[]}");\nconst b = JSON.parse("{\\"kind\\":\\"Document\\",\\"definitions\\":[1]}");',
    );
    expect(inlineDocuments('const x = 1;', documents)).toBeNull();
    // The names inlined: the build writes the manifest of these operations.
    const inlined = new Set<string>();
    inlineDocuments('const a = graphql(`query Home { me { id } }`);', documents, inlined);
    expect([...inlined]).toEqual(['HomeDocument']);
  });

  it('refuses a document that codegen has not generated yet', () => {
    expect(() => inlineDocuments('graphql(`query Missing { me { id } }`)', new Map())).toThrow(/npm run codegen/);
  });
});
