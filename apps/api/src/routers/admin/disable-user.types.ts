import { ZAdminUserRef, ZAdminUserStateReply } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZDisableUserInput = ZAdminUserRef;
export const ZDisableUserOutput = ZAdminUserStateReply;

export const disableUserMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/admin/users/{id}/disable',
    summary: 'Disable an account: its sessions and sockets end on every process, and it can no longer sign in',
    tag: 'Admin',
    description:
      "A disabled account signing in is answered 403 'This account is disabled'. It cannot trigger, contribute to a crowd goal, gift, receive gifts (409 to the sender) or earn coins (watch-time, Streamer.bot conversions). Disabling an account already disabled changes nothing. An admin cannot disable their own account (400).",
    errors: [400],
    paramFields: { id: 'userId' },
  },
};
