import { type Executor, listLatestResends, type ResendAttempt } from '@shop/db';
import { resendOutcome, type TActionHistoryRecord } from '@shop/domain';

/** Each record with what its latest resend did (so the admin sees a resend's outcome too). */
export async function withLastResend(db: Executor, records: TActionHistoryRecord[]): Promise<TActionHistoryRecord[]> {
  const byHistory = new Map<number, ResendAttempt[]>();
  for (const attempt of await listLatestResends(
    db,
    records.map((r) => r.id),
  )) {
    byHistory.set(attempt.historyId, [...(byHistory.get(attempt.historyId) ?? []), attempt]);
  }
  return records.map((r) => ({ ...r, lastResend: resendOutcome(byHistory.get(r.id) ?? []) }));
}
