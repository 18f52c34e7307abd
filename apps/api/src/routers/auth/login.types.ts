import { ZLogin, ZUserOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZLoginInput = ZLogin;
export const ZLoginOutput = ZUserOut;

export const loginMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/login',
    summary: 'Sign in with username and password (sets the session cookie)',
    tag: 'Accounts',
    description: "A disabled account is answered 403 'This account is disabled', after its password was checked.",
    errors: [401, 403, 429],
  },
};
