import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { TOverviewDay } from '@shop/domain';
import type { ReactNode } from 'react';
import { chartDays, formatCount, formatDollars } from './format';

function ChartCard({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={4}>{title}</Title>
      <Text size="xs" c="dimmed" mb="sm">
        {hint}
      </Text>
      {children}
    </Paper>
  );
}

/**
 * The per-day figures as three charts: coins sold, money taken, and triggers with their trouble;
 * `children` fills the grid's fourth cell so no row is left half empty.
 */
export function OverviewCharts({ daily, children }: { daily: readonly TOverviewDay[]; children?: ReactNode }) {
  const data = chartDays(daily);
  // Fewer ticks than days on long periods, so the labels never overlap on a phone.
  const xAxisProps = { interval: 'preserveStartEnd' as const, minTickGap: 24 };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartCard title="Coins sold" hint="Coins bought per day (purchase ledger rows)">
        <BarChart
          h={220}
          data={data}
          dataKey="label"
          series={[{ name: 'coinsSold', label: 'Coins sold', color: 'yellow.6' }]}
          valueFormatter={formatCount}
          xAxisProps={xAxisProps}
          tickLine="y"
          aria-label="Coins sold per day"
        />
      </ChartCard>
      <ChartCard title="Money taken" hint="Credited payments per day, USD">
        <AreaChart
          h={220}
          data={data}
          dataKey="label"
          series={[{ name: 'money', label: 'Money taken', color: 'teal.6' }]}
          valueFormatter={formatDollars}
          xAxisProps={xAxisProps}
          curveType="monotone"
          tickLine="y"
          aria-label="Money taken per day"
        />
      </ChartCard>
      <ChartCard title="Triggers, refunds and failed deliveries" hint="Per day; admin tests are not counted">
        <LineChart
          h={240}
          data={data}
          dataKey="label"
          series={[
            { name: 'triggers', label: 'Triggers', color: 'blue.6' },
            { name: 'refunds', label: 'Refunds', color: 'orange.6' },
            { name: 'failedDeliveries', label: 'Failed deliveries', color: 'red.6' },
          ]}
          valueFormatter={formatCount}
          xAxisProps={xAxisProps}
          curveType="monotone"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="y"
          aria-label="Triggers, refunds and failed deliveries per day"
        />
      </ChartCard>
      {children}
    </SimpleGrid>
  );
}
