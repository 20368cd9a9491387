/**
 * The store's tables, declared once: each column with its PostgreSQL type and whether it may
 * be null. The row types every store reads and writes are derived from these declarations, and
 * rows.test.ts compares the declarations with the schema the migrations build
 * (information_schema.columns), so a migration that changes a column fails that test until the
 * declaration, and with it every store that reads the column, follows.
 *
 * A column's JavaScript type is the one both engines return for its SQL type (see open.ts):
 * integer, bigint and real are numbers, timestamptz is a Date, arrays are arrays, jsonb is the
 * parsed value. Queries that compute a value (a count, an EXISTS, a JOIN's renamed column) add
 * it to a `Pick` of these rows.
 */

/** PostgreSQL's name of a column's type (information_schema.columns.udt_name). */
export type SqlType = 'text' | 'int4' | 'int8' | 'float4' | 'bool' | 'timestamptz' | 'uuid' | 'jsonb' | '_text';

/** One column: its SQL type, whether it may be null, and (as a type only) its JavaScript value. */
export interface Column<T, Nullable extends boolean = boolean> {
  readonly type: SqlType;
  readonly nullable: Nullable;
  /** Never set: carries the JavaScript type of the column's values. */
  readonly value?: T;
}

function column<T>(type: SqlType): Column<T, false> {
  return { type, nullable: false };
}

const text = (): Column<string, false> => column('text');
const int = (): Column<number, false> => column('int4');
const bigint = (): Column<number, false> => column('int8');
const real = (): Column<number, false> => column('float4');
const bool = (): Column<boolean, false> => column('bool');
const timestamptz = (): Column<Date, false> => column('timestamptz');
const uuid = (): Column<string, false> => column('uuid');
const textArray = (): Column<string[], false> => column('_text');
/** A jsonb column whose values the service writes, so it knows their shape. */
const jsonb = <T>(): Column<T, false> => column('jsonb');
function nullable<T>(declared: Column<T, false>): Column<T, true> {
  return { type: declared.type, nullable: true };
}

/** A row of a table as the engines return it. */
export type RowOf<Columns> = {
  -readonly [Name in keyof Columns]: Columns[Name] extends Column<infer T, infer Nullable>
    ? Nullable extends true
      ? T | null
      : T
    : never;
};

/** An album's copyright line, as the catalog stores it. */
export interface CopyrightJson {
  text: string;
  /** C for the copyright, P for the sound recording's. */
  type: 'C' | 'P';
}

export const tables = {
  schema_migrations: { version: int(), name: text(), checksum: text(), applied_at: timestamptz() },

  // The catalog (0001).
  catalog_meta: { singleton: bool(), seed: text(), sizes: jsonb<Record<string, number>>(), seeded_at: timestamptz() },
  artists: { id: text(), name: text(), genres: textArray(), popularity: int(), followers: int() },
  albums: {
    id: text(),
    name: text(),
    album_type: text(),
    total_tracks: int(),
    release_date: text(),
    release_date_precision: text(),
    label: text(),
    popularity: int(),
    upc: text(),
    copyrights: jsonb<CopyrightJson[]>(),
    genre: text(),
  },
  album_artists: { album_id: text(), position: int(), artist_id: text() },
  tracks: {
    id: text(),
    album_id: text(),
    name: text(),
    disc_number: int(),
    track_number: int(),
    duration_ms: int(),
    explicit: bool(),
    popularity: int(),
    isrc: text(),
    acousticness: real(),
    danceability: real(),
    energy: real(),
    instrumentalness: real(),
    key: int(),
    liveness: real(),
    loudness: real(),
    mode: int(),
    speechiness: real(),
    tempo: real(),
    time_signature: int(),
    valence: real(),
  },
  track_artists: { track_id: text(), position: int(), artist_id: text() },
  categories: { id: text(), name: text(), genres: textArray(), position: int() },
  shows: {
    id: text(),
    name: text(),
    publisher: text(),
    description: text(),
    languages: textArray(),
    media_type: text(),
    explicit: bool(),
  },
  episodes: {
    id: text(),
    show_id: text(),
    name: text(),
    description: text(),
    duration_ms: int(),
    language: text(),
    release_date: text(),
    explicit: bool(),
  },
  playlists: {
    id: text(),
    owner_id: text(),
    name: text(),
    description: nullable(text()),
    public: bool(),
    collaborative: bool(),
    snapshot_id: text(),
    created_at: timestamptz(),
    updated_at: timestamptz(),
  },
  playlist_categories: { playlist_id: text(), category_id: text() },
  playlist_items: {
    id: bigint(),
    playlist_id: text(),
    position: int(),
    track_id: nullable(text()),
    episode_id: nullable(text()),
    added_at: timestamptz(),
    added_by: nullable(text()),
  },
  playlist_covers: {
    playlist_id: text(),
    jpeg_base64: text(),
    width: int(),
    height: int(),
    digest: text(),
    uploaded_at: timestamptz(),
  },

  // Listeners and their libraries (0002, 0003).
  users: {
    id: text(),
    account_id: uuid(),
    display_name: nullable(text()),
    email: nullable(text()),
    password_hash: nullable(text()),
    country: text(),
    product: text(),
    explicit_filter_enabled: bool(),
    explicit_filter_locked: bool(),
    created_at: timestamptz(),
  },
  saved_tracks: { user_id: text(), track_id: text(), added_at: timestamptz() },
  saved_albums: { user_id: text(), album_id: text(), added_at: timestamptz() },
  saved_shows: { user_id: text(), show_id: text(), added_at: timestamptz() },
  saved_episodes: { user_id: text(), episode_id: text(), added_at: timestamptz() },
  followed_artists: { user_id: text(), artist_id: text(), followed_at: timestamptz() },
  followed_users: { user_id: text(), followed_id: text(), followed_at: timestamptz() },
  followed_playlists: { user_id: text(), playlist_id: text(), public: bool(), followed_at: timestamptz() },
  plays: {
    id: bigint(),
    user_id: text(),
    track_id: nullable(text()),
    episode_id: nullable(text()),
    context_uri: nullable(text()),
    played_at: timestamptz(),
  },
  episode_progress: {
    user_id: text(),
    episode_id: text(),
    position_ms: int(),
    fully_played: bool(),
    updated_at: timestamptz(),
  },
  devices: {
    id: text(),
    user_id: text(),
    name: text(),
    type: text(),
    is_private_session: bool(),
    is_restricted: bool(),
    supports_volume: bool(),
    volume_percent: int(),
    registered_at: timestamptz(),
    last_seen_at: timestamptz(),
    registered_by_client: bool(),
  },
  // The player's state is the engine's own JSON (../player/engine.ts), typed where it is read.
  player_states: { user_id: text(), state: jsonb<unknown>(), is_playing: bool(), updated_at: timestamptz() },

  // Sign-in and OAuth (0004, 0005, 0009).
  oauth_clients: {
    client_id: text(),
    secret_hash: nullable(text()),
    name: text(),
    redirect_uris: textArray(),
    created_at: timestamptz(),
  },
  authorization_codes: {
    code_hash: text(),
    client_id: text(),
    user_id: text(),
    redirect_uri: text(),
    scopes: textArray(),
    code_challenge: nullable(text()),
    expires_at: timestamptz(),
    used_at: nullable(timestamptz()),
    family_id: nullable(uuid()),
    nonce: nullable(text()),
    auth_time: nullable(timestamptz()),
  },
  token_families: {
    id: uuid(),
    client_id: text(),
    user_id: nullable(text()),
    scopes: textArray(),
    created_at: timestamptz(),
    expires_at: timestamptz(),
    revoked_at: nullable(timestamptz()),
  },
  access_tokens: {
    token_hash: text(),
    family_id: uuid(),
    expires_at: timestamptz(),
    created_at: timestamptz(),
    revoked_at: nullable(timestamptz()),
  },
  refresh_tokens: {
    token_hash: text(),
    family_id: uuid(),
    created_at: timestamptz(),
    used_at: nullable(timestamptz()),
  },
  consents: { user_id: text(), client_id: text(), scopes: textArray(), granted_at: timestamptz() },
  account_sessions: {
    id_hash: text(),
    user_id: nullable(text()),
    csrf_token: text(),
    expires_at: timestamptz(),
    created_at: timestamptz(),
  },
  sign_in_attempts: {
    id: bigint(),
    username: text(),
    address: text(),
    attempted_at: timestamptz(),
    outcome: nullable(text()),
  },
  sign_in_links: {
    token_hash: text(),
    user_id: text(),
    continue_query: text(),
    created_at: timestamptz(),
    expires_at: timestamptz(),
    used_at: nullable(timestamptz()),
  },
  sign_in_link_requests: { id: bigint(), email: text(), address: text(), requested_at: timestamptz() },
  email_outbox: {
    id: bigint(),
    to_address: text(),
    subject: text(),
    text_body: text(),
    html_body: text(),
    created_at: timestamptz(),
  },
  device_codes: {
    device_code_hash: text(),
    user_code_hash: text(),
    client_id: text(),
    scopes: textArray(),
    status: text(),
    user_id: nullable(text()),
    interval_seconds: int(),
    last_polled_at: nullable(timestamptz()),
    created_at: timestamptz(),
    expires_at: timestamptz(),
    decided_at: nullable(timestamptz()),
    used_at: nullable(timestamptz()),
    family_id: nullable(uuid()),
    requested_from: nullable(text()),
  },
  user_code_attempts: { id: bigint(), address: text(), attempted_at: timestamptz(), outcome: nullable(text()) },
  signing_keys: {
    kid: text(),
    alg: text(),
    public_jwk: jsonb<Record<string, unknown>>(),
    private_jwk: jsonb<Record<string, unknown>>(),
    created_at: timestamptz(),
  },
} as const satisfies Record<string, Record<string, Column<unknown>>>;

export type Tables = typeof tables;
export type TableName = keyof Tables;

export type ArtistRow = RowOf<Tables['artists']>;
export type AlbumRow = RowOf<Tables['albums']>;
export type AlbumArtistRow = RowOf<Tables['album_artists']>;
export type TrackRow = RowOf<Tables['tracks']>;
export type TrackArtistRow = RowOf<Tables['track_artists']>;
export type CategoryRow = RowOf<Tables['categories']>;
export type ShowRow = RowOf<Tables['shows']>;
export type EpisodeRow = RowOf<Tables['episodes']>;
export type PlaylistTableRow = RowOf<Tables['playlists']>;
export type PlaylistCategoryRow = RowOf<Tables['playlist_categories']>;
export type PlaylistItemTableRow = RowOf<Tables['playlist_items']>;
export type PlaylistCoverRow = RowOf<Tables['playlist_covers']>;
export type UserRow = RowOf<Tables['users']>;
export type SavedTrackRow = RowOf<Tables['saved_tracks']>;
export type SavedAlbumRow = RowOf<Tables['saved_albums']>;
export type SavedShowRow = RowOf<Tables['saved_shows']>;
export type SavedEpisodeRow = RowOf<Tables['saved_episodes']>;
export type FollowedArtistRow = RowOf<Tables['followed_artists']>;
export type FollowedUserRow = RowOf<Tables['followed_users']>;
export type FollowedPlaylistRow = RowOf<Tables['followed_playlists']>;
export type PlayRow = RowOf<Tables['plays']>;
export type EpisodeProgressRow = RowOf<Tables['episode_progress']>;
export type DeviceRow = RowOf<Tables['devices']>;
export type PlayerStateRow = RowOf<Tables['player_states']>;
export type OAuthClientRow = RowOf<Tables['oauth_clients']>;
export type AuthorizationCodeRow = RowOf<Tables['authorization_codes']>;
export type TokenFamilyRow = RowOf<Tables['token_families']>;
export type AccessTokenRow = RowOf<Tables['access_tokens']>;
export type RefreshTokenRow = RowOf<Tables['refresh_tokens']>;
export type ConsentRow = RowOf<Tables['consents']>;
export type AccountSessionRow = RowOf<Tables['account_sessions']>;
export type SignInAttemptRow = RowOf<Tables['sign_in_attempts']>;
export type SignInLinkRow = RowOf<Tables['sign_in_links']>;
export type SignInLinkRequestRow = RowOf<Tables['sign_in_link_requests']>;
export type EmailOutboxRow = RowOf<Tables['email_outbox']>;
export type SigningKeyRow = RowOf<Tables['signing_keys']>;
export type DeviceCodeRow = RowOf<Tables['device_codes']>;
export type UserCodeAttemptRow = RowOf<Tables['user_code_attempts']>;

/** The declared columns, as the schema test compares them: table → column → type and nullability. */
export function declaredColumns(): Record<string, Record<string, { type: SqlType; nullable: boolean }>> {
  return Object.fromEntries(
    Object.entries(tables).map(([table, columns]) => [
      table,
      Object.fromEntries(
        Object.entries(columns).map(([name, declared]: [string, Column<unknown>]) => [
          name,
          { type: declared.type, nullable: declared.nullable },
        ]),
      ),
    ]),
  );
}
