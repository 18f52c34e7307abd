import { findEndpoint } from '@shop/db';
import { AppError } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { testEndpointMeta, ZTestEndpointInput, ZTestEndpointOutput } from './test-endpoint.types';

/**
 * Sends one command straight to one endpoint (through the app's dispatcher, so over the same kept-open
 * connection deliveries use) and reports what the server said. Nothing is queued or charged.
 */
export const testEndpoint = adminProcedure
  .meta(testEndpointMeta)
  .input(ZTestEndpointInput)
  .output(ZTestEndpointOutput)
  .mutation(async ({ ctx, input }) => {
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
