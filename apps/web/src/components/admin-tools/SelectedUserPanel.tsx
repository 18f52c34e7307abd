import { Badge, CloseButton, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatNumber } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';
import { QueryError } from '../common/QueryError';
import { AccountAccessForm } from './AccountAccessForm';
import { AccountStateBadge } from './AccountStateBadge';
import { ChangePasswordForm } from './ChangePasswordForm';
import { CoinAdjustmentForm } from './CoinAdjustmentForm';
import { UnrecoveredChargebacks } from './UnrecoveredChargebacks';
import { UserTransactions } from './UserTransactions';

/**
 * The chosen user: who they are and whether they may sign in, their password, their coins, what
 * PayPal refunds could not take back from them, and their latest ledger rows.
 */
export function SelectedUserPanel({ userId, onClose }: { userId: number; onClose: () => void }) {
  const trpc = useTRPC();
  const user = useQuery({ ...trpc.adminTools.getUser.queryOptions({ userId }), staleTime: 0 });

  if (user.isPending) {
    return (
      <Paper withBorder p="md" aria-busy="true" aria-label="Loading the user">
        <Skeleton height={28} width="40%" mb="md" />
        <Skeleton height={160} />
      </Paper>
    );
  }
  if (user.isError) {
    return <QueryError title="Failed to load the user" error={user.error} onRetry={() => void user.refetch()} />;
  }
  const u = user.data;
  return (
    <Paper withBorder p="md" data-testid="selected-user">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Group gap="xs">
              <Title order={3}>{u.username}</Title>
              <AccountStateBadge disabledAt={u.disabledAt} />
              {u.isAdmin && (
                <Badge color="red" variant="light">
                  Admin
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {u.displayName ? `${u.displayName} · ` : ''}User #{u.id} · {formatNumber(u.coinBalance)} coins
            </Text>
          </div>
          <CloseButton aria-label="Close the selected user" onClick={onClose} />
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ChangePasswordForm user={u} />
          <CoinAdjustmentForm user={u} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <AccountAccessForm user={u} />
          <UnrecoveredChargebacks total={u.unrecoveredCoins} orders={u.unrecoveredChargebacks} />
        </SimpleGrid>
        <UserTransactions userId={u.id} />
      </Stack>
    </Paper>
  );
}
