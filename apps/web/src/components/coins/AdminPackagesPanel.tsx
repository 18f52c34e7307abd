import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TCoinPackage } from '@shop/domain';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { ConfirmDeleteModal } from '../actions/ConfirmDeleteModal';
import { QueryError } from '../common/QueryError';
import { AdminPackageRow } from './AdminPackageRow';
import { PackageFormModal } from './PackageFormModal';
import { movedOrder } from './package-form';

/** null: no dialog; 'new': add; a package: edit that one. */
type Editing = null | 'new' | TCoinPackage;

/**
 * Dashboard Packages tab (admin only): the coin packages the shop sells, in shop order. Up and down
 * send the whole new order in one call, so the order never ends half-moved.
 */
export function AdminPackagesPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const packages = useQuery(trpc.coins.listAllPackages.queryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TCoinPackage | null>(null);

  const refreshShop = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.coins.listAllPackages.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.coins.listPackages.queryKey() }),
    ]);

  const reorder = useMutation(
    trpc.coins.reorderPackages.mutationOptions({
      onSuccess: async (fresh) => {
        queryClient.setQueryData(trpc.coins.listAllPackages.queryKey(), fresh);
        await queryClient.invalidateQueries({ queryKey: trpc.coins.listPackages.queryKey() });
      },
      onError: async (err) => {
        notify.error('Failed to reorder packages', errorMessage(err));
        await refreshShop();
      },
    }),
  );
  const toggle = useMutation(
    trpc.coins.updatePackage.mutationOptions({
      onSuccess: async (fresh) => {
        notify.success(
          'Package updated',
          fresh.active ? `${fresh.name} is on sale.` : `${fresh.name} is hidden from the shop.`,
        );
        await refreshShop();
      },
      onError: (err) => notify.error('Failed to update package', errorMessage(err)),
    }),
  );
  const remove = useMutation(
    trpc.coins.deletePackage.mutationOptions({
      onSuccess: async () => {
        notify.success('Package deleted', '');
        setDeleting(null);
        await refreshShop();
      },
      onError: (err) => notify.error('Failed to delete package', errorMessage(err)),
    }),
  );

  let body: ReactNode;
  if (packages.isPending) {
    body = (
      <Stack gap="sm" aria-label="Loading packages" aria-busy>
        {['a', 'b', 'c'].map((key) => (
          <Skeleton key={key} h={72} radius="md" />
        ))}
      </Stack>
    );
  } else if (packages.isError) {
    body = (
      <QueryError title="Failed to load packages" error={packages.error} onRetry={() => void packages.refetch()} />
    );
  } else if (packages.data.length === 0) {
    body = (
      <Paper withBorder p="xl">
        <Stack align="center" gap="xs">
          <Text fw={700}>No coin packages yet</Text>
          <Text c="dimmed" ta="center">
            Viewers cannot buy coins until there is at least one active package.
          </Text>
          <Button mt="sm" onClick={() => setEditing('new')}>
            Add Your First Package
          </Button>
        </Stack>
      </Paper>
    );
  } else {
    const ids = packages.data.map((p) => p.id);
    const busy = reorder.isPending || toggle.isPending;
    body = (
      <Stack gap="sm">
        {packages.data.map((pkg, index) => (
          <AdminPackageRow
            key={pkg.id}
            pkg={pkg}
            first={index === 0}
            last={index === ids.length - 1}
            busy={busy}
            onMove={(step) => reorder.mutate({ ids: movedOrder(ids, pkg.id, step) })}
            onToggle={(active) => toggle.mutate({ id: pkg.id, active })}
            onEdit={() => setEditing(pkg)}
            onDelete={() => setDeleting(pkg)}
          />
        ))}
      </Stack>
    );
  }

  const edited = editing === 'new' ? null : editing;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={3}>Coin Packages</Title>
          <Text size="sm" c="dimmed">
            The shop lists active packages in this order.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Add Package
        </Button>
      </Group>
      {body}
      <PackageFormModal
        key={edited ? edited.id : 'new'}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        pkg={edited}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete Package"
        message={`Are you sure you want to delete '${deleting?.name ?? ''}'? Viewers will no longer be able to buy it; payments already made keep what they bought. To take it off sale for now, switch it off instead.`}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
