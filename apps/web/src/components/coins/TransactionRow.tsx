import { Group, Paper, Stack, Text } from '@mantine/core';
import type { TTransaction } from '@shop/domain';
import { DeliveryBadge } from './DeliveryBadge';
import { TransactionAmount } from './TransactionAmount';
import { TransactionTypeBadge } from './TransactionTypeBadge';
import { formatDateTime } from './transactions';
import { WaitingLine } from './WaitingLine';
import { isWaiting } from './waiting-line';

/** One history line: what it was, when, and the signed amount. */
export function TransactionRow({ transaction: t }: { transaction: TTransaction }) {
  return (
    <Paper withBorder radius="md" px="md" py="sm" data-testid="transaction-row">
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {t.description}
          </Text>
          <Group gap="xs">
            <TransactionTypeBadge type={t.type} />
            {t.delivery && <DeliveryBadge delivery={t.delivery} />}
            <Text size="xs" c="dimmed">
              {formatDateTime(t.createdAt)}
            </Text>
          </Group>
          {isWaiting(t.delivery) && <WaitingLine historyId={t.delivery.historyId} />}
        </Stack>
        <TransactionAmount amount={t.amount} size="lg" style={{ whiteSpace: 'nowrap' }} />
      </Group>
    </Paper>
  );
}
