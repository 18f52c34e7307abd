import {
  CONVERSION_DESCRIPTION,
  redemptionReference,
  WATCH_REWARD_DESCRIPTION,
  watchRewardReference,
} from '@shop/domain';
import { isUniqueViolation } from '../connect';
import type { Executor } from '../executor';
import type { TwitchOauthPurpose } from '../schema';
import { credit } from './ledger';

/** Watch-time settings, rewards, the broadcaster's Twitch tokens and named secrets (DESIGN.md 'Earning'). */

export interface WatchTimeSettingsRow {
  enabled: boolean;
  rewardInterval: number;
  coinsPerInterval: number;
  lastUpdated: number | null;
}

export async function getWatchTimeSettings(db: Executor): Promise<WatchTimeSettingsRow> {
  const row = await db.selectFrom('watch_time_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return { enabled: false, rewardInterval: 10, coinsPerInterval: 5, lastUpdated: null };
  return {
    enabled: Number(row.enabled) === 1,
    rewardInterval: Number(row.reward_interval),
    coinsPerInterval: Number(row.coins_per_interval),
    lastUpdated: row.last_updated === null ? null : Number(row.last_updated),
  };
}

export async function updateWatchTimeSettings(
  db: Executor,
  change: { enabled?: boolean; rewardInterval?: number; coinsPerInterval?: number },
  now: number,
): Promise<void> {
  await db
    .updateTable('watch_time_settings')
    .set({
      ...(change.enabled === undefined ? {} : { enabled: change.enabled ? 1 : 0 }),
      ...(change.rewardInterval === undefined ? {} : { reward_interval: change.rewardInterval }),
      ...(change.coinsPerInterval === undefined ? {} : { coins_per_interval: change.coinsPerInterval }),
      last_updated: now,
    })
    .where('id', '=', 1)
    .execute();
}

export interface LinkedViewer {
  id: number;
  twitchUsername: string;
}

/**
 * Every active account that proved its Twitch account (simulated mode counts them all as watching).
 * A typed, unproven name is only a claim anyone can make, so no mode pays it.
 */
export async function listVerifiedViewers(db: Executor): Promise<LinkedViewer[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'twitch_username'])
    .where('twitch_user_id', 'is not', null)
    .where('disabled_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, twitchUsername: r.twitch_username ?? '' }));
}

/** The active accounts that proved one of these Twitch user ids (the ids Helix gives for chatters). */
export async function verifiedViewersByTwitchIds(db: Executor, twitchIds: readonly string[]): Promise<LinkedViewer[]> {
  const unique = [...new Set(twitchIds)];
  const found: LinkedViewer[] = [];
  // Chunks keep the IN list well inside both dialects' parameter limits.
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'twitch_username'])
      .where('twitch_user_id', 'in', unique.slice(i, i + 500))
      .where('disabled_at', 'is', null)
      .execute();
    for (const r of rows) found.push({ id: r.id, twitchUsername: r.twitch_username ?? '' });
  }
  return found.sort((a, b) => a.id - b.id);
}

/**
 * The account that proved this Twitch account: by its user id when the caller has one (a login can
 * be renamed on Twitch), else by its login. Claimed, unproved names never match.
 */
export async function findVerifiedTwitchUser(
  db: Executor,
  twitch: { id?: string | undefined; login: string },
): Promise<(LinkedViewer & { disabled: boolean }) | null> {
  let query = db
    .selectFrom('users')
    .select(['id', 'twitch_username', 'disabled_at'])
    .where('twitch_user_id', 'is not', null);
  query = twitch.id
    ? query.where('twitch_user_id', '=', twitch.id)
    : query.where('twitch_username', '=', twitch.login.trim().toLowerCase());
  const row = await query.orderBy('id').executeTakeFirst();
  return row ? { id: row.id, twitchUsername: row.twitch_username ?? '', disabled: row.disabled_at !== null } : null;
}

async function balanceOf(tx: Executor, userId: number): Promise<number> {
  const row = await tx.selectFrom('users').select('coin_balance').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.coin_balance);
}

/**
 * Pays one watch reward inside the caller's transaction: the ledger row (unique reference per viewer
 * and window) and the reward row, answering the balance after it. A window already paid (another
 * tick or another process got there first) fails with a unique violation.
 */
export async function awardWatchReward(
  tx: Executor,
  reward: { userId: number; coins: number; minutes: number; windowStart: number; now: number },
): Promise<number> {
  await credit(tx, {
    userId: reward.userId,
    amount: reward.coins,
    type: 'reward',
    description: WATCH_REWARD_DESCRIPTION,
    reference: watchRewardReference(reward.userId, reward.windowStart),
    now: reward.now,
  });
  await tx
    .insertInto('watch_time_rewards')
    .values({
      user_id: reward.userId,
      coins_awarded: reward.coins,
      watch_duration: reward.minutes,
      window_start: reward.windowStart,
      created_at: reward.now,
    })
    .execute();
  return balanceOf(tx, reward.userId);
}

export interface WatchTimeStats {
  totalRewardsToday: number;
  totalUsersRewarded: number;
  rewardCount: number;
}

export async function watchTimeStatsSince(db: Executor, since: number): Promise<WatchTimeStats> {
  const row = await db
    .selectFrom('watch_time_rewards')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('coins_awarded'), eb.lit(0)).as('coins'),
      eb.fn.count<number>('user_id').distinct().as('users'),
      eb.fn.countAll<number>().as('rewards'),
    ])
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return {
    totalRewardsToday: Number(row?.coins ?? 0),
    totalUsersRewarded: Number(row?.users ?? 0),
    rewardCount: Number(row?.rewards ?? 0),
  };
}

export interface WatchRewardRow {
  id: number;
  userId: number;
  username: string;
  coinsAwarded: number;
  watchDuration: number;
  createdAt: number;
}

export async function recentWatchRewards(db: Executor, limit: number): Promise<WatchRewardRow[]> {
  const rows = await db
    .selectFrom('watch_time_rewards as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'u.username', 'r.coins_awarded', 'r.watch_duration', 'r.created_at'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    username: r.username,
    coinsAwarded: Number(r.coins_awarded),
    watchDuration: Number(r.watch_duration),
    createdAt: Number(r.created_at),
  }));
}

/**
 * Credits one Streamer.bot redemption inside the caller's transaction, answering the balance after
 * it. The ledger reference is unique per redemption id: a second credit of it fails with a unique
 * violation.
 */
export async function creditRedemption(
  tx: Executor,
  redemption: { userId: number; coins: number; redemptionId: string; now: number },
): Promise<number> {
  await credit(tx, {
    userId: redemption.userId,
    amount: redemption.coins,
    type: 'conversion',
    description: CONVERSION_DESCRIPTION,
    reference: redemptionReference(redemption.redemptionId),
    now: redemption.now,
  });
  return balanceOf(tx, redemption.userId);
}

/** The coins a redemption was credited, or null when it was not. */
export async function redemptionCoins(db: Executor, redemptionId: string): Promise<number | null> {
  const row = await db
    .selectFrom('transactions')
    .select('amount')
    .where('reference', '=', redemptionReference(redemptionId))
    .executeTakeFirst();
  return row ? Number(row.amount) : null;
}

export interface TwitchAuthorizationRow {
  broadcasterId: string;
  broadcasterLogin: string;
  /** Encrypted, as stored. */
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  scopes: string;
}

export async function getTwitchAuthorization(db: Executor): Promise<TwitchAuthorizationRow | null> {
  const row = await db.selectFrom('twitch_authorization').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return null;
  return {
    broadcasterId: row.broadcaster_id,
    broadcasterLogin: row.broadcaster_login,
    accessToken: row.access_token,
    refreshToken: row.refresh_token,
    expiresAt: Number(row.expires_at),
    scopes: row.scopes,
  };
}

/** Replaces the one authorization (a new OAuth grant, or renewed tokens); run it in the caller's transaction. */
export async function saveTwitchAuthorization(tx: Executor, auth: TwitchAuthorizationRow, now: number): Promise<void> {
  const values = {
    broadcaster_id: auth.broadcasterId,
    broadcaster_login: auth.broadcasterLogin,
    access_token: auth.accessToken,
    refresh_token: auth.refreshToken,
    expires_at: auth.expiresAt,
    scopes: auth.scopes,
    updated_at: now,
  };
  await tx.deleteFrom('twitch_authorization').where('id', '=', 1).execute();
  await tx
    .insertInto('twitch_authorization')
    .values({ id: 1, ...values })
    .execute();
}

export async function deleteTwitchAuthorization(db: Executor): Promise<void> {
  await db.deleteFrom('twitch_authorization').where('id', '=', 1).execute();
}

export async function insertOauthState(
  db: Executor,
  state: string,
  sessionId: string,
  expiresAt: number,
  now: number,
  purpose: TwitchOauthPurpose = 'broadcaster',
) {
  await db.deleteFrom('twitch_oauth_states').where('expires_at', '<', now).execute();
  await db
    .insertInto('twitch_oauth_states')
    .values({ state, session_id: sessionId, expires_at: expiresAt, purpose })
    .execute();
}

/**
 * Once for a state issued to this session and not expired: the flow it was issued for. The row is
 * gone afterwards either way; of two callbacks presenting one state, only the one that deletes it wins.
 */
export async function consumeOauthState(
  db: Executor,
  state: string,
  sessionId: string,
  now: number,
): Promise<TwitchOauthPurpose | null> {
  const row = await db
    .selectFrom('twitch_oauth_states')
    .select(['purpose', 'session_id', 'expires_at'])
    .where('state', '=', state)
    .executeTakeFirst();
  const result = await db.deleteFrom('twitch_oauth_states').where('state', '=', state).executeTakeFirst();
  if (!row || Number(result.numDeletedRows) !== 1) return null;
  return row.session_id === sessionId && Number(row.expires_at) >= now ? row.purpose : null;
}

export async function getAppSecret(db: Executor, name: string): Promise<string | null> {
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value ?? null;
}

/** Sets a named value, replacing any earlier one. */
export async function putAppSecret(db: Executor, name: string, value: string, now: number): Promise<void> {
  try {
    await db.insertInto('app_secrets').values({ name, value, updated_at: now }).execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await db.updateTable('app_secrets').set({ value, updated_at: now }).where('name', '=', name).execute();
  }
}

/** The stored value, or `value` stored now when there was none (the first process to write wins). */
export async function ensureAppSecret(db: Executor, name: string, value: string, now: number): Promise<string> {
  const existing = await getAppSecret(db, name);
  if (existing !== null) return existing;
  try {
    await db.insertInto('app_secrets').values({ name, value, updated_at: now }).execute();
    return value;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return (await getAppSecret(db, name)) ?? value;
  }
}
