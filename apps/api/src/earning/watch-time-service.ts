import {
  awardWatchReward,
  type Db,
  getWatchTimeSettings,
  isUniqueViolation,
  type LinkedViewer,
  listVerifiedViewers,
  lockActiveAccount,
  transactionWithRetry,
  verifiedViewersByTwitchIds,
} from '@shop/db';
import { isPayableTwitchLogin, type TWatchTimeMode, watchWindowStart } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../env';
import type { RealtimeHub } from '../realtime/hub';
import type { SecretBox } from '../security/secret-box';
import { type TwitchChatter, TwitchError, TwitchUserTokenError } from '../twitch/helix-client';
import type { StreamCache } from '../twitch/stream-cache';
import type { TwitchTokenStore } from '../twitch/token-store';

export const UNAUTHORIZED_REASON = 'Authorize the shop with Twitch to read who is watching.';
export const SIMULATED_REASON =
  'Twitch is not authorized: every viewer who verified their Twitch account counts as watching (simulated data); names only typed in are never paid.';

export interface WatchTimeDeps {
  db: Db;
  config: Config;
  now: () => number;
  stream: StreamCache;
  tokens: TwitchTokenStore;
  box: SecretBox;
  realtime: RealtimeHub;
  log: FastifyBaseLogger;
}

export interface ModeInfo {
  mode: TWatchTimeMode;
  reason: string | null;
  authorized: { login: string } | null;
}

/** What one tick did, for tests and the log. */
export interface TickResult {
  /** Rewards paid by this tick (0 when another process or an earlier tick paid the window). */
  paid: number;
  /** Viewers counted as watching. */
  watching: number;
  /** Why nothing was read or paid, when that is the case. */
  skipped: string | null;
}

/**
 * Watch-time rewards (DESIGN.md 'Earning without paying'). Every minute (WATCH_TIME_MINUTE_MS) it
 * checks the reward window of the injected clock; once per window (per process) it reads who is
 * watching and pays each linked viewer present `coinsPerInterval` coins. The ledger's unique reference
 * per (viewer, window) means two processes, or a restart mid-tick, never pay twice.
 */
export class WatchTimeService {
  private timer: NodeJS.Timeout | null = null;
  private tick: Promise<TickResult> | null = null;
  /** The window this process has finished paying; a failed read leaves it open for the next minute. */
  private doneWindow: number | null = null;
  /** The last reason a real read failed, shown on the status while it lasts. */
  private problem: string | null = null;

  constructor(private readonly deps: WatchTimeDeps) {}

  get isRunning(): boolean {
    return this.timer !== null;
  }

  start(): void {
    if (this.timer) return;
    const every = this.deps.config.earning.minuteMs;
    const loop = () => {
      void this.runDue()
        .catch((error: unknown) => this.deps.log.error({ err: error }, 'watch-time tick failed'))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(loop, every);
        });
    };
    this.timer = setTimeout(loop, Math.min(every, 1_000));
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.tick?.catch(() => undefined);
  }

  /** Where the list of viewers comes from now, and why. */
  async mode(): Promise<ModeInfo> {
    const { config, tokens, box } = this.deps;
    const login = await tokens.authorizedLogin();
    const missing = missingTwitchSetting(config);
    if (login) {
      const reason = missing ?? box.unavailableReason() ?? this.problem;
      return { mode: 'real', reason, authorized: { login } };
    }
    if (config.nodeEnv !== 'production') return { mode: 'simulated', reason: SIMULATED_REASON, authorized: null };
    return {
      mode: 'unavailable',
      reason: missing ? `${UNAUTHORIZED_REASON} ${missing}.` : UNAUTHORIZED_REASON,
      authorized: null,
    };
  }

  /** A tick unless this process already paid the current window (or one is running). */
  async runDue(): Promise<TickResult | null> {
    const settings = await getWatchTimeSettings(this.deps.db.kysely);
    if (!settings.enabled) return null;
    const window = watchWindowStart(this.deps.now(), settings.rewardInterval, this.deps.config.earning.minuteMs);
    if (this.doneWindow === window) return null;
    return this.runOnce();
  }

  /** One tick now: read who is watching and pay the current window (joins a tick already running). */
  runOnce(): Promise<TickResult> {
    this.tick ??= this.payWindow().finally(() => {
      this.tick = null;
    });
    return this.tick;
  }

  private async payWindow(): Promise<TickResult> {
    const { db, config, now, log } = this.deps;
    const settings = await getWatchTimeSettings(db.kysely);
    if (!settings.enabled) return { paid: 0, watching: 0, skipped: 'disabled' };
    const at = now();
    const window = watchWindowStart(at, settings.rewardInterval, config.earning.minuteMs);
    const viewers = await this.watching();
    if ('skipped' in viewers) {
      // Offline or unavailable is a settled answer for this window; a failed read is retried next minute.
      if (!viewers.retry) this.doneWindow = window;
      return { paid: 0, watching: 0, skipped: viewers.skipped };
    }
    let paid = 0;
    for (const viewer of viewers.list) {
      const balance = await payReward(db, {
        userId: viewer.id,
        coins: settings.coinsPerInterval,
        minutes: settings.rewardInterval,
        windowStart: window,
        now: at,
      });
      if (balance === null) continue;
      paid++;
      this.deps.realtime.broadcast({
        type: 'balance_changed',
        userId: viewer.id,
        balance,
        amount: settings.coinsPerInterval,
        reason: 'reward',
        timestamp: new Date(at).toISOString(),
      });
    }
    this.doneWindow = window;
    if (paid > 0) log.info({ paid, watching: viewers.list.length, window }, 'watch-time rewards paid');
    return { paid, watching: viewers.list.length, skipped: null };
  }

  private async watching(): Promise<{ list: LinkedViewer[] } | { skipped: string; retry: boolean }> {
    const { db, tokens, stream, log } = this.deps;
    const mode = await this.mode();
    if (mode.mode === 'unavailable') return { skipped: mode.reason ?? UNAUTHORIZED_REASON, retry: false };
    if (mode.mode === 'simulated') {
      // Proven accounts only, in this mode too: a typed name is a claim anyone can make, and a
      // staging or misconfigured server must not turn claims into coins.
      const channel = this.deps.config.twitch.channel;
      const verified = await listVerifiedViewers(db.kysely);
      return { list: verified.filter((viewer) => isPayableTwitchLogin(viewer.twitchUsername, [channel])) };
    }

    const helix = tokens.helix();
    if (!helix) return { skipped: missingTwitchSetting(this.deps.config) ?? 'Twitch is not configured', retry: false };
    const status = (await stream.get()).status;
    if (!status.isLive) return { skipped: 'the stream is offline', retry: false };
    try {
      let token = await tokens.token();
      if (!token) return { skipped: UNAUTHORIZED_REASON, retry: false };
      let chatters: TwitchChatter[];
      try {
        chatters = await helix.chatters(token.accessToken, token.broadcasterId);
      } catch (error) {
        if (!(error instanceof TwitchUserTokenError)) throw error;
        // Revoked or expired early: renew once and read again.
        token = await tokens.token(true);
        if (!token) return { skipped: UNAUTHORIZED_REASON, retry: false };
        chatters = await helix.chatters(token.accessToken, token.broadcasterId);
      }
      this.problem = null;
      // Paid by proven Twitch id only; never the broadcaster's own account, never a bot sitting in chat.
      const broadcaster = token.broadcasterId;
      const payable = chatters.filter(
        (c) =>
          c.id !== broadcaster &&
          isPayableTwitchLogin(c.login, [token.broadcasterLogin, this.deps.config.twitch.channel]),
      );
      return {
        list: await verifiedViewersByTwitchIds(
          db.kysely,
          payable.map((c) => c.id),
        ),
      };
    } catch (error) {
      if (!(error instanceof TwitchError)) throw error;
      this.problem = `Twitch chatters could not be read: ${error.message}`;
      log.warn({ reason: error.message }, 'watch-time: chatters could not be read');
      return { skipped: this.problem, retry: true };
    }
  }
}

function missingTwitchSetting(config: Config): string | null {
  const { clientId, clientSecret, channel } = config.twitch;
  if (!clientId && !clientSecret) return 'TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET are not set';
  if (!clientId) return 'TWITCH_CLIENT_ID is not set';
  if (!clientSecret) return 'TWITCH_CLIENT_SECRET is not set';
  if (!channel) return 'TWITCH_CHANNEL is not set';
  return null;
}

/**
 * One viewer's reward for one window, in a transaction of its own: the balance after it, or null,
 * with nothing changed, when that window was already paid (another tick or another process) or the
 * account was disabled since the list was read.
 */
async function payReward(db: Db, reward: Parameters<typeof awardWatchReward>[1]): Promise<number | null> {
  try {
    return await transactionWithRetry(db, async (tx) => {
      if (!(await lockActiveAccount(tx, reward.userId))) return null;
      return awardWatchReward(tx, reward);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
