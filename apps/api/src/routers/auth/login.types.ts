import { ZLogin, ZUserOut } from '@shop/domain';
import type { ProcedureMeta } from '../../rest/mapping';

export const ZLoginInput = ZLogin;
export const ZLoginOutput = ZUserOut;

export const loginMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/login',
    summary: 'Sign in with username and password (sets the session cookie)',
    tag: 'Accounts',
    errors: [401, 429],
  },
};
