import { Group, Stack, Text } from '@mantine/core';
import { formatCents, formatNumber, type TCoinPackage } from '@shop/domain';
import { IconCoin } from '@tabler/icons-react';
import classes from './coins.module.css';

/** Empty-state wording shared by every list of packages. */
export const NO_PACKAGES = 'No coin packages are available yet.';

export function coinsLabel(amount: number): string {
  return `${formatNumber(amount)} coins`;
}

/** Prices are integer cents (viewer-spec section 3), shown as dollars with two decimals. */
export function priceLabel(cents: number): string {
  return `$${formatCents(cents)}`;
}

/** One line per package: name on the left, coins and price on the right. */
export function PackageSummary({ pkg }: { pkg: TCoinPackage }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Stack gap={0}>
        <Text fw={700}>{pkg.name}</Text>
        <Group gap={4} wrap="nowrap">
          <IconCoin size={16} className={classes.coin} aria-hidden />
          <Text size="sm" c="dimmed">
            {coinsLabel(pkg.amount)}
          </Text>
        </Group>
      </Stack>
      <Text fw={700} size="lg">
        {priceLabel(pkg.price)}
      </Text>
    </Group>
  );
}
