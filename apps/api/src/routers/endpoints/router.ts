import {
  deleteEndpoint,
  type Executor,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  newOverlayToken,
  replaceOverlayToken,
  toWebhookEndpoint,
  updateEndpoint,
} from '@shop/db';
import {
  AppError,
  isOverlayUrl,
  SECRET_REQUIRED_MESSAGE,
  ZEndpointTest,
  ZId,
  ZWebhookEndpointInput,
  ZWebhookEndpointUpdate,
} from '@shop/domain';
import type { Context } from '../../context';
import { adminProcedure, router } from '../../trpc';

/** Where the overlay page lives: the configured public origin, else the host this request came to. */
function originOf(ctx: Context): string {
  return ctx.services.config.publicOrigin ?? `${ctx.request.protocol}://${ctx.request.host}`;
}

const list = adminProcedure.query(async ({ ctx }) =>
  (await listEndpoints(ctx.services.db.kysely)).map((row) => toWebhookEndpoint(row, originOf(ctx))),
);

async function readEndpointRow(db: Executor, id: number) {
  const row = await findEndpoint(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
  return row;
}

const create = adminProcedure.input(ZWebhookEndpointInput).mutation(async ({ ctx, input }) => {
  const overlayToken = isOverlayUrl(input.url) ? newOverlayToken() : null;
  const id = await insertEndpoint(ctx.services.db.kysely, { ...input, overlayToken, now: ctx.services.now() });
  return toWebhookEndpoint(await readEndpointRow(ctx.services.db.kysely, id), originOf(ctx));
});

const update = adminProcedure.input(ZWebhookEndpointUpdate).mutation(async ({ ctx, input }) => {
  const before = await findEndpoint(ctx.services.db.kysely, input.id);
  if (!before) throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
  const url = input.url ?? before.url;
  const overlay = isOverlayUrl(url);
  const secret = 'secretKey' in input && input.secretKey !== undefined ? input.secretKey : before.secret_key;
  // An overlay needs no secret; any other transport does (an overlay edited into a webhook gets one now).
  if (!overlay && secret === '') throw new AppError('BAD_REQUEST', `secretKey: ${SECRET_REQUIRED_MESSAGE}`);
  const found = await updateEndpoint(ctx.services.db.kysely, input.id, {
    // The token stays with the endpoint while it is an overlay: the OBS source keeps working after edits.
    overlay_token: overlay ? (before.overlay_token ?? newOverlayToken()) : null,
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
  if (before.overlay_token && (after.overlay_token !== before.overlay_token || after.active !== 1)) {
    ctx.services.overlays.disconnect(before.overlay_token);
  }
  return toWebhookEndpoint(after, originOf(ctx));
});

const remove = adminProcedure.input(ZId).mutation(async ({ ctx, input }) => {
  const before = await findEndpoint(ctx.services.db.kysely, input.id);
  if (!before || !(await deleteEndpoint(ctx.services.db.kysely, input.id))) {
    throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
  }
  await ctx.services.dispatcher.forget(before.url);
  if (before.overlay_token) ctx.services.overlays.disconnect(before.overlay_token);
  return { status: 'success' as const };
});

/**
 * Rotate: a new overlay URL for an overlay endpoint (the old one leaked, say, or an old OBS scene
 * should stop showing alerts). The old token stops working at once, and the overlays open with it,
 * in every process, are closed and stop retrying; the admin puts the new URL into OBS.
 */
const rotateOverlayToken = adminProcedure.input(ZId).mutation(async ({ ctx, input }) => {
  const db = ctx.services.db.kysely;
  const before = await readEndpointRow(db, input.id);
  if (!before.overlay_token) {
    throw new AppError('CONFLICT', 'Only an overlay endpoint (overlay://) has an overlay URL to rotate');
  }
  if (!(await replaceOverlayToken(db, input.id, before.overlay_token, newOverlayToken()))) {
    throw new AppError('CONFLICT', 'The overlay URL changed meanwhile; reload and try again');
  }
  ctx.services.overlays.disconnect(before.overlay_token);
  return toWebhookEndpoint(await readEndpointRow(db, input.id), originOf(ctx));
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

export const endpointsRouter = router({ list, create, update, delete: remove, test, rotateOverlayToken });
