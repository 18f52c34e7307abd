import { ZAdminUserSearch, ZAdminUserSummary } from '@shop/domain';
import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZSearchUsersInput = ZAdminUserSearch;
export const ZSearchUsersOutput = z.array(ZAdminUserSummary);

export const searchUsersMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/admin/users',
    summary: 'Users whose username contains the text, any case (at most 20)',
    tag: 'Admin',
  },
};
