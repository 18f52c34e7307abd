import { Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatNumber } from '@shop/domain';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../coins/transactions';
import { QueryError } from '../common/QueryError';
import { useRecentRewards } from './use-watch-time';

interface Props {
  /** Also reloads the status and statistics, so the page agrees with the table. */
  onRefresh: () => void;
}

/** The 10 most recent rewards (admin-spec section 2): coins, user, minutes watched, time. */
export function RecentRewardsTable({ onRefresh }: Props) {
  const rewards = useRecentRewards();
  const refresh = () => {
    onRefresh();
    void rewards.refetch();
  };

  let body: ReactNode;
  if (rewards.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Loading recent rewards">
        <Skeleton height={28} />
        <Skeleton height={28} />
        <Skeleton height={28} />
      </Stack>
    );
  } else if (rewards.isError) {
    body = <QueryError title="Failed to load recent rewards" error={rewards.error} onRetry={refresh} />;
  } else if (rewards.data.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="lg">
        No rewards have been given yet
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={320}>
        <Table striped aria-label="Recent rewards" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Coins</Table.Th>
              <Table.Th>User</Table.Th>
              <Table.Th>Minutes watched</Table.Th>
              {/* On a phone the time moves under the user, so nothing hides behind a sideways scroll. */}
              <Table.Th visibleFrom="sm">Time</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rewards.data.map((r) => (
              <Table.Tr key={r.id} data-testid="reward-row">
                <Table.Td fw={700} c="green" style={{ whiteSpace: 'nowrap' }}>
                  +{formatNumber(r.coinsAwarded)}
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/profile/${r.userId}`} size="sm">
                    {r.username || `User #${r.userId}`}
                  </Anchor>
                  <Text span size="xs" c="dimmed">
                    {' '}
                    #{r.userId}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {formatDateTime(r.timestamp)}
                  </Text>
                </Table.Td>
                <Table.Td>{formatNumber(r.watchDuration)}</Table.Td>
                <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(r.timestamp)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          Recent Rewards
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          onClick={refresh}
          loading={rewards.isFetching && !rewards.isPending}
        >
          Refresh
        </Button>
      </Group>
      {body}
    </Paper>
  );
}
