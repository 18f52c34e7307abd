import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { formatNumber, type TUnrecoveredChargeback } from '@shop/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDay } from '../coins/transactions';

/**
 * PayPal refunds and disputes of this user's purchases that found the coins already spent or given
 * away: the coins the shop could not take back, per order.
 */
export function UnrecoveredChargebacks({ total, orders }: { total: number; orders: TUnrecoveredChargeback[] }) {
  return (
    <Stack gap="xs" data-testid="unrecovered-chargebacks">
      <Title order={4}>Unrecovered chargebacks</Title>
      {orders.length === 0 ? (
        <Text size="sm" c="dimmed">
          None: every refund or dispute of this user's purchases took its coins back.
        </Text>
      ) : (
        <>
          <Alert color="orange" variant="light" icon={<IconAlertTriangle />}>
            {formatNumber(total)} coins refunded at PayPal could not be taken back: they had been spent or given away
            first.
          </Alert>
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Package</Table.Th>
                  <Table.Th ta="right">Coins</Table.Th>
                  <Table.Th ta="right">Taken back</Table.Th>
                  <Table.Th ta="right">Not recovered</Table.Th>
                  <Table.Th>Updated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.map((o) => (
                  <Table.Tr key={o.orderId}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{o.orderId}</Table.Td>
                    <Table.Td>{o.packageName ?? 'Coin purchase'}</Table.Td>
                    <Table.Td ta="right">{formatNumber(o.coins)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(o.coinsReclaimed)}</Table.Td>
                    <Table.Td ta="right" c="red">
                      {formatNumber(o.coinsUnrecovered)}
                    </Table.Td>
                    <Table.Td>{formatDay(o.updatedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
