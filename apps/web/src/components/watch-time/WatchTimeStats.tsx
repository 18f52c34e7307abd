import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { formatNumber, type TWatchTimeStatus } from '@shop/domain';

/** Today's statistics (UTC day): coins awarded, viewers rewarded, rewards given. */
export function WatchTimeStats({ stats }: { stats: TWatchTimeStatus['stats'] }) {
  const items = [
    { label: 'Total coins awarded', value: stats.totalRewardsToday },
    { label: 'Users rewarded', value: stats.totalUsersRewarded },
    { label: 'Total rewards given', value: stats.rewardCount },
  ];
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h4" mb="sm">
        Today's Statistics
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {items.map((item) => (
          <Paper key={item.label} withBorder p="sm" radius="md" data-testid="watch-time-stat">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {item.label}
            </Text>
            <Text fw={700} size="xl">
              {formatNumber(item.value)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs">
        Today is counted from midnight UTC.
      </Text>
    </Paper>
  );
}
