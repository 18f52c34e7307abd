import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatNumber, type TAdminUserSummary } from '@shop/domain';
import { formatDay } from '../coins/transactions';
import { AccountStateBadge } from './AccountStateBadge';

interface Props {
  users: TAdminUserSummary[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** The search hits as rows that wrap on a phone instead of a table that scrolls sideways. */
export function UserSearchResults({ users, selectedId, onSelect }: Props) {
  return (
    <Stack gap="xs" role="list" aria-label="Users found">
      {users.map((user) => {
        const selected = user.id === selectedId;
        return (
          <Paper
            key={user.id}
            withBorder
            p="xs"
            role="listitem"
            data-testid="user-result"
            bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {user.username}
                  </Text>
                  {user.isAdmin && (
                    <Badge size="xs" color="red" variant="light">
                      Admin
                    </Badge>
                  )}
                  {user.disabledAt !== null && <AccountStateBadge disabledAt={user.disabledAt} size="xs" />}
                </Group>
                <Text size="xs" c="dimmed">
                  {user.displayName ? `${user.displayName} · ` : ''}
                  {formatNumber(user.coinBalance)} coins · joined {formatDay(user.createdAt)}
                </Text>
              </div>
              <Button
                size="xs"
                variant={selected ? 'filled' : 'light'}
                onClick={() => onSelect(user.id)}
                aria-label={`Select ${user.username}`}
                aria-pressed={selected}
              >
                {selected ? 'Selected' : 'Select'}
              </Button>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
