import { type TQueueDecision, ZQueueDecisionInput, ZQueueItemOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';
import { adminProcedure } from '../../trpc';

export const ZDecisionInput = ZQueueDecisionInput;
export const ZDecisionOutput = ZQueueItemOut;

/** The REST mapping of one decision: POST /api/admin/queue/{historyId}/<verb>. */
export function decisionMeta(verb: TQueueDecision, summary: string): ProcedureMeta {
  return {
    rest: { method: 'POST', path: `/api/admin/queue/{historyId}/${verb}`, summary, tag: 'Queue', errors: [409] },
  };
}

/** One of the streamer's decisions on a trigger; 409 with what happened when its state does not allow it. */
export function decisionProcedure(verb: TQueueDecision, meta: ProcedureMeta) {
  return adminProcedure
    .meta(meta)
    .input(ZDecisionInput)
    .output(ZDecisionOutput)
    .mutation(({ ctx, input }) => ctx.services.controlRoom.decide(verb, input.historyId));
}
