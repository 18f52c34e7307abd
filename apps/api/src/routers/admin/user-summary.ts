import type { UserRow } from '@shop/db';
import type { TAdminUserSummary } from '@shop/domain';
import { toUser } from '@shop/domain';

export function userSummary(row: UserRow): TAdminUserSummary {
  const user = toUser(row);
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    isAdmin: user.isAdmin,
    coinBalance: user.coinBalance,
    createdAt: user.createdAt,
    disabledAt: row.disabled_at === null ? null : new Date(Number(row.disabled_at)).toISOString(),
  };
}
