import { insertEndpoint, newOverlayToken } from '@shop/db';
import { isOverlayUrl, toWebhookEndpoint } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { createEndpointMeta, ZCreateEndpointInput, ZCreateEndpointOutput } from './create-endpoint.types';
import { originOf } from './origin-of';
import { readEndpointRow } from './read-endpoint-row';

export const createEndpoint = adminProcedure
  .meta(createEndpointMeta)
  .input(ZCreateEndpointInput)
  .output(ZCreateEndpointOutput)
  .mutation(async ({ ctx, input }) => {
    const overlayToken = isOverlayUrl(input.url) ? newOverlayToken() : null;
    const id = await insertEndpoint(ctx.services.db.kysely, { ...input, overlayToken, now: ctx.services.now() });
    return toWebhookEndpoint(await readEndpointRow(ctx.services.db.kysely, id), originOf(ctx));
  });
