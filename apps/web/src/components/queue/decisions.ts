import { formatNumber, type TQueueDecision, type TQueueItem } from '@shop/domain';
import { viewerName } from './queue-order';

/** Each decision's button, and the verb its failure toast uses. */
export const DECISION_UI: Record<TQueueDecision, { label: string; verb: string; color: string }> = {
  approve: { label: 'Approve', verb: 'approve', color: 'green' },
  reject: { label: 'Reject', verb: 'reject', color: 'red' },
  skip: { label: 'Skip', verb: 'skip', color: 'orange' },
  front: { label: 'Move to front', verb: 'move to the front', color: 'blue' },
  retry: { label: 'Retry now', verb: 'retry', color: 'yellow' },
  stop: { label: 'Stop now', verb: 'stop', color: 'red' },
};

/** The decisions that can be applied to many triggers at once. */
export const BULK_DECISIONS = ['reject', 'skip'] as const satisfies readonly TQueueDecision[];
export type TBulkDecision = (typeof BULK_DECISIONS)[number];

const coins = (n: number) => `${formatNumber(n)} ${n === 1 ? 'coin' : 'coins'}`;

/** The success toast of one decision, naming the trigger and what became of the viewer's coins. */
export function decisionDone(decision: TQueueDecision, item: TQueueItem): { title: string; message: string } {
  const who = viewerName(item);
  switch (decision) {
    case 'approve':
      return { title: 'Approved', message: `${item.actionName} for ${who} is in line to be sent.` };
    case 'reject':
      return { title: 'Rejected', message: `${item.actionName}: ${who} got ${coins(item.cost)} back.` };
    case 'skip':
      return { title: 'Skipped', message: `${item.actionName}: ${who} got ${coins(item.cost)} back.` };
    case 'front':
      return { title: 'Moved to the front', message: `${item.actionName} for ${who} is next in its line.` };
    case 'retry':
      return { title: 'Retrying now', message: `${item.actionName} for ${who} is being sent again.` };
    case 'stop':
      return { title: 'Stopping', message: `${item.actionName} for ${who}: its stop command is on its way.` };
  }
}

/** 'Stop all running': how many effects were told to stop (the server's count, not the list's). */
export function stopAllDone(stopped: number): { title: string; message: string } {
  if (stopped === 0) return { title: 'Nothing to stop', message: 'No timed effect was running any more.' };
  return {
    title: `Stopped ${stopped} ${stopped === 1 ? 'effect' : 'effects'}`,
    message: 'Their stop commands are on their way to the game.',
  };
}

/** A decision the server refused because the trigger moved on (409): what happened, in its words. */
export const CONFLICT = 409;

export function decisionFailed(
  decision: TQueueDecision,
  status: number | undefined,
  message: string,
): { title: string; message: string } {
  const title = `Could not ${DECISION_UI[decision].verb}`;
  return status === CONFLICT
    ? { title, message: `${message}. The list now shows where it stands.` }
    : { title, message };
}

export type BulkToast = { kind: 'success' | 'warning' | 'error'; title: string; message: string };

/** One toast for a bulk decision: all done, some done (and why not the rest), or none. */
export function bulkSummary(decision: TBulkDecision, done: number, failures: readonly string[]): BulkToast {
  const total = done + failures.length;
  const past = decision === 'reject' ? 'Rejected' : 'Skipped';
  const triggers = (n: number) => `${n} ${n === 1 ? 'trigger' : 'triggers'}`;
  if (failures.length === 0) {
    return { kind: 'success', title: `${past} ${triggers(done)}`, message: 'Their coins went back to the viewers.' };
  }
  const first = failures[0] ?? '';
  const others = failures.length > 1 ? ` (and ${failures.length - 1} more)` : '';
  if (done === 0) {
    return {
      kind: 'error',
      title: `Could not ${DECISION_UI[decision].verb} ${triggers(total)}`,
      message: `${first}${others}`,
    };
  }
  return {
    kind: 'warning',
    title: `${past} ${done} of ${triggers(total)}`,
    message: `${triggers(failures.length)} could not be: ${first}${others}`,
  };
}
