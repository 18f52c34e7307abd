import {
  claimDueDeliveries,
  type DeliveryRow,
  findActionWithCategory,
  findEndpoint,
  findHistory,
  findUserById,
  finishDelivery,
  listDeliveryStatuses,
  setHistorySuccess,
} from '@shop/db';
import { deliver } from '@shop/dispatch';
import { nextAttemptDelay, parseQueryStyleAction, triggerOutcome } from '@shop/domain';
import type { Services } from '../services';
import { refundHistory } from './refund';

export interface WorkerOptions {
  pollMs: number;
  batchSize: number;
  /** How long a claimed delivery stays ours; well above the transport timeout. */
  leaseMs: number;
  timeoutMs: number;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = { pollMs: 500, batchSize: 16, leaseMs: 30_000, timeoutMs: 5_000 };

/**
 * Takes due deliveries from the database, sends them, and records the outcome. All state lives in
 * the deliveries table, so a restart (or a second api process) loses and duplicates nothing.
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly services: Services,
    private readonly options: WorkerOptions = DEFAULT_WORKER_OPTIONS,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** A trigger just queued work: look now instead of at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** One pass: claim what is due and deliver it. Tests call this directly. */
  async runOnce(): Promise<number> {
    const { db, now } = this.services;
    const claimed = await claimDueDeliveries(db, now(), this.options.batchSize, this.options.leaseMs);
    await Promise.all(claimed.map((d) => this.process(d)));
    return claimed.length;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    let worked = 0;
    this.running = this.runOnce()
      .then((n) => {
        worked = n;
      })
      .catch((error: unknown) => this.services.log.error({ err: error }, 'delivery worker pass failed'));
    await this.running;
    this.running = null;
    const more = this.again || worked >= this.options.batchSize;
    this.again = false;
    this.schedule(more ? 0 : this.options.pollMs);
  }

  private async process(delivery: DeliveryRow): Promise<void> {
    const { db, now, log } = this.services;
    const attempts = delivery.attempts + 1;
    const history = await findHistory(db.kysely, delivery.history_id);
    const endpoint = delivery.endpoint_id === null ? undefined : await findEndpoint(db.kysely, delivery.endpoint_id);
    if (!history || !endpoint) {
      await finishDelivery(db.kysely, delivery.id, {
        status: 'failed',
        error: 'Endpoint was removed',
        attempts,
        now: now(),
      });
      if (history) await this.settle(history.id);
      return;
    }
    const [user, action] = await Promise.all([
      findUserById(db.kysely, history.user_id),
      history.action_id === null ? undefined : findActionWithCategory(db.kysely, history.action_id),
    ]);
    const webhookAction = action?.webhook_action ?? delivery.command;
    const result = await deliver(
      { url: endpoint.url, secret: endpoint.secret_key },
      {
        deliveryId: `delivery_${delivery.id}`,
        command: delivery.command,
        action: {
          id: history.action_id ?? 0,
          name: history.action_name,
          webhookAction,
          fields: parseQueryStyleAction(webhookAction),
        },
        viewer: { id: history.user_id, username: user?.username ?? '', displayName: user?.display_name ?? null },
        target: history.target,
        triggerId: history.id,
        isTest: history.is_test === 1,
      },
      { timeoutMs: this.options.timeoutMs },
    );
    const at = now();
    if (result.ok) {
      await finishDelivery(db.kysely, delivery.id, {
        status: 'delivered',
        response: result.response,
        attempts,
        now: at,
      });
    } else {
      const delay = nextAttemptDelay(attempts, result.retryable);
      // The endpoint's id, never its URL: URLs of webrcon targets carry the password.
      log.warn({ deliveryId: delivery.id, endpointId: endpoint.id, attempts, error: result.error }, 'delivery failed');
      await finishDelivery(
        db.kysely,
        delivery.id,
        delay === null
          ? { status: 'failed', error: result.error, attempts, now: at }
          : { status: 'queued', error: result.error, attempts, nextAttemptAt: at + delay, now: at },
      );
    }
    await this.settle(history.id);
  }

  /** Once a trigger's fate is known: mark it, tell the viewers, and refund if every target failed. */
  private async settle(historyId: number): Promise<void> {
    const { db, now } = this.services;
    const history = await findHistory(db.kysely, historyId);
    if (!history) return;
    const outcome = triggerOutcome(await listDeliveryStatuses(db.kysely, historyId));
    if (outcome === 'pending') return;
    const success = outcome === 'delivered';
    if (history.success === (success ? 1 : 0)) return;
    await setHistorySuccess(db.kysely, historyId, success);
    const timestamp = new Date(now()).toISOString();
    if (history.is_test === 1) {
      const user = await findUserById(db.kysely, history.user_id);
      this.services.realtime.broadcast({
        type: 'action_tested',
        action: { name: history.action_name, cost: 0 },
        user: { username: user?.display_name || user?.username || 'admin' },
        timestamp,
        success,
      });
      return;
    }
    this.services.realtime.broadcast({
      type: 'action_status',
      historyId,
      userId: history.user_id,
      action: { name: history.action_name, cost: history.cost },
      status: success ? 'delivered' : 'failed',
      timestamp,
    });
    if (!success) await refundHistory(this.services, historyId, 'every delivery failed');
  }
}
