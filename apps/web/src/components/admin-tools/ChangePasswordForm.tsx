import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ADMIN_TOOLS_MSG, type TAdminUserSummary, type TChangePasswordForm, ZChangePasswordForm } from '@shop/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../auth/AuthContext';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { ConfirmModal } from '../actions/ConfirmModal';
import { PasswordField } from '../common/PasswordField';

/** A new password for the selected user; every session they have ends with it (admin-spec sections 2, 5, 8). */
export function ChangePasswordForm({ user }: { user: TAdminUserSummary }) {
  const trpc = useTRPC();
  const { user: me } = useAuth();
  const isSelf = me?.id === user.id;
  const [confirming, setConfirming] = useState<string | null>(null);
  const form = useForm<TChangePasswordForm>({
    initialValues: { password: '' },
    validate: schemaResolver(ZChangePasswordForm, { sync: true }),
  });
  const change = useMutation(
    trpc.adminTools.changePassword.mutationOptions({
      onSuccess: () => {
        notify.success(
          ADMIN_TOOLS_MSG.passwordChanged,
          isSelf
            ? 'Your other sessions have ended; this one continues.'
            : `${user.username} has been signed out everywhere and must use the new password.`,
        );
        form.reset();
        setConfirming(null);
      },
      onError: (err) => {
        notify.error(ADMIN_TOOLS_MSG.passwordError, errorMessage(err) || ADMIN_TOOLS_MSG.passwordErrorFallback);
        setConfirming(null);
      },
    }),
  );

  return (
    <Stack gap="sm">
      <Title order={4}>Change password</Title>
      {user.isAdmin && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} title="Caution: administrator account">
          {isSelf
            ? 'This is your own account. Your other sessions will end; you stay signed in here.'
            : 'This account has full admin rights. Change its password only when its owner asked for it or it must be locked out.'}
        </Alert>
      )}
      <form onSubmit={form.onSubmit(({ password }) => setConfirming(password))} noValidate>
        <Stack gap="sm">
          <PasswordField
            label="New password"
            description="6 to 50 characters"
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <Text size="xs" c="dimmed">
            Saving signs {isSelf ? 'your other sessions' : `${user.username}`} out on every device.
          </Text>
          <Button type="submit" color={user.isAdmin ? 'orange' : undefined} loading={change.isPending}>
            Change Password
          </Button>
        </Stack>
      </form>
      <ConfirmModal
        opened={confirming !== null}
        title="Change password?"
        message={`Set a new password for ${user.username}? ${isSelf ? 'Your other sessions' : 'Every session they have'} will end at once.`}
        confirmLabel="Change Password"
        color={user.isAdmin ? 'orange' : 'blue'}
        loading={change.isPending}
        onConfirm={() => confirming !== null && change.mutate({ userId: user.id, password: confirming })}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
