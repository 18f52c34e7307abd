import {
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Switch,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { formatCents, formatNumber, type TAdminPayment, type TPaymentStatus } from '@shop/domain';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTRPC } from '../../trpc';
import { relativeTime } from '../actions/relative-time';
import { useNow } from '../actions/use-now';
import { QueryError } from '../common/QueryError';

const STATUS: Record<TPaymentStatus, { label: string; color: string }> = {
  created: { label: 'Open', color: 'yellow' },
  credited: { label: 'Credited', color: 'green' },
  refused: { label: 'Refused', color: 'gray' },
  refunded: { label: 'Refunded', color: 'blue' },
  reversed: { label: 'Reversed', color: 'red' },
};

/**
 * Admin Payments: the newest PayPal (or demo) orders and how each ended. Rows needing a person are
 * marked: coins a refund could not take back (the buyer had spent them), money refunded instead of
 * credited, orders left open too long.
 */
export function AdminPaymentsPanel() {
  const trpc = useTRPC();
  const payments = useQuery(trpc.payments.adminList.queryOptions());
  const [attentionOnly, setAttentionOnly] = useState(false);
  const now = useNow(60_000);

  const header = (
    <Group justify="space-between">
      <Title order={3}>Payments</Title>
      <Group>
        <Switch
          label="Needs attention only"
          checked={attentionOnly}
          onChange={(e) => setAttentionOnly(e.currentTarget.checked)}
        />
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} />}
          onClick={() => void payments.refetch()}
          loading={payments.isFetching && !payments.isPending}
        >
          Refresh
        </Button>
      </Group>
    </Group>
  );

  if (payments.isPending) {
    return (
      <Paper withBorder p="md">
        {header}
        <Center py="xl">
          <Loader aria-label="Loading payments" />
        </Center>
      </Paper>
    );
  }
  if (payments.isError) {
    return (
      <Paper withBorder p="md">
        {header}
        <QueryError title="Failed to fetch payments" error={payments.error} onRetry={() => void payments.refetch()} />
      </Paper>
    );
  }

  const rows = attentionOnly ? payments.data.filter((p) => p.needsAttention) : payments.data;
  return (
    <Paper withBorder p="md">
      {header}
      {rows.length === 0 ? (
        <Center py="xl">
          <Text c="dimmed">{attentionOnly ? 'No payments need attention.' : 'No payments yet.'}</Text>
        </Center>
      ) : (
        <Table.ScrollContainer minWidth={820} mt="md">
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>User</Table.Th>
                <Table.Th>Package</Table.Th>
                <Table.Th>Paid</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Taken back</Table.Th>
                <Table.Th>Unrecovered</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((payment) => (
                <PaymentRow key={payment.id} payment={payment} now={now} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

function PaymentRow({ payment, now }: { payment: TAdminPayment; now: number }) {
  const status = STATUS[payment.status];
  return (
    <Table.Tr data-testid="payment-row" bg={payment.needsAttention ? 'var(--mantine-color-red-light)' : undefined}>
      <Table.Td>
        <Tooltip label={`${new Date(payment.createdAt).toLocaleString()} · order ${payment.orderId}`}>
          <Text size="sm">{relativeTime(payment.createdAt, now)}</Text>
        </Tooltip>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={`/profile/${payment.userId}`} size="sm">
          {payment.username || `User #${payment.userId}`}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {payment.packageName ?? 'Unknown package'}
          {payment.coins !== null && ` (${formatNumber(payment.coins)} coins)`}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          ${formatCents(payment.amountCents)} {payment.currency}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Badge variant="light" color={status.color} size="sm">
            {status.label}
          </Badge>
          {payment.provider === 'demo' && (
            <Badge variant="outline" color="gray" size="sm">
              Demo
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{payment.coinsReclaimed > 0 ? formatNumber(payment.coinsReclaimed) : '—'}</Table.Td>
      <Table.Td>
        {payment.coinsUnrecovered > 0 ? (
          <Text size="sm" c="red" fw={600}>
            {formatNumber(payment.coinsUnrecovered)}
          </Text>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td>
        {payment.attentionReason && (
          <Text size="sm" c="red" fw={600} lineClamp={2}>
            {payment.attentionReason}
          </Text>
        )}
        <Text size="sm" c="dimmed" lineClamp={2}>
          {payment.reason ?? ''}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
