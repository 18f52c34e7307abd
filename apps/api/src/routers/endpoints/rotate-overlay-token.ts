import { newOverlayToken, replaceOverlayToken } from '@shop/db';
import { AppError, toWebhookEndpoint } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { originOf } from './origin-of';
import { readEndpointRow } from './read-endpoint-row';
import {
  rotateOverlayTokenMeta,
  ZRotateOverlayTokenInput,
  ZRotateOverlayTokenOutput,
} from './rotate-overlay-token.types';

/**
 * Rotate: a new overlay URL for an overlay endpoint (the old one leaked, say, or an old OBS scene
 * should stop showing alerts). The old token stops working at once, and the overlays open with it,
 * in every process, are closed and stop retrying; the admin puts the new URL into OBS.
 */
export const rotateOverlayToken = adminProcedure
  .meta(rotateOverlayTokenMeta)
  .input(ZRotateOverlayTokenInput)
  .output(ZRotateOverlayTokenOutput)
  .mutation(async ({ ctx, input }) => {
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
