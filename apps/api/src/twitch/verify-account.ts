import { type Db, setVerifiedTwitchAccount } from '@shop/db';
import { TWITCH_VERIFY_MSG } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../env';
import { TwitchError } from './helix-client';
import { exchangeCode } from './oauth';
import type { TwitchTokenStore } from './token-store';

export interface VerifyAccountDeps {
  db: Db;
  config: Pick<Config, 'twitch'>;
  twitchTokens: Pick<TwitchTokenStore, 'credentials' | 'helix'>;
  log: FastifyBaseLogger;
}

/** Where a viewer comes back to after 'Verify with Twitch': the dashboard, whose first tab is the profile. */
export const VERIFY_RETURN_PAGE = '/dashboard';

/**
 * The second half of 'Verify with Twitch': trades the code for a user token, asks Helix whose it is
 * and stores that account's id as this viewer's proof. The token itself is not kept: the shop needs
 * to know who the viewer is on Twitch once, not to act for them. Returns the query the viewer is sent
 * back with (`twitch=verified`, or `twitch=error&reason=...`).
 */
export async function verifyTwitchAccount(
  services: VerifyAccountDeps,
  userId: number,
  code: string,
  redirectUri: string,
): Promise<Record<string, string>> {
  const credentials = services.twitchTokens.credentials();
  const helix = services.twitchTokens.helix();
  if (!credentials || !helix) return { twitch: 'not-configured' };
  try {
    const tokens = await exchangeCode(services.config.twitch, credentials, code, redirectUri);
    const account = await helix.tokenUser(tokens.accessToken);
    if (!account) return { twitch: 'error', reason: 'Twitch did not say which account signed in' };
    const result = await setVerifiedTwitchAccount(services.db.kysely, userId, { id: account.id, login: account.login });
    if (result === 'taken') return { twitch: 'error', reason: TWITCH_VERIFY_MSG.taken };
    services.log.info({ userId, twitchLogin: account.login }, 'Twitch account verified');
    return { twitch: 'verified', login: account.login };
  } catch (error) {
    if (!(error instanceof TwitchError)) throw error;
    services.log.warn({ userId, reason: error.message }, 'Twitch verification failed');
    return { twitch: 'error', reason: error.message };
  }
}
