import { adminProcedure } from '../../trpc';
import { listQueueMeta, ZListQueueOutput } from './list-queue.types';

export const listQueue = adminProcedure
  .meta(listQueueMeta)
  .output(ZListQueueOutput)
  .query(({ ctx }) => ctx.services.controlRoom.read());
