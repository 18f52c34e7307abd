import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { TAdminUserSummary } from '@shop/domain';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../auth/AuthContext';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { ConfirmModal } from '../actions/ConfirmModal';
import { formatDay } from '../coins/transactions';
import { AccountStateBadge } from './AccountStateBadge';

/**
 * Disable an abusive account, or enable it again. Disabling ends every session and open page of
 * that user at once; the server refuses an admin disabling themselves, and so does this form.
 */
export function AccountAccessForm({ user }: { user: TAdminUserSummary }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user: me } = useAuth();
  const isSelf = me?.id === user.id;
  const disabled = user.disabledAt !== null;
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.adminTools.getUser.queryKey({ userId: user.id }) }),
      queryClient.invalidateQueries({ queryKey: trpc.adminTools.searchUsers.queryKey() }),
    ]);
  const options = {
    onSuccess: async (result: { message: string }) => {
      setFailure(null);
      setConfirming(false);
      notify.success(disabled ? 'Account enabled' : 'Account disabled', result.message);
      await refresh();
    },
    onError: (err: unknown) => {
      setConfirming(false);
      setFailure(errorMessage(err) || 'The account could not be changed. Please try again.');
    },
  };
  const disable = useMutation(trpc.adminTools.disableUser.mutationOptions(options));
  const enable = useMutation(trpc.adminTools.enableUser.mutationOptions(options));
  const pending = disable.isPending || enable.isPending;

  return (
    <Stack gap="sm" data-testid="account-access">
      <Group gap="xs">
        <Title order={4}>Account access</Title>
        <AccountStateBadge disabledAt={user.disabledAt} />
      </Group>
      <Text size="sm" c="dimmed">
        {disabled
          ? `Disabled since ${formatDay(user.disabledAt ?? '')}: ${user.username} cannot sign in, trigger, contribute, gift, receive gifts or earn coins.`
          : `${user.username} can sign in and use the shop. Disabling signs them out everywhere at once.`}
      </Text>
      {failure && (
        <Alert color="red" variant="light" title={disabled ? 'Enabling failed' : 'Disabling failed'}>
          {failure}
        </Alert>
      )}
      {isSelf && !disabled ? (
        <Text size="sm" c="dimmed">
          You cannot disable your own account.
        </Text>
      ) : (
        <Group>
          <Button
            color={disabled ? 'green' : 'red'}
            variant={disabled ? 'filled' : 'light'}
            leftSection={disabled ? <IconLockOpen size={16} /> : <IconLock size={16} />}
            loading={pending}
            onClick={() => setConfirming(true)}
          >
            {disabled ? 'Enable account' : 'Disable account'}
          </Button>
        </Group>
      )}
      <ConfirmModal
        opened={confirming}
        title={disabled ? `Enable ${user.username}?` : `Disable ${user.username}?`}
        message={
          disabled
            ? `${user.username} will be able to sign in again and spend, gift, receive gifts and earn coins.`
            : `${user.username} will be signed out on every device at once and can no longer sign in, trigger actions, contribute to crowd goals, gift, receive gifts or earn coins. Their coins stay on their balance. You can enable the account again later.`
        }
        confirmLabel={disabled ? 'Enable account' : 'Disable account'}
        color={disabled ? 'green' : 'red'}
        loading={pending}
        onConfirm={() => (disabled ? enable : disable).mutate({ userId: user.id })}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
