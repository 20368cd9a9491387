/** The audio routes read the catalog through this path; the interface lives with the catalog. */
export type { ArtistAlbumRecord, CatalogStore, PageOf, PageRequest } from '../catalog/reads';
