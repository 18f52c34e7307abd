import { ZSuccessOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZLogoutOutput = ZSuccessOut;

export const logoutMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/logout',
    summary: 'Sign out: ends the session and clears the cookie',
    tag: 'Accounts',
  },
};
