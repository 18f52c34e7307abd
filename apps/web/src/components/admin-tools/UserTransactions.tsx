import { Center, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';
import { TransactionAmount } from '../coins/TransactionAmount';
import { TransactionTypeBadge } from '../coins/TransactionTypeBadge';
import { formatDateTime } from '../coins/transactions';
import { QueryError } from '../common/QueryError';

/** The selected user's latest ledger rows, so an adjustment can be checked against what happened. */
export function UserTransactions({ userId }: { userId: number }) {
  const trpc = useTRPC();
  const rows = useQuery({ ...trpc.adminTools.userTransactions.queryOptions({ userId }), staleTime: 0 });

  let body: React.ReactNode;
  if (rows.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Loading transactions">
        <Skeleton height={24} />
        <Skeleton height={24} />
        <Skeleton height={24} />
      </Stack>
    );
  } else if (rows.isError) {
    body = <QueryError title="Failed to load transactions" error={rows.error} onRetry={() => void rows.refetch()} />;
  } else if (rows.data.length === 0) {
    body = (
      <Center py="md">
        <Text c="dimmed">No transactions yet.</Text>
      </Center>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="xs" aria-label="Recent transactions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Description</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.data.map((t) => (
              <Table.Tr key={t.id} data-testid="user-transaction">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(t.createdAt)}</Table.Td>
                <Table.Td>
                  <TransactionTypeBadge type={t.type} />
                </Table.Td>
                <Table.Td>
                  <TransactionAmount amount={t.amount} size="sm" />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t.description}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Stack gap="sm">
      <Title order={4}>Recent transactions</Title>
      {body}
    </Stack>
  );
}
