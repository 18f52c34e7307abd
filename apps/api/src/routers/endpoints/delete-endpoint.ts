import { deleteEndpoint as deleteRow, findEndpoint } from '@shop/db';
import { AppError } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { deleteEndpointMeta, ZDeleteEndpointInput, ZDeleteEndpointOutput } from './delete-endpoint.types';

export const deleteEndpoint = adminProcedure
  .meta(deleteEndpointMeta)
  .input(ZDeleteEndpointInput)
  .output(ZDeleteEndpointOutput)
  .mutation(async ({ ctx, input }) => {
    const before = await findEndpoint(ctx.services.db.kysely, input.id);
    if (!before || !(await deleteRow(ctx.services.db.kysely, input.id))) {
      throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
    }
    await ctx.services.dispatcher.forget(before.url);
    if (before.overlay_token) ctx.services.overlays.disconnect(before.overlay_token);
    return { status: 'success' as const };
  });
