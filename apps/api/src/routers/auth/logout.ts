import { deleteSession } from '@shop/db';
import { publicProcedure } from '../../trpc';
import { logoutMeta, ZLogoutOutput } from './logout.types';

/** Public on purpose: logging out twice, or with an expired cookie, still succeeds. */
export const logout = publicProcedure
  .meta(logoutMeta)
  .output(ZLogoutOutput)
  .mutation(async ({ ctx }) => {
    if (ctx.sessionId) {
      await deleteSession(ctx.services.db.kysely, ctx.sessionId);
      // Sockets opened with this session (in any process) would otherwise keep the viewer's receipts coming.
      ctx.services.realtime.endSessions({ sessionId: ctx.sessionId });
    }
    ctx.cookies.clear();
    return { status: 'success' as const };
  });
