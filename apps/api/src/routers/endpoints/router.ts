import {
  deleteEndpoint,
  type Executor,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  toWebhookEndpoint,
  updateEndpoint,
} from '@shop/db';
import { AppError, ZEndpointTest, ZId, ZWebhookEndpointInput, ZWebhookEndpointUpdate } from '@shop/domain';
import { adminProcedure, router } from '../../trpc';

const list = adminProcedure.query(async ({ ctx }) =>
  (await listEndpoints(ctx.services.db.kysely)).map(toWebhookEndpoint),
);

async function readEndpointRow(db: Executor, id: number) {
  const row = await findEndpoint(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
  return row;
}

async function readEndpoint(db: Executor, id: number) {
  return toWebhookEndpoint(await readEndpointRow(db, id));
}

const create = adminProcedure.input(ZWebhookEndpointInput).mutation(async ({ ctx, input }) => {
  const id = await insertEndpoint(ctx.services.db.kysely, { ...input, now: ctx.services.now() });
  return readEndpoint(ctx.services.db.kysely, id);
});

const update = adminProcedure.input(ZWebhookEndpointUpdate).mutation(async ({ ctx, input }) => {
  const before = await findEndpoint(ctx.services.db.kysely, input.id);
  const found = await updateEndpoint(ctx.services.db.kysely, input.id, {
    ...(input.url !== undefined && { url: input.url }),
    ...('secretKey' in input && input.secretKey !== undefined && { secret_key: input.secretKey }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.gameType !== undefined && { game_type: input.gameType }),
    ...(input.active !== undefined && { active: input.active ? 1 : 0 }),
  });
  if (!found) throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
  const after = await readEndpointRow(ctx.services.db.kysely, input.id);
  // A kept-open connection logged in with the old address or password must not outlive the edit.
  if (before && (before.url !== after.url || before.secret_key !== after.secret_key || after.active !== 1)) {
    await ctx.services.dispatcher.forget(before.url);
  }
  return toWebhookEndpoint(after);
});

const remove = adminProcedure.input(ZId).mutation(async ({ ctx, input }) => {
  const before = await findEndpoint(ctx.services.db.kysely, input.id);
  if (!before || !(await deleteEndpoint(ctx.services.db.kysely, input.id))) {
    throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
  }
  await ctx.services.dispatcher.forget(before.url);
  return { status: 'success' as const };
});

/**
 * Sends one command straight to one endpoint (through the app's dispatcher, so over the same kept-open
 * connection deliveries use) and reports what the server said. Nothing is queued or charged.
 */
const test = adminProcedure.input(ZEndpointTest).mutation(async ({ ctx, input }) => {
  const endpoint = await findEndpoint(ctx.services.db.kysely, input.id);
  if (!endpoint) throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
  const result = await ctx.services.dispatcher.deliver(
    { url: endpoint.url, secret: endpoint.secret_key },
    {
      deliveryId: `test_${endpoint.id}_${ctx.services.now()}`,
      command: input.command,
      action: { id: 0, name: 'Test command', webhookAction: input.command, fields: null },
      viewer: { id: ctx.user.id, username: ctx.user.username, displayName: ctx.user.display_name },
      target: null,
      triggerId: null,
      isTest: true,
    },
    { timeoutMs: ctx.services.config.delivery.timeoutMs },
  );
  return result.ok
    ? { success: true, message: result.response || 'Delivered', durationMs: result.durationMs }
    : { success: false, message: result.error, durationMs: result.durationMs };
});

export const endpointsRouter = router({ list, create, update, delete: remove, test });
