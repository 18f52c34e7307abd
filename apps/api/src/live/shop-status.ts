import { type Db, type Executor, readShopSettings, type ShopSettings, updateShopSettings } from '@shop/db';
import {
  AppError,
  SHOP_PAUSED_MESSAGE,
  shopPause,
  type TShopStatus,
  type TShopStatusUpdate,
  type TStreamStatus,
} from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeHub } from '../realtime/hub';
import { STREAM_CACHE_MS, type StreamCache } from '../twitch/stream-cache';

export interface ShopStatusDeps {
  db: Db;
  stream: Pick<StreamCache, 'configured' | 'get' | 'peekStatus' | 'onRefresh'>;
  realtime: Pick<RealtimeHub, 'broadcast'>;
  now: () => number;
  log: FastifyBaseLogger;
}

/**
 * The streamer's pause switch. Paused by hand, or automatically while auto-pause is on and the
 * stream is known to be offline. Every change is broadcast on /ws (`shop_status`): a change made
 * here, and a flip of the automatic state seen when the stream status is refetched.
 */
export class ShopStatusService {
  /** The last state this process announced, so a refetch that changes nothing stays quiet. */
  private announced: string | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly services: ShopStatusDeps) {
    services.stream.onRefresh((status) => {
      void this.announceIfChanged(liveOf(status)).catch((error: unknown) =>
        services.log.warn({ err: error }, 'shop status check failed'),
      );
    });
  }

  /**
   * With Twitch configured, looks at the stream once per cache window while auto-pause is on, so a
   * stream going offline (or live again) pauses (or reopens) the shop even when no page asks for
   * the stream status. The fetch itself goes through the shared cache: no extra Twitch calls.
   */
  start(): void {
    if (!this.services.stream.configured || this.timer) return;
    this.timer = setInterval(() => {
      void (async () => {
        if ((await readShopSettings(this.services.db.kysely)).autoPauseWhenOffline) await this.services.stream.get();
      })().catch((error: unknown) => this.services.log.warn({ err: error }, 'auto-pause check failed'));
    }, STREAM_CACHE_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** True / false when Twitch says so; null when it cannot know (no settings, nothing fetched, no such channel). */
  private streamLive(): boolean | null {
    const { stream } = this.services;
    if (!stream.configured) return null;
    const status = stream.peekStatus();
    return status ? liveOf(status) : null;
  }

  private statusOf(settings: ShopSettings, live: boolean | null): TShopStatus {
    const reason = shopPause(settings, live);
    return {
      paused: reason !== null,
      reason,
      autoPauseWhenOffline: settings.autoPauseWhenOffline,
      autoPauseAvailable: this.services.stream.configured,
    };
  }

  async current(db: Executor = this.services.db.kysely): Promise<TShopStatus> {
    return this.statusOf(await readShopSettings(db), this.streamLive());
  }

  /**
   * Inside the trigger's transaction: a paused shop refuses before anything is charged. Answers
   * whether the control room holds the queue (read from the same row).
   */
  /** Also answers the catalog version, read in the same statement: the trigger's sale needs it (sale.ts). */
  async assertOpen(tx: Executor): Promise<{ queueHeld: boolean; catalogVersion: number }> {
    const settings = await readShopSettings(tx);
    if (this.statusOf(settings, this.streamLive()).paused) throw new AppError('CONFLICT', SHOP_PAUSED_MESSAGE);
    return { queueHeld: settings.queueHeld, catalogVersion: settings.catalogVersion };
  }

  async update(update: TShopStatusUpdate): Promise<TShopStatus> {
    await updateShopSettings(this.services.db.kysely, update, this.services.now());
    const status = await this.current();
    this.announce(status);
    return status;
  }

  private async announceIfChanged(live: boolean | null): Promise<void> {
    const status = this.statusOf(await readShopSettings(this.services.db.kysely), live);
    this.announce(status);
  }

  private announce(status: TShopStatus): void {
    const key = `${status.paused}:${status.reason}`;
    if (key === this.announced) return;
    this.announced = key;
    this.services.realtime.broadcast({ type: 'shop_status', paused: status.paused, reason: status.reason });
  }
}

/**
 * A status Twitch actually answered: live or not. An offline status carrying a note that is not
 * stale never reached Twitch (or names no channel), so it says nothing about the stream.
 */
function liveOf(status: TStreamStatus): boolean | null {
  if (status.isLive) return true;
  return status.note && !status.stale ? null : false;
}
