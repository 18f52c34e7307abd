import { Card, Stack } from '@mantine/core';
import { PackageGrid } from './PackageGrid';
import { SectionHeader } from './SectionHeader';

/** Dashboard item 3 (viewer-spec section 2): every package with 'Buy Now', opening the payment dialog. */
export function BuyCoinsSection() {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="buy-coins-title">
      <Stack gap="md">
        <SectionHeader
          id="buy-coins-title"
          compact
          title="Buy Coins"
          subtitle="Top up your balance to trigger more actions."
        />
        <PackageGrid buyLabel="Buy Now" />
      </Stack>
    </Card>
  );
}
