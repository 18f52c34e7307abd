import { endpointTransportLabel, NO_RECEIVER_WARNING, type TEndpointGameType } from '@shop/domain';
import { endpointsTaking } from '../../delivery/targets';
import { adminProcedure } from '../../trpc';
import { deliveryPreviewMeta, ZDeliveryPreviewInput, ZDeliveryPreviewOutput } from './delivery-preview.types';

/**
 * Where an action of this game (and target) type would be delivered if triggered now: the same
 * routing a trigger uses, so the form's 'Delivered to' line and a real trigger never disagree.
 * Routing depends on the game only; the target type is checked (individual is Rust-only) because
 * an individual action still goes to every endpoint its game reaches.
 */
export const deliveryPreview = adminProcedure
  .meta(deliveryPreviewMeta)
  .input(ZDeliveryPreviewInput)
  .output(ZDeliveryPreviewOutput)
  .query(async ({ ctx, input }) => {
    const { endpoints, currentGame } = await endpointsTaking(ctx.services, input.gameType);
    return {
      targets: endpoints.map((e) => ({
        id: e.id,
        description: e.description,
        gameType: e.game_type as TEndpointGameType,
        label: endpointTransportLabel(e.url),
      })),
      warning: endpoints.length === 0 ? NO_RECEIVER_WARNING : null,
      currentGame,
    };
  });
