import { adminProcedure } from '../../trpc';
import { setHoldMeta, ZSetHoldInput, ZSetHoldOutput } from './set-hold.types';

export const setHold = adminProcedure
  .meta(setHoldMeta)
  .input(ZSetHoldInput)
  .output(ZSetHoldOutput)
  .mutation(({ ctx, input }) => ctx.services.controlRoom.setHold(input.held));
