import { searchUsersByUsername } from '@shop/db';
import { USER_SEARCH_LIMIT } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { searchUsersMeta, ZSearchUsersInput, ZSearchUsersOutput } from './search-users.types';
import { userSummary } from './user-summary';

/** Case-insensitive 'contains', at most 20. */
export const searchUsers = adminProcedure
  .meta(searchUsersMeta)
  .input(ZSearchUsersInput)
  .output(ZSearchUsersOutput)
  .query(async ({ ctx, input }) => {
    const rows = await searchUsersByUsername(ctx.services.db.kysely, input.username, USER_SEARCH_LIMIT);
    return rows.map(userSummary);
  });
