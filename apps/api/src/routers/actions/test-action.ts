import { testActionNow } from '../../delivery/test-now';
import { adminProcedure } from '../../trpc';
import { testActionMeta, ZTestActionInput, ZTestActionOutput } from './test-action.types';

/**
 * Sends the action to every matching target at once, outside the queue, without charging anyone,
 * and answers each target's outcome (502 with every target's error when none took it).
 */
export const testAction = adminProcedure
  .meta(testActionMeta)
  .input(ZTestActionInput)
  .output(ZTestActionOutput)
  .mutation(({ ctx, input }) => testActionNow(ctx.services, ctx.user, input.actionId));
