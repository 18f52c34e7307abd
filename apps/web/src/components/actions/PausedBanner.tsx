import { Alert } from '@mantine/core';
import { SHOP_PAUSED_MESSAGE } from '@shop/domain';
import { IconPlayerPause } from '@tabler/icons-react';
import { useShopStatus } from '../stream/use-shop-status';

/** On the shop and the dashboard while the streamer has paused the shop (live over /ws `shop_status`). */
export function PausedBanner() {
  const { paused } = useShopStatus();
  if (!paused) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconPlayerPause size={18} />} data-testid="paused-banner">
      {SHOP_PAUSED_MESSAGE}
    </Alert>
  );
}
