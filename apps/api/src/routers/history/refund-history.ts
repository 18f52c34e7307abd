import { adminProcedure } from '../../trpc';
import { refundHistoryMeta, ZRefundHistoryInput, ZRefundHistoryOutput } from './refund-history.types';

export const refundHistory = adminProcedure
  .meta(refundHistoryMeta)
  .input(ZRefundHistoryInput)
  .output(ZRefundHistoryOutput)
  .mutation(async ({ ctx, input }) => {
    // Under the trigger's lock, with its unsent deliveries (control-room/decisions.ts, refundByHand).
    await ctx.services.controlRoom.refund(input.id, `refunded by ${ctx.user.username}`);
    return { status: 'success' as const, message: 'Action refunded' };
  });
