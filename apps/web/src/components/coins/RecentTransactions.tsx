import { Anchor, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QueryError } from '../common/QueryError';
import { DeliveryBadge } from './DeliveryBadge';
import { skeletonKeys } from './skeleton-keys';
import { TransactionAmount } from './TransactionAmount';
import { TransactionTypeBadge } from './TransactionTypeBadge';
import { formatDateTime } from './transactions';
import { useRecentTransactions } from './use-transactions';
import { WaitingLine } from './WaitingLine';
import { isWaiting } from './waiting-line';

/** viewer-spec section 9: the dashboard shows the latest 5. */
const RECENT_COUNT = 5;

function Body() {
  const transactions = useRecentTransactions(RECENT_COUNT);

  if (transactions.isPending) {
    return (
      <Stack gap="xs" aria-busy aria-label="Loading transactions">
        {skeletonKeys(RECENT_COUNT).map((key) => (
          <Skeleton key={key} h={28} />
        ))}
      </Stack>
    );
  }
  if (transactions.isError) {
    return (
      <QueryError
        title="Could not load your transactions"
        error={transactions.error}
        onRetry={() => transactions.refetch()}
      />
    );
  }
  const recent = transactions.data.items;
  if (recent.length === 0) return <Text c="dimmed">No transactions yet</Text>;

  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="xs" data-testid="recent-transactions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {recent.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(t.createdAt)}
                </Text>
              </Table.Td>
              {/* Wide enough for 'PURCHASE': the description column would squeeze the badge to 'PURC...'. */}
              <Table.Td style={{ minWidth: 110 }}>
                <TransactionTypeBadge type={t.type} />
              </Table.Td>
              {/* Wide enough for 'REFUNDED AFTER 4 TRIES': on a phone the badges were cut to 'AWAITING AP...'. */}
              <Table.Td style={{ minWidth: 210 }}>
                <Stack gap={4} align="flex-start">
                  <Text size="sm">{t.description}</Text>
                  {t.delivery && <DeliveryBadge delivery={t.delivery} />}
                  {isWaiting(t.delivery) && <WaitingLine historyId={t.delivery.historyId} />}
                </Stack>
              </Table.Td>
              <Table.Td>
                <TransactionAmount amount={t.amount} size="sm" ta="right" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Dashboard item 4 (viewer-spec section 2): the latest 5 transactions and a way to the full history. */
export function RecentTransactions() {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="recent-transactions-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3" id="recent-transactions-title">
            Recent Transactions
          </Title>
          <Anchor component={Link} to="/history" size="sm">
            View All
          </Anchor>
        </Group>
        <Body />
      </Stack>
    </Card>
  );
}
