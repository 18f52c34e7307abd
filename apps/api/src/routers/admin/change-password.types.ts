import { ZAdminActionReply, ZChangePassword } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZChangePasswordInput = ZChangePassword;
export const ZChangePasswordOutput = ZAdminActionReply;

export const changePasswordMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/admin/change-password/{userId}',
    summary: "Set a user's password (6 to 50 characters); every session of that user ends",
    tag: 'Admin',
  },
};
