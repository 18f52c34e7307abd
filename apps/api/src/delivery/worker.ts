import { randomUUID } from 'node:crypto';
import {
  type ClaimedDelivery,
  type ClaimFilter,
  findEndpoint,
  findHistory,
  findStrandedTriggers,
  type InsertedLease,
  lastDeliveryAttempt,
  releaseLease,
  renewLease,
  transactionWithRetry,
} from '@shop/db';
import { type DeliveryResult, type Dispatcher, rustPlayerList } from '@shop/dispatch';
import { playerAwayError, type TDeliveryStatus } from '@shop/domain';
import type { Config } from '../env';
import { claimDeliveries } from './claim';
import { type CommittedTrigger, type HandOff, handOffsOf, type Prepared, timedOf } from './hand-off';
import { KeyedSerial, Lanes } from './lanes';
import { leaseMsFor, RECORD_MARGIN_MS } from './lease';
import {
  announceRetry,
  announceSettlement,
  type KnownTrigger,
  type OutcomeHooks,
  outcomeOf,
  settleStrandedInTransaction,
} from './outcome';
import { OutcomeRecorder } from './outcome-recorder';
import { payloadFor } from './payload';
import type { ReceiptDeps } from './receipts';

export type { HandOff, Prepared } from './hand-off';

/** What the worker uses; `db` is its own share of the database (Db.worker) where there is one. */
export interface WorkerDeps extends ReceiptDeps {
  dispatcher: Pick<Dispatcher, 'deliver'>;
  config: Pick<Config, 'delivery'>;
  /** What the features add to an outcome: a refund of a trigger whose every delivery failed, a timed effect. */
  outcomeHooks: OutcomeHooks;
}

/**
 * The queue's part of each sweeping pass, registered by the composition root (services.ts): the
 * control room expires approvals, gives free queue groups their next trigger, and answers whether
 * the streamer holds the queue.
 */
export interface QueueSweep {
  sweep(): Promise<{ held: boolean }>;
}

/** A job a sweeping pass runs at most every `everyMs` (the settlement sweep), registered by the composition root. */
export interface PeriodicSweep {
  everyMs: number;
  run(): Promise<unknown>;
}

export interface WorkerOptions {
  /** How often to look for work nobody handed over (retries coming due, another process's leftovers). */
  pollMs: number;
  /** Rows claimed per query. */
  batchSize: number;
  /** How long a claimed delivery stays ours; see leaseMsFor. */
  leaseMs: number;
  /** One attempt, connect included. */
  timeoutMs: number;
  /** Attempts running at once per endpoint. */
  laneConcurrency: number;
  /** A lane holding this many claimed rows takes no more until it drains (bounds what one dead endpoint can hold). */
  laneBacklog: number;
  /** How often a poll also settles triggers whose deliveries all ended without a settlement. */
  settleSweepMs: number;
}

/** The worker's settings for a transport timeout: the lease is derived from it. */
export function workerOptions(delivery: { timeoutMs: number }, overrides: Partial<WorkerOptions> = {}): WorkerOptions {
  return {
    pollMs: 500,
    batchSize: 16,
    timeoutMs: delivery.timeoutMs,
    leaseMs: leaseMsFor(delivery.timeoutMs),
    laneConcurrency: 4,
    laneBacklog: 32,
    settleSweepMs: 30_000,
    ...overrides,
  };
}

interface DeliveryRef {
  deliveryId: number;
  historyId: number;
  endpointId: number | null;
  isResend: boolean;
}

/** What the worker did, for tests and diagnostics: they wait on these instead of on the clock. */
export type WorkerEvent =
  | ({ type: 'sending' } & DeliveryRef)
  | ({ type: 'recorded'; status: TDeliveryStatus } & DeliveryRef)
  /** The lease was lost (it lapsed and another worker took the row): nothing was written. */
  | ({ type: 'lost' } & DeliveryRef);

const laneKey = (endpointId: number | null) => endpointId ?? 'none';

/** Without any change, the control room's sweep still runs this often (approvals expire, gaps pass). */
const QUEUE_SWEEP_MAX_GAP_MS = 1_000;

interface Attempted {
  outcome: ReturnType<typeof outcomeOf>;
  viewer: Prepared['viewer'] | null;
  /** Undefined when the send never started (its trigger's effect is then read back if needed). */
  timed?: Prepared['timed'];
}

/**
 * Sends deliveries and records their outcomes. The deliveries table is the truth: a claim leases
 * rows under a token, every write is fenced by it, so a restart or a second api process loses and
 * duplicates nothing but the at-least-once re-send of an attempt cut short by a crash.
 *
 * Work arrives three ways. A trigger inserts its deliveries already leased to this worker and hands
 * them over with everything the send needs (`leaseFor`, then `takeCommitted`): no claim, no reads,
 * straight to the endpoint's lane. When that is not possible (a full lane) the rows are queued and
 * `takeCommitted` claims them right after the commit, as `enqueue(historyId)` does for a resend. And
 * a poll finds whatever is due and unclaimed (retries, another process's leftovers). Each endpoint
 * has its own lane, so a slow target holds up only itself; a lane slot is held for the send only,
 * and outcomes are written in batches (OutcomeRecorder).
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private passing: Promise<void> | null = null;
  private again = false;
  /** The next pass also looks for any due row, not only handed-over ones (poll, wake-up, a full batch). */
  private sweepDue = false;
  private stopped = true;
  /** Set by stop(): attempts not yet started are given back instead of sent. */
  private closing = false;
  private readonly handoffs = new Set<number>();
  /** Triggers the streamer asked to try now: claimed even while the queue is held. */
  private readonly forced = new Set<number>();
  private queue: QueueSweep | null = null;
  /**
   * The control room's sweep is owed: something changed that it acts on (a trigger or decision that
   * waits, a group freed, a poll). Passes that only refill busy lanes skip it: under load they run
   * hundreds of times a second, and the sweep's reads would cost the triggers' throughput.
   */
  private queueDirty = true;
  private queueHeld = false;
  private lastQueueSweep = Number.NEGATIVE_INFINITY;
  /** Endpoints left out of a claim because their lane was full: when it frees up, look again. */
  private readonly starved = new Set<number | string>();
  private readonly lanes: Lanes;
  private readonly startOrder = new KeyedSerial();
  private readonly listeners = new Set<(event: WorkerEvent) => void>();
  private readonly recorder: OutcomeRecorder;
  /** The periodic sweeps, each with when it last ran (the first poll after start runs it). */
  private readonly periodic: { sweep: PeriodicSweep; last: number }[] = [];
  /** Every delivery between its start and its recorded outcome: stop() waits for them. */
  private readonly underway = new Set<Promise<void>>();

  constructor(
    private readonly services: WorkerDeps,
    readonly options: WorkerOptions,
  ) {
    this.lanes = new Lanes(options.laneConcurrency);
    this.recorder = new OutcomeRecorder(services.db, services.outcomeHooks);
  }

  start(): void {
    this.stopped = false;
    this.closing = false;
    this.schedule(0, true);
  }

  /**
   * Stops taking work and waits for the attempts already under way to be sent and recorded; claimed
   * rows still waiting in a lane go back to the queue unsent.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.passing;
    await this.lanes.idle();
    // Sends are done; their outcomes may still be on the way to the database.
    await Promise.all(this.underway);
  }

  /** Something may be due: look now instead of at the next poll (a wake-up during a pass runs another). */
  wake(): void {
    this.queueDirty = true;
    this.wakeForLanes();
  }

  /** A lane freed up: look for its due rows (the control room's sweep is not owed for that). */
  private wakeForLanes(): void {
    if (this.stopped) return;
    this.sweepDue = true;
    this.requestPass();
  }

  /**
   * A lease for the deliveries a trigger is about to insert, so they are born in flight and handed
   * straight over. Null when this worker cannot take them now (stopped, or one of the endpoints'
   * lanes is full): they are queued instead and claimed like any other row.
   */
  leaseFor(endpointIds: readonly number[]): InsertedLease | null {
    if (this.stopped || this.closing) return null;
    if (endpointIds.some((id) => this.lanes.load(id) >= this.options.laneBacklog)) return null;
    return { token: randomUUID(), lockedUntil: this.services.now() + this.options.leaseMs };
  }

  /**
   * A trigger committed: deliveries born under `leaseFor`'s lease are sent straight from what the
   * trigger knows; without a lease they were queued, and are claimed right after.
   */
  takeCommitted(trigger: CommittedTrigger): void {
    if (trigger.lease) this.handOff(handOffsOf(trigger, trigger.lease));
    else this.enqueue(trigger.history.id);
  }

  /**
   * Sends leased deliveries. Should the worker have stopped meanwhile, the rows keep their lease
   * until it lapses and are then claimed again.
   */
  protected handOff(jobs: readonly HandOff[]): void {
    if (this.stopped) return;
    for (const job of jobs) void this.dispatch(job.row, job);
  }

  /** A resend (or a trigger queued without a lease) just committed: claim its deliveries now and start them. */
  enqueue(historyId: number): void {
    if (this.stopped) return;
    this.handoffs.add(historyId);
    this.requestPass();
  }

  /** From now on a sweeping pass runs the queue's sweep first when owed, and sends only stops while it says held. */
  useQueue(queue: QueueSweep): void {
    this.queue = queue;
  }

  /** From now on a sweeping pass also runs `sweep` whenever `everyMs` have passed since it last did. */
  every(sweep: PeriodicSweep): void {
    this.periodic.push({ sweep, last: Number.NEGATIVE_INFINITY });
  }

  /** The streamer's 'retry now': claim this trigger's due deliveries at once, hold or not. */
  force(historyId: number): void {
    this.forced.add(historyId);
    if (!this.stopped) this.requestPass();
  }

  onEvent(listener: (event: WorkerEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Claims what is due now and waits until those deliveries are processed. Tests drive the worker with it. */
  async runOnce(): Promise<number> {
    const forced = [...this.forced];
    this.forced.clear();
    const held = this.queue ? (await this.queue.sweep()).held : false;
    const claimed = held
      ? [...(await this.claim({ historyIds: forced })), ...(await this.claim({ kind: 'stop' }))]
      : await this.claim({});
    await Promise.all(claimed.map((d) => this.dispatch(d)));
    return claimed.length;
  }

  /**
   * Settles every trigger whose own deliveries have all ended but that nobody settled, refunding
   * those that failed: the net under the outcome writes, for whatever a crash or a race between two
   * processes left. Each is decided under its row lock from the statuses as committed now, so two
   * processes sweeping at once settle a trigger once. Returns how many it settled.
   */
  async settleStranded(): Promise<number> {
    const { db, now, log } = this.services;
    const page = 100;
    let settled = 0;
    let afterId = 0;
    for (;;) {
      const ids = await findStrandedTriggers(db.kysely, page, afterId);
      for (const historyId of ids) {
        const settlement = await transactionWithRetry(db, (tx) =>
          settleStrandedInTransaction(tx, this.services.outcomeHooks, historyId, now()),
        );
        if (!settlement) continue;
        settled++;
        const last = await lastDeliveryAttempt(db.kysely, historyId);
        log.warn({ historyId, success: settlement.success, refunded: settlement.refunded }, 'stranded trigger settled');
        announceSettlement(
          this.services,
          settlement,
          null,
          settlement.success
            ? { status: 'delivered', response: '', attempts: last.attempts, now: now() }
            : { status: 'failed', error: last.error ?? 'Delivery failed', attempts: last.attempts, now: now() },
        );
      }
      if (ids.length < page) return settled;
      afterId = ids[ids.length - 1] ?? afterId;
    }
  }

  private requestPass(): void {
    if (this.passing) {
      this.again = true;
      return;
    }
    this.schedule(0, false);
  }

  private schedule(delayMs: number, sweep: boolean): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (sweep) {
        this.sweepDue = true;
        this.queueDirty = true;
      }
      void this.tick();
    }, delayMs);
    this.timer.unref();
  }

  /**
   * One pass: claim and start (not await) the handed-over triggers' rows, and, when polling or
   * woken, whatever else is due. A hand-off or wake-up that arrives during a pass runs another.
   */
  private async tick(): Promise<void> {
    this.timer = null;
    if (this.stopped || this.passing) return;
    let full = false;
    this.passing = (async () => {
      const historyIds = [...this.handoffs, ...this.forced];
      this.handoffs.clear();
      this.forced.clear();
      if (historyIds.length > 0) {
        const handed = await this.claim({ historyIds });
        this.startAll(handed);
        // More handed-over rows than one claim takes: the sweep picks up the rest.
        if (handed.length >= this.options.batchSize) this.sweepDue = true;
      }
      if (!this.sweepDue) return;
      this.sweepDue = false;
      // Holding the queue holds starts, never stops: a running effect still ends on time.
      const held = await this.queueSweep();
      const due = await this.claim(held ? { kind: 'stop' } : {});
      this.startAll(due);
      full = due.length >= this.options.batchSize;
      for (const periodic of this.periodic) {
        if (this.services.now() - periodic.last < periodic.sweep.everyMs) continue;
        periodic.last = this.services.now();
        await periodic.sweep.run();
      }
    })().catch((error: unknown) => this.services.log.error({ err: error }, 'delivery worker pass failed'));
    await this.passing;
    this.passing = null;
    if (full) this.sweepDue = true;
    const more = this.again || full;
    this.again = false;
    // Straight on when more is waiting; otherwise the next pass is the poll, which sweeps.
    this.schedule(more ? 0 : this.options.pollMs, !more);
  }

  /** The control room's sweep when it is owed (or a second has passed without one); else its last answer. */
  private async queueSweep(): Promise<boolean> {
    if (!this.queue) return false;
    const at = performance.now();
    if (!this.queueDirty && at - this.lastQueueSweep < QUEUE_SWEEP_MAX_GAP_MS) return this.queueHeld;
    this.queueDirty = false;
    this.lastQueueSweep = at;
    this.queueHeld = (await this.queue.sweep()).held;
    return this.queueHeld;
  }

  private async claim(filter: Pick<ClaimFilter, 'historyIds' | 'kind'>): Promise<ClaimedDelivery[]> {
    const full = this.lanes.fullKeys(this.options.laneBacklog);
    for (const key of full) this.starved.add(key);
    const excludeEndpointIds = full.filter((k): k is number => typeof k === 'number');
    return claimDeliveries(this.services.db, this.services.now(), this.options.batchSize, this.options.leaseMs, {
      ...filter,
      excludeEndpointIds,
    });
  }

  private startAll(rows: ClaimedDelivery[]): void {
    for (const row of rows) void this.dispatch(row);
  }

  /** One delivery from its lane to its recorded outcome; `handed` when its trigger handed it over. */
  private dispatch(row: ClaimedDelivery, handed?: HandOff): Promise<void> {
    const key = laneKey(row.endpoint_id);
    const ref: DeliveryRef = {
      deliveryId: row.id,
      historyId: row.history_id,
      endpointId: row.endpoint_id,
      isResend: row.is_resend === 1,
    };
    const done = this.lanes
      .run(key, (waited) => this.attempt(row, ref, waited, handed?.prepared))
      .then((attempted) => (attempted ? this.record(row, ref, attempted, handed?.trigger) : undefined))
      .catch((error: unknown) => {
        // The row keeps its lease and is taken up again once it lapses.
        this.services.log.error({ err: error, deliveryId: row.id }, 'delivery attempt failed to record');
      })
      .finally(() => {
        this.underway.delete(done);
        if (this.starved.delete(key)) this.wakeForLanes();
      });
    this.underway.add(done);
    return done;
  }

  private emit(event: WorkerEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  /** One send, holding a slot of the endpoint's lane; null when it must not be sent (lease lost, closing). */
  private async attempt(
    row: ClaimedDelivery,
    ref: DeliveryRef,
    waited: boolean,
    known: Prepared | undefined,
  ): Promise<Attempted | null> {
    const { now, log } = this.services;
    // The reads run now, side by side with the other rows' (each is a round trip on MySQL, and under
    // load each round trip waits a long event-loop turn); only the lease check and the start of the
    // send take turns per endpoint, so the order is kept without serialising the reads.
    const looked = known ? Promise.resolve(known) : this.lookUp(row);
    looked.catch(() => {});
    const prepared = await this.startOrder.step(laneKey(row.endpoint_id), () => this.prepare(row, waited, looked));
    if (prepared === 'released') return null;
    if (prepared === 'lost') {
      this.emit({ type: 'lost', ...ref });
      return null;
    }
    const attempts = row.attempts + 1;
    if (prepared === 'gone') {
      return { outcome: { status: 'failed', error: 'Endpoint was removed', attempts, now: now() }, viewer: null };
    }
    this.emit({ type: 'sending', ...ref });
    const result =
      (await this.playerAway(prepared, row)) ??
      (await this.services.dispatcher.deliver(prepared.target, prepared.payload, {
        timeoutMs: this.options.timeoutMs,
      }));
    if (!result.ok) {
      // The endpoint's id, never its URL: URLs of webrcon targets carry the password.
      log.warn({ deliveryId: row.id, endpointId: row.endpoint_id, attempts, error: result.error }, 'delivery failed');
    }
    const hold = prepared.hold && { ...prepared.hold, heldSince: row.held_since };
    return {
      outcome: outcomeOf(result, attempts, now(), this.services.config.delivery.retryDelaysMs, hold),
      viewer: prepared.viewer,
      timed: prepared.timed,
    };
  }

  /**
   * An individual Rust action waits for its player: when the server's player list (WebRcon
   * `playerlist`) does not name them, nothing is sent and the delivery is held like a server that
   * does not answer (hold until ready). Null: send it.
   */
  private async playerAway(prepared: Prepared, row: ClaimedDelivery): Promise<DeliveryResult | null> {
    const steamId = prepared.payload.target;
    if (!prepared.hold || !steamId || row.kind === 'stop' || !prepared.target.url.startsWith('webrcon://')) return null;
    const list = await rustPlayerList(prepared.target.url, prepared.target.secret, {
      timeoutMs: this.options.timeoutMs,
    });
    // A list that cannot be read says nothing about the player: the send finds out what is wrong.
    if (!list.ok || list.players.some((p) => p.steamId === steamId)) return null;
    return { ok: false, error: playerAwayError(steamId), durationMs: 0, retryable: true, unreachable: true };
  }

  /** After the send, outside the lane: the outcome is written (batched) and announced. */
  private async record(
    row: ClaimedDelivery,
    ref: DeliveryRef,
    { outcome, viewer, timed }: Attempted,
    trigger: KnownTrigger | undefined,
  ): Promise<void> {
    const { log } = this.services;
    const recorded = await this.recorder.record(row, outcome, trigger, timed);
    if (!recorded.held) {
      log.info({ deliveryId: row.id }, 'delivery lease was lost before its outcome was recorded; outcome dropped');
      this.emit({ type: 'lost', ...ref });
      return;
    }
    this.emit({ type: 'recorded', status: outcome.status, ...ref });
    const effect = recorded.effect;
    // A trigger of a queue group ended (or its effect did, or its last target): the group's next one
    // is due a sweep.
    if (
      (effect && 'ended' in effect) ||
      recorded.groupFreed ||
      (recorded.settlement && recorded.settlement.history.queue_group !== null)
    ) {
      this.wake();
    }
    if (effect && 'ended' in effect) {
      await this.services.outcomeHooks
        .announceEffectEnd(this.services, effect.history, effect.ended)
        .catch((error: unknown) =>
          log.warn({ err: error, deliveryId: row.id }, 'effect end receipt could not be sent'),
        );
      return;
    }
    if (recorded.settlement) {
      const startedAt = effect && 'started' in effect ? effect.started : null;
      announceSettlement(this.services, recorded.settlement, viewer, outcome, startedAt);
    } else if (outcome.status === 'queued') {
      await announceRetry(this.services, row, outcome).catch((error: unknown) =>
        log.warn({ err: error, deliveryId: row.id }, 'retry receipt could not be sent'),
      );
    }
  }

  /**
   * Everything before the send. A row that waited in its lane and whose lease would not outlast the
   * attempt about to start is renewed first; if the lease was lost meanwhile (it lapsed and another
   * worker took the row), this one must not send it. A lease is only ever lost by lapsing, so a row
   * with time to spare needs no write.
   */
  private async prepare(
    row: ClaimedDelivery,
    waited: boolean,
    looked: Promise<Prepared | 'gone'>,
  ): Promise<'lost' | 'released' | 'gone' | Prepared> {
    const { db, now } = this.services;
    if (waited && this.closing) {
      // Shutting down: what has not started yet goes back to the queue for the next process.
      await releaseLease(db.kysely, row.id, row.lease_token, now());
      return 'released';
    }
    const at = now();
    const short = row.locked_until === null || row.locked_until - at < this.options.timeoutMs + RECORD_MARGIN_MS;
    if (waited && short) {
      if (!(await renewLease(db.kysely, row.id, row.lease_token, at, this.options.leaseMs))) return 'lost';
      row.locked_until = at + this.options.leaseMs;
    }
    return looked;
  }

  /** What the send needs: the history, the endpoint and the payload (read-only, so safe to start early). */
  private async lookUp(row: ClaimedDelivery): Promise<Prepared | 'gone'> {
    const { db } = this.services;
    const [history, endpoint] = await Promise.all([
      findHistory(db.kysely, row.history_id),
      row.endpoint_id === null ? undefined : findEndpoint(db.kysely, row.endpoint_id),
    ]);
    if (!history || !endpoint) return 'gone';
    const { payload, hold } = await payloadFor(db.kysely, history, row);
    const viewer = { username: payload.viewer.username, displayName: payload.viewer.displayName || null };
    return {
      target: { url: endpoint.url, secret: endpoint.secret_key },
      payload,
      viewer,
      hold,
      timed: timedOf(history),
    };
  }
}
