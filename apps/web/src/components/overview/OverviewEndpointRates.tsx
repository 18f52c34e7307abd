import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { TOverviewEndpointRate } from '@shop/domain';
import { formatCount, formatRate } from './format';

const rateColor = (rate: number | null) =>
  rate === null ? 'gray' : rate >= 0.95 ? 'teal' : rate >= 0.8 ? 'yellow' : 'red';

/** Delivery success per endpoint: delivered / (delivered + failed), with the counts behind it. */
export function OverviewEndpointRates({ endpoints }: { endpoints: readonly TOverviewEndpointRate[] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={4}>Delivery success by endpoint</Title>
      <Text size="xs" c="dimmed" mb="sm">
        Delivered ÷ (delivered + failed); deliveries still on their way are not counted
      </Text>
      {endpoints.length === 0 ? (
        <Text size="sm" c="dimmed">
          No deliveries settled in this period.
        </Text>
      ) : (
        <Stack gap="sm" aria-label="Delivery success by endpoint">
          {endpoints.map((e) => (
            <div key={e.endpointId ?? 'removed'} data-testid="overview-endpoint">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={500} truncate="end" c={e.endpointId === null ? 'dimmed' : undefined}>
                  {e.description}
                </Text>
                <Text size="sm" fw={700} style={{ flexShrink: 0 }}>
                  {formatRate(e.successRate)}
                </Text>
              </Group>
              <Progress
                value={(e.successRate ?? 0) * 100}
                color={rateColor(e.successRate)}
                size="sm"
                aria-label={`${e.description}: ${formatRate(e.successRate)} delivered`}
              />
              <Text size="xs" c="dimmed">
                {formatCount(e.delivered)} delivered · {formatCount(e.failed)} failed
              </Text>
            </div>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
