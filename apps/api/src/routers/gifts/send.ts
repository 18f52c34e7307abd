import { sendGift } from '../../economy/gifts/send-gift';
import { authedProcedure } from '../../trpc';
import { sendGiftMeta, ZSendGiftInput, ZSendGiftOutput } from './send.types';

export const send = authedProcedure
  .meta(sendGiftMeta)
  .input(ZSendGiftInput)
  .output(ZSendGiftOutput)
  .mutation(({ ctx, input }) => sendGift(ctx.services, ctx.user, input));
