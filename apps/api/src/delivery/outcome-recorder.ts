import { type ClaimedDelivery, type Db, type DeliveryOutcome, transactionWithRetry } from '@shop/db';
import { type KnownTrigger, type OutcomeHooks, type Recorded, recordInTransaction, type TimedEffect } from './outcome';

interface Pending {
  delivery: ClaimedDelivery;
  outcome: DeliveryOutcome;
  known: KnownTrigger | undefined;
  timed: TimedEffect | null | undefined;
  resolve: (recorded: Recorded) => void;
  reject: (error: unknown) => void;
}

/**
 * Records attempt outcomes, several to a transaction. Each commit waits for the disk (SQLite's WAL
 * and InnoDB's redo log are flushed on commit), so under load one commit per outcome is what kept
 * deliveries behind the triggers. Nothing waits to fill a batch: an outcome that arrives while the
 * database is idle is written at once, and those that arrive during that write go together next.
 * Each outcome's own rules are unchanged (recordInTransaction); a failed batch is written again one
 * outcome per transaction, so one bad row cannot hold back the others' receipts.
 */
export class OutcomeRecorder {
  private queue: Pending[] = [];
  private writing = false;

  constructor(
    private readonly db: Db,
    private readonly hooks: OutcomeHooks,
    private readonly maxBatch = 64,
  ) {}

  record(
    delivery: ClaimedDelivery,
    outcome: DeliveryOutcome,
    known?: KnownTrigger,
    timed?: TimedEffect | null,
  ): Promise<Recorded> {
    return new Promise((resolve, reject) => {
      this.queue.push({ delivery, outcome, known, timed, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        await this.write(batch);
      }
    } finally {
      this.writing = false;
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    try {
      const results = await this.inOneTransaction(batch);
      batch.forEach((pending, i) => {
        pending.resolve(results[i] as Recorded);
      });
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const pending of batch) {
        await this.inOneTransaction([pending]).then(
          ([recorded]) => pending.resolve(recorded as Recorded),
          (single: unknown) => pending.reject(single),
        );
      }
    }
  }

  private inOneTransaction(batch: Pending[]): Promise<Recorded[]> {
    return transactionWithRetry(this.db, async (tx) => {
      const results: Recorded[] = [];
      for (const { delivery, outcome, known, timed } of batch) {
        results.push(await recordInTransaction(tx, this.hooks, delivery, outcome, known, timed));
      }
      return results;
    });
  }
}
