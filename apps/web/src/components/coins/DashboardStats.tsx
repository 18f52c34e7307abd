import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { formatNumber } from '@shop/domain';
import { IconBolt, IconCoin, IconReceipt, IconShoppingCart } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useAuth } from '../../auth/AuthContext';
import { QueryError } from '../common/QueryError';
import { useUserStats } from './use-transactions';

interface StatProps {
  testId: string;
  label: string;
  icon: ComponentType<{ size?: number }>;
  color: string;
  /** undefined while loading. */
  value: number | undefined;
  /** The figure could not be loaded: a dash instead of a skeleton that never ends. */
  failed?: boolean;
  unit: string;
}

function StatCard({ testId, label, icon: Icon, color, value, failed = false, unit }: StatProps) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          {failed ? (
            <Text fw={800} fz={28} lh={1.2} c="dimmed" data-testid={`${testId}-value`}>
              —
            </Text>
          ) : value === undefined ? (
            <Skeleton h={32} w={80} mt={4} />
          ) : (
            <Text fw={800} fz={28} lh={1.2} data-testid={`${testId}-value`}>
              {formatNumber(value)}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {unit}
          </Text>
        </div>
        <ThemeIcon size="xl" radius="md" variant="light" color={color}>
          <Icon size={24} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** Dashboard item 1 (viewer-spec section 2): balance plus three figures the server computes, refunds netted. */
export function DashboardStats() {
  const { user } = useAuth();
  const query = useUserStats();
  const stats = query.data;
  const failed = query.isError;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <StatCard
          testId="stat-balance"
          label="Balance"
          icon={IconCoin}
          color="yellow"
          value={user?.coinBalance}
          unit="coins"
        />
        <StatCard
          testId="stat-actions"
          label="Actions Triggered"
          icon={IconBolt}
          color="violet"
          value={stats?.actionsTriggered}
          failed={failed}
          unit="actions"
        />
        <StatCard
          testId="stat-spent"
          label="Total Spent"
          icon={IconReceipt}
          color="red"
          value={stats?.totalSpent}
          failed={failed}
          unit="coins"
        />
        <StatCard
          testId="stat-purchased"
          label="Coins Purchased"
          icon={IconShoppingCart}
          color="green"
          value={stats?.coinsPurchased}
          failed={failed}
          unit="coins"
        />
      </SimpleGrid>
      {query.isError && (
        <QueryError title="Could not load your figures" error={query.error} onRetry={() => query.refetch()} />
      )}
    </Stack>
  );
}
