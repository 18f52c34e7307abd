import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { TOverviewDay } from '@shop/domain';
import { formatCount, formatMoneyCents, totalsOf } from './format';

/** The period's sums above the charts: the numbers a streamer asks for first. */
export function OverviewTotals({ daily }: { daily: readonly TOverviewDay[] }) {
  const totals = totalsOf(daily);
  const cards = [
    { label: 'Coins sold', value: formatCount(totals.coinsSold) },
    { label: 'Money taken', value: formatMoneyCents(totals.moneyCents) },
    { label: 'Triggers', value: formatCount(totals.triggers) },
    { label: 'Refunds', value: formatCount(totals.refunds) },
    { label: 'Failed deliveries', value: formatCount(totals.failedDeliveries) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
      {cards.map((card) => (
        <Paper key={card.label} withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {card.label}
          </Text>
          <Text size="xl" fw={700} data-testid={`overview-total-${card.label.toLowerCase().replace(/ /g, '-')}`}>
            {card.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
