import { ZUserOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZGetUserOutput = ZUserOut;

export const getUserMeta: ProcedureMeta = {
  rest: { method: 'GET', path: '/api/user', summary: 'The signed-in user, with the coin balance', tag: 'Accounts' },
};
