import { findEndpoint, newOverlayToken, updateEndpoint as updateRow } from '@shop/db';
import {
  AppError,
  isOverlayUrl,
  SECRET_REQUIRED_MESSAGE,
  toWebhookEndpoint,
  UP_NEXT_OVERLAY_ONLY_MESSAGE,
} from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { originOf } from './origin-of';
import { readEndpointRow } from './read-endpoint-row';
import { updateEndpointMeta, ZUpdateEndpointInput, ZUpdateEndpointOutput } from './update-endpoint.types';

export const updateEndpoint = adminProcedure
  .meta(updateEndpointMeta)
  .input(ZUpdateEndpointInput)
  .output(ZUpdateEndpointOutput)
  .mutation(async ({ ctx, input }) => {
    const before = await findEndpoint(ctx.services.db.kysely, input.id);
    if (!before) throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
    const url = input.url ?? before.url;
    const overlay = isOverlayUrl(url);
    const secret = 'secretKey' in input && input.secretKey !== undefined ? input.secretKey : before.secret_key;
    // An overlay needs no secret; any other transport does (an overlay edited into a webhook gets one now).
    if (!overlay && secret === '') throw new AppError('BAD_REQUEST', `secretKey: ${SECRET_REQUIRED_MESSAGE}`);
    // Only the overlay page can show the list; an endpoint that stops being an overlay loses the setting.
    if (!overlay && input.showUpNext === true) {
      throw new AppError('BAD_REQUEST', `showUpNext: ${UP_NEXT_OVERLAY_ONLY_MESSAGE}`);
    }
    const found = await updateRow(ctx.services.db.kysely, input.id, {
      // The token stays with the endpoint while it is an overlay: the OBS source keeps working after edits.
      overlay_token: overlay ? (before.overlay_token ?? newOverlayToken()) : null,
      ...(input.url !== undefined && { url: input.url }),
      ...('secretKey' in input && input.secretKey !== undefined && { secret_key: input.secretKey }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.gameType !== undefined && { game_type: input.gameType }),
      ...(input.active !== undefined && { active: input.active ? 1 : 0 }),
      ...(!overlay
        ? { show_up_next: 0 }
        : input.showUpNext !== undefined && { show_up_next: input.showUpNext ? 1 : 0 }),
    });
    if (!found) throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
    const after = await readEndpointRow(ctx.services.db.kysely, input.id);
    // A kept-open connection logged in with the old address or password must not outlive the edit.
    if (before && (before.url !== after.url || before.secret_key !== after.secret_key || after.active !== 1)) {
      await ctx.services.dispatcher.forget(before.url);
    }
    if (before.overlay_token && (after.overlay_token !== before.overlay_token || after.active !== 1)) {
      ctx.services.overlays.disconnect(before.overlay_token);
    } else if (after.overlay_token && after.show_up_next !== before.show_up_next) {
      ctx.services.overlays.setUpNext(after.overlay_token, after.show_up_next === 1);
    }
    return toWebhookEndpoint(after, originOf(ctx));
  });
