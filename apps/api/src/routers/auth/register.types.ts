import { ZRegister, ZUserOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZRegisterInput = ZRegister;
export const ZRegisterOutput = ZUserOut;

export const registerMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/register',
    summary: 'Create an account and sign in (sets the session cookie)',
    tag: 'Accounts',
    errors: [409, 429],
  },
};
