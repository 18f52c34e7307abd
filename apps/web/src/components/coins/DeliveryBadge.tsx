import { Badge } from '@mantine/core';
import type { TTransactionDelivery } from '@shop/domain';
import { deliveryLabel } from './delivery-state';

/** An action's delivery state in the viewer's history; live, because receipts refetch the list. */
export function DeliveryBadge({ delivery }: { delivery: TTransactionDelivery }) {
  const { label, color } = deliveryLabel(delivery);
  return (
    <Badge color={color} variant="light" data-testid="delivery-state" style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}
