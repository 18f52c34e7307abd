import { randomBytes } from 'node:crypto';
import type { UserRow } from '@shop/db';
import { consumeOauthState, insertOauthState } from '@shop/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../env';
import { sendError } from '../http/send-error';
import type { SecretBox } from '../security/secret-box';
import { TwitchError } from './helix-client';
import {
  authorizeUrl,
  CHATTERS_SCOPE,
  exchangeCode,
  TWITCH_AUTH_PATH,
  TWITCH_CALLBACK_PATH,
  TWITCH_VERIFY_PATH,
} from './oauth';
import type { TwitchTokenStore } from './token-store';
import { VERIFY_RETURN_PAGE, type VerifyAccountDeps, verifyTwitchAccount } from './verify-account';

export interface OAuthRouteDeps extends VerifyAccountDeps {
  config: Pick<Config, 'twitch' | 'publicOrigin'>;
  twitchTokens: Pick<TwitchTokenStore, 'credentials' | 'helix' | 'save'>;
  secretBox: Pick<SecretBox, 'unavailableReason'>;
  now: () => number;
}

/** Who is signed in on this request (the session cookie, renewed when due). */
export type SessionReader = (
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<{ user: UserRow | null; sessionId: string | null }>;

/** How long the broadcaster has to approve on Twitch. */
const STATE_TTL_MS = 10 * 60_000;
const RETURN_PAGE = '/admin/watch-time';

const redirectTo = (page: string) => (reply: FastifyReply, query: Record<string, string>) =>
  reply.redirect(`${page}?${new URLSearchParams(query).toString()}`, 302);
const back = redirectTo(RETURN_PAGE);
const backToProfile = redirectTo(VERIFY_RETURN_PAGE);

const NO_CHANNEL = "TWITCH_CHANNEL is not set: set it to the channel's login, then authorize as that account";

/** Where Twitch sends the broadcaster back: PUBLIC_ORIGIN, else the origin this request came to. */
function callbackUrl(services: Pick<OAuthRouteDeps, 'config'>, req: FastifyRequest): string {
  // Through URL so a default port (localhost:80) is dropped, as Twitch compares redirect URIs exactly.
  const origin = services.config.publicOrigin ?? new URL(`${req.protocol}://${req.host}`).origin;
  return `${origin}${TWITCH_CALLBACK_PATH}`;
}

/**
 * Two authorization-code flows share one callback (one redirect URI to register with Twitch): the
 * broadcaster's authorization (scope moderator:read:chatters), started by an admin from the Watch
 * Time page, and a viewer's 'Verify with Twitch' (no scope), started from the profile. The state value
 * is random, bound to the session that started the flow, says which flow it is, lives 10 minutes and
 * is consumed by the first callback that presents it.
 */
export function registerTwitchOAuthRoutes(
  app: FastifyInstance,
  services: OAuthRouteDeps,
  session: SessionReader,
): void {
  app.get(TWITCH_AUTH_PATH, async (req, reply) => {
    const ctx = await session(req, reply);
    if (!ctx.user || !ctx.sessionId) return sendError(reply, 401, 'You must be logged in');
    if (ctx.user.is_admin !== 1) return sendError(reply, 403, 'Admin access required');
    const credentials = services.twitchTokens.credentials();
    if (!credentials) return back(reply, { twitch: 'not-configured' });
    // The grant must come from the channel's own account (checked at the callback): without a
    // channel to compare with, a trip to Twitch could only end in that refusal.
    if (!services.config.twitch.channel) return back(reply, { twitch: 'error', reason: NO_CHANNEL });
    const keyProblem = services.secretBox.unavailableReason();
    if (keyProblem) return back(reply, { twitch: 'error', reason: keyProblem });
    const state = randomBytes(24).toString('hex');
    const now = services.now();
    await insertOauthState(services.db.kysely, state, ctx.sessionId, now + STATE_TTL_MS, now);
    return reply.redirect(
      authorizeUrl(services.config.twitch, credentials.clientId, callbackUrl(services, req), state),
      302,
    );
  });

  app.get(TWITCH_VERIFY_PATH, async (req, reply) => {
    const ctx = await session(req, reply);
    if (!ctx.user || !ctx.sessionId) return sendError(reply, 401, 'You must be logged in');
    const credentials = services.twitchTokens.credentials();
    if (!credentials) return backToProfile(reply, { twitch: 'not-configured' });
    const state = randomBytes(24).toString('hex');
    const now = services.now();
    await insertOauthState(services.db.kysely, state, ctx.sessionId, now + STATE_TTL_MS, now, 'verify');
    return reply.redirect(
      authorizeUrl(services.config.twitch, credentials.clientId, callbackUrl(services, req), state, ''),
      302,
    );
  });

  app.get(TWITCH_CALLBACK_PATH, async (req, reply) => {
    const query = req.query as Record<string, unknown>;
    const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string).slice(0, 512) : '');
    const ctx = await session(req, reply);
    // Who is asking comes first: an anonymous caller learns nothing about the state it sent.
    if (!ctx.user || !ctx.sessionId) return sendError(reply, 401, 'You must be logged in');
    const state = text('state');
    const purpose =
      state === '' ? null : await consumeOauthState(services.db.kysely, state, ctx.sessionId, services.now());
    if (purpose === 'broadcaster' && ctx.user.is_admin !== 1) return sendError(reply, 403, 'Admin access required');
    if (!purpose) {
      return sendError(
        reply,
        400,
        'This Twitch authorization is not valid (unknown, expired or already used state, or another session). Start again from the page you came from.',
      );
    }
    if (purpose === 'verify') {
      if (text('error')) {
        return backToProfile(reply, { twitch: 'error', reason: text('error_description') || text('error') });
      }
      if (!text('code')) return backToProfile(reply, { twitch: 'error', reason: 'Twitch sent no authorization code' });
      return backToProfile(
        reply,
        await verifyTwitchAccount(services, ctx.user.id, text('code'), callbackUrl(services, req)),
      );
    }
    if (text('error')) return back(reply, { twitch: 'error', reason: text('error_description') || text('error') });
    const code = text('code');
    const credentials = services.twitchTokens.credentials();
    const helix = services.twitchTokens.helix();
    if (!code) return back(reply, { twitch: 'error', reason: 'Twitch sent no authorization code' });
    if (!credentials || !helix) return back(reply, { twitch: 'not-configured' });
    try {
      const tokens = await exchangeCode(services.config.twitch, credentials, code, callbackUrl(services, req));
      if (tokens.scopes.length > 0 && !tokens.scopes.includes(CHATTERS_SCOPE)) {
        return back(reply, { twitch: 'error', reason: `Twitch did not grant ${CHATTERS_SCOPE}` });
      }
      const user = await helix.tokenUser(tokens.accessToken);
      if (!user) return back(reply, { twitch: 'error', reason: 'Twitch did not say which account authorized' });
      // An admin signed in to Twitch as themselves (or a moderator) would otherwise hand the shop a
      // token that reads some other chat, or none: watch-time rewards would quietly go to nobody.
      const channel = services.config.twitch.channel;
      if (!channel) return back(reply, { twitch: 'error', reason: NO_CHANNEL });
      if (user.login.toLowerCase() !== channel.toLowerCase()) {
        services.log.warn({ login: user.login, channel }, 'Twitch authorization by another account refused');
        return back(reply, {
          twitch: 'error',
          reason: `Authorize as the channel's own account (${channel}), not ${user.login}`,
        });
      }
      await services.twitchTokens.save(tokens, { id: user.id, login: user.login });
      services.log.info({ login: user.login }, 'Twitch broadcaster authorized the shop');
      return back(reply, { twitch: 'connected' });
    } catch (error) {
      if (!(error instanceof TwitchError)) throw error;
      services.log.warn({ reason: error.message }, 'Twitch authorization failed');
      return back(reply, { twitch: 'error', reason: error.message });
    }
  });
}
