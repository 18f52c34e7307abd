import { adminProcedure } from '../../trpc';
import { stopAllMeta, ZStopAllOutput } from './stop-all.types';

export const stopAll = adminProcedure
  .meta(stopAllMeta)
  .output(ZStopAllOutput)
  .mutation(({ ctx }) => ctx.services.controlRoom.stopAll());
