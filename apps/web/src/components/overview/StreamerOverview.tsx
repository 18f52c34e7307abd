import '@mantine/charts/styles.css';
import {
  Button,
  Center,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { isOverviewEmpty, OVERVIEW_PERIODS } from '@shop/domain';
import { IconChartBar, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTRPC } from '../../trpc';
import { QueryError } from '../common/QueryError';
import { OverviewCharts } from './OverviewCharts';
import { OverviewEndpointRates } from './OverviewEndpointRates';
import { OverviewTopLists } from './OverviewTopLists';
import { OverviewTotals } from './OverviewTotals';

type Period = (typeof OVERVIEW_PERIODS)[number];

function OverviewSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the overview">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {[1, 2, 3, 4, 5].map((k) => (
          <Skeleton key={k} h={64} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {[1, 2, 3, 4].map((k) => (
          <Skeleton key={k} h={260} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The streamer overview (admin tools' first tab): what sold, what ran and what failed over the last
 * 7, 30 or 90 UTC days, from GET /api/admin/overview (the overview.get procedure).
 */
export function StreamerOverview() {
  const trpc = useTRPC();
  const [days, setDays] = useState<Period>(30);
  // Fresh figures whenever the tab is opened again; a period switch keeps its own cache entry.
  const overview = useQuery({ ...trpc.overview.get.queryOptions({ days }), staleTime: 60_000 });

  const header = (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <div>
        <Title order={3}>Overview</Title>
        <Text size="sm" c="dimmed">
          Last {days} days · days are UTC
        </Text>
      </div>
      <Group gap="xs" wrap="nowrap">
        <SegmentedControl
          aria-label="Period"
          value={String(days)}
          onChange={(value) => setDays(Number(value) as Period)}
          data={OVERVIEW_PERIODS.map((p) => ({ value: String(p), label: `${p} days` }))}
        />
        <Button
          variant="light"
          px="xs"
          aria-label="Refresh the overview"
          onClick={() => void overview.refetch()}
          loading={overview.isFetching && !overview.isPending}
        >
          <IconRefresh size={18} />
        </Button>
      </Group>
    </Group>
  );

  let body: ReactNode;
  if (overview.isPending) {
    body = <OverviewSkeleton />;
  } else if (overview.isError) {
    body = (
      <QueryError title="Failed to load the overview" error={overview.error} onRetry={() => void overview.refetch()} />
    );
  } else if (isOverviewEmpty(overview.data)) {
    body = (
      <Paper withBorder p="xl" radius="md">
        <Center>
          <Stack align="center" gap="xs">
            <IconChartBar size={40} stroke={1.5} color="var(--mantine-color-dimmed)" />
            <Text fw={600}>No activity in the last {days} days</Text>
            <Text size="sm" c="dimmed" ta="center">
              Sales, triggers and deliveries show here as soon as viewers buy coins or trigger actions.
            </Text>
          </Stack>
        </Center>
      </Paper>
    );
  } else {
    const data = overview.data;
    body = (
      <Stack gap="md">
        <OverviewTotals daily={data.daily} />
        <OverviewCharts daily={data.daily}>
          <OverviewEndpointRates endpoints={data.endpoints} />
        </OverviewCharts>
        <OverviewTopLists actions={data.topActions} supporters={data.topSupporters} />
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="streamer-overview">
      {header}
      {body}
    </Stack>
  );
}
