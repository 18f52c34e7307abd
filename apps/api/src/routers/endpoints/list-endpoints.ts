import { listEndpoints as listRows } from '@shop/db';
import { toWebhookEndpoint } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { listEndpointsMeta, ZListEndpointsOutput } from './list-endpoints.types';
import { originOf } from './origin-of';

export const listEndpoints = adminProcedure
  .meta(listEndpointsMeta)
  .output(ZListEndpointsOutput)
  .query(async ({ ctx }) =>
    (await listRows(ctx.services.db.kysely)).map((row) => toWebhookEndpoint(row, originOf(ctx))),
  );
