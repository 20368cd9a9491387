/** What the api keeps on the server for a signed-in person; the browser sees only the cookie. */
export interface MusicSession {
  userId: string;
  displayName: string | null;
  accessToken: string;
  refreshToken: string | null;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** How long the access token lived when issued; absent in sessions from before it was kept. */
  lifetimeMs?: number;
  scopes: string[];
  /** The ID token of the sign-in, when the service offers OpenID Connect: the hint of the sign-out there. */
  idToken?: string;
}

declare module 'express-session' {
  interface SessionData {
    music?: MusicSession;
  }
}
