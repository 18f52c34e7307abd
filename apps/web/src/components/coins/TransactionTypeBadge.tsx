import { Badge } from '@mantine/core';
import type { TTransactionType } from '@shop/domain';
import { typeLabel } from './transactions';

const COLORS: Record<TTransactionType, string> = {
  purchase: 'green',
  action: 'violet',
  refund: 'blue',
  reward: 'teal',
  conversion: 'grape',
  admin_grant: 'orange',
  chargeback: 'red',
  admin_adjustment: 'yellow',
  pool_contribution: 'indigo',
  pool_refund: 'blue',
  gift_sent: 'pink',
  gift_received: 'pink',
};

export function TransactionTypeBadge({ type }: { type: TTransactionType }) {
  return (
    <Badge variant="light" color={COLORS[type] ?? 'gray'} size="sm">
      {typeLabel(type)}
    </Badge>
  );
}
