import { authedProcedure } from '../../trpc';
import { listMyQueueMeta, ZListMyQueueOutput } from './list-my-queue.types';

/** Only the viewer's own triggers; who else waits (names, costs) stays with the streamer. */
export const listMyQueue = authedProcedure
  .meta(listMyQueueMeta)
  .output(ZListMyQueueOutput)
  .query(async ({ ctx }) => {
    const queue = await ctx.services.controlRoom.read(ctx.user.id);
    return { items: queue.items.map((item) => ZListMyQueueOutput.shape.items.element.parse(item)) };
  });
