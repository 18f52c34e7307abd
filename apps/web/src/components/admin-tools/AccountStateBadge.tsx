import { Badge } from '@mantine/core';

/** Whether the account may sign in: green Active, or red Disabled (an admin stopped it). */
export function AccountStateBadge({ disabledAt, size = 'sm' }: { disabledAt: string | null; size?: 'xs' | 'sm' }) {
  return disabledAt === null ? (
    <Badge size={size} color="green" variant="light" data-testid="account-state">
      Active
    </Badge>
  ) : (
    <Badge size={size} color="red" variant="filled" data-testid="account-state">
      Disabled
    </Badge>
  );
}
