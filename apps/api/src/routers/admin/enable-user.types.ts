import { ZAdminUserRef, ZAdminUserStateReply } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZEnableUserInput = ZAdminUserRef;
export const ZEnableUserOutput = ZAdminUserStateReply;

export const enableUserMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/admin/users/{id}/enable',
    summary: 'Enable a disabled account again: it can sign in, spend, gift, receive gifts and earn',
    tag: 'Admin',
    description:
      'Enabling an account that is not disabled changes nothing. Its old sessions stay ended: the user signs in again.',
    paramFields: { id: 'userId' },
  },
};
