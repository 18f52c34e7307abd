import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { TGameType, TStreamAction } from '@shop/domain';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { QueryError } from '../common/QueryError';
import { ActionFormModal } from './ActionFormModal';
import { AdminActionCard } from './AdminActionCard';
import { ConfirmDeleteModal } from './ConfirmDeleteModal';
import { GAME_LABELS } from './game-labels';
import { sortByCategoryThenName } from './sort-actions';
import { useTestAction } from './use-test-action';

type GameTab = TGameType;
/** null: no dialog; 'new': create; an action: edit that one. */
type Editing = null | 'new' | TStreamAction;

/** Dashboard Universal / Minecraft / Rust tabs for admins: every action of that game type, inactive ones included. */
export function AdminGameActionsTab({ gameType }: { gameType: GameTab }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const actions = useQuery(trpc.actions.listAll.queryOptions());
  const { test, testingId } = useTestAction();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TStreamAction | null>(null);

  const remove = useMutation(
    trpc.actions.delete.mutationOptions({
      onSuccess: async () => {
        notify.success('Action deleted', '');
        setDeleting(null);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.actions.listAll.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.actions.list.queryKey() }),
        ]);
      },
      onError: (err) => notify.error('Failed to delete action', errorMessage(err)),
    }),
  );

  const label = GAME_LABELS[gameType];
  let body: ReactNode;
  if (actions.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading actions" />
      </Center>
    );
  } else if (actions.isError) {
    body = <QueryError title="Failed to load actions" error={actions.error} onRetry={() => void actions.refetch()} />;
  } else {
    const mine = sortByCategoryThenName(actions.data.filter((a) => a.gameType === gameType));
    body =
      mine.length === 0 ? (
        <Center py="xl">
          <Text c="dimmed">No {label} actions yet.</Text>
        </Center>
      ) : (
        <Stack gap="sm">
          {mine.map((action) => (
            <AdminActionCard
              key={action.id}
              action={action}
              onEdit={() => setEditing(action)}
              onTest={() => test(action.id)}
              onDelete={() => setDeleting(action)}
              testing={testingId === action.id}
            />
          ))}
        </Stack>
      );
  }

  const editedAction = editing === 'new' ? null : editing;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>{label} Actions</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Create Action
        </Button>
      </Group>
      {body}
      <ActionFormModal
        key={editedAction ? editedAction.id : 'new'}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        gameType={gameType}
        action={editedAction}
        // The same for every action: the server's answer to whether Twitch settings exist.
        limitWindow={actions.data?.[0]?.limitWindow}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete Action"
        message={`Are you sure you want to delete '${deleting?.name ?? ''}'? This action cannot be undone.`}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
