import { Card, Stack } from '@mantine/core';
import { GiveCoinsButton } from '../gifts/GiveCoinsButton';
import { PackageGrid } from './PackageGrid';
import { SectionHeader } from './SectionHeader';

/**
 * Dashboard item 3 (viewer-spec section 2): every package with 'Buy Now', opening the payment dialog,
 * and 'Give coins' to another viewer (viewer-spec section 12).
 */
export function BuyCoinsSection() {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="buy-coins-title">
      <Stack gap="md">
        <SectionHeader
          id="buy-coins-title"
          compact
          title="Buy Coins"
          subtitle="Top up your balance to trigger more actions."
          // Gifting sits with buying: both are about the coins themselves.
          actions={<GiveCoinsButton />}
        />
        <PackageGrid buyLabel="Buy Now" />
      </Stack>
    </Card>
  );
}
