import { type Db, getTwitchAuthorization, saveTwitchAuthorization, transactionWithRetry } from '@shop/db';
import type { TwitchConfig } from '../env';
import type { SecretBox } from '../security/secret-box';
import { HelixClient, TwitchError } from './helix-client';
import { refreshUserToken, type UserTokens } from './oauth';

/** Renew this long before expiry, so a tick never sends a dying token. */
const REFRESH_MARGIN_MS = 5 * 60_000;

export interface BroadcasterToken {
  broadcasterId: string;
  broadcasterLogin: string;
  accessToken: string;
}

/**
 * The broadcaster's user tokens, kept encrypted in the database (one row), renewed with the refresh
 * token before they expire. Every process reads the same row, so an authorization made through one
 * api process is used by all of them.
 */
export class TwitchTokenStore {
  constructor(
    private readonly db: Db,
    private readonly config: TwitchConfig,
    private readonly box: SecretBox,
    private readonly now: () => number,
  ) {}

  credentials(): { clientId: string; clientSecret: string } | null {
    const { clientId, clientSecret } = this.config;
    return clientId && clientSecret ? { clientId, clientSecret } : null;
  }

  helix(): HelixClient | null {
    const credentials = this.credentials();
    if (!credentials) return null;
    return new HelixClient({ ...credentials, apiBase: this.config.apiBase, authBase: this.config.authBase }, this.now);
  }

  /** Who authorized, without touching the tokens (null when nobody has). */
  async authorizedLogin(): Promise<string | null> {
    return (await getTwitchAuthorization(this.db.kysely))?.broadcasterLogin ?? null;
  }

  /** Stores a fresh grant for this broadcaster. */
  async save(tokens: UserTokens, broadcaster: { id: string; login: string }): Promise<void> {
    const row = {
      broadcasterId: broadcaster.id,
      broadcasterLogin: broadcaster.login,
      accessToken: this.box.seal(tokens.accessToken),
      refreshToken: this.box.seal(tokens.refreshToken),
      expiresAt: this.now() + tokens.expiresIn * 1000,
      scopes: tokens.scopes.join(' '),
    };
    const at = this.now();
    await transactionWithRetry(this.db, (tx) => saveTwitchAuthorization(tx, row, at));
  }

  /**
   * A usable access token, renewed first when it is about to expire (or when `forceRefresh`, after
   * Twitch refused it). Null when nobody has authorized.
   */
  async token(forceRefresh = false): Promise<BroadcasterToken | null> {
    const row = await getTwitchAuthorization(this.db.kysely);
    if (!row) return null;
    const broadcaster = { id: row.broadcasterId, login: row.broadcasterLogin };
    if (!forceRefresh && this.now() < row.expiresAt - REFRESH_MARGIN_MS) {
      return {
        broadcasterId: row.broadcasterId,
        broadcasterLogin: row.broadcasterLogin,
        accessToken: this.unseal(row.accessToken),
      };
    }
    const credentials = this.credentials();
    if (!credentials) throw new TwitchError('TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET are needed to renew the token');
    const renewed = await refreshUserToken(this.config, credentials, this.unseal(row.refreshToken));
    await this.save(renewed, broadcaster);
    return { broadcasterId: broadcaster.id, broadcasterLogin: broadcaster.login, accessToken: renewed.accessToken };
  }

  /** A stored token this key cannot open is a problem for the streamer to fix, not a crash. */
  private unseal(sealed: string): string {
    try {
      return this.box.open(sealed);
    } catch {
      throw new TwitchError(
        'the stored Twitch authorization cannot be read with the current SECRETS_KEY: authorize with Twitch again',
      );
    }
  }
}
