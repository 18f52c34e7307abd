import { Anchor, Avatar, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changedProfileFields, initials, type TProfileUpdate, type TUser } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';

interface ProfileValues {
  displayName: string;
  profilePicture: string;
}

const formValues = (user: Pick<TUser, 'displayName' | 'profilePicture'>): ProfileValues => ({
  displayName: user.displayName ?? '',
  profilePicture: user.profilePicture ?? '',
});

export function ProfileSettingsCard({ user }: { user: TUser }) {
  const trpc = useTRPC();
  const { setUser } = useAuth();
  const form = useForm({ initialValues: formValues(user) });
  const update = useMutation(
    trpc.user.updateProfile.mutationOptions({
      onSuccess: (fresh) => {
        setUser(fresh);
        form.setValues(formValues(fresh));
        form.resetDirty();
      },
      onError: (err) => notify.error('Failed to update profile', errorMessage(err)),
    }),
  );

  /** Saves `changes`; unless this is itself an undo, the toast offers to put `before` back. */
  function save(changes: TProfileUpdate, before: ProfileValues | null) {
    update.mutate(changes, {
      onSuccess: (fresh) => {
        if (!before) {
          notify.success('Profile restored', 'Your previous display name and picture are back.');
          return;
        }
        notify.success('Profile updated', 'Your profile has been saved.', {
          action: { label: 'Undo', onClick: () => save(changedProfileFields(fresh, before), null) },
        });
      },
    });
  }

  const submit = form.onSubmit((values) => {
    // viewer-spec section 4: send only what changed.
    const changes = changedProfileFields(user, values);
    if (Object.keys(changes).length === 0) {
      notify.error('No changes detected', 'Make some changes first before updating your profile.');
      return;
    }
    save(changes, formValues(user));
  });

  const name = user.displayName || user.username;

  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={2} size="h3">
          Profile Settings
        </Title>
        <Group>
          <Avatar src={user.profilePicture || null} alt={name} size={64} radius="xl" color="violet">
            {initials(name)}
          </Avatar>
          <Stack gap={2}>
            <Text fw={700} size="lg">
              {name}
            </Text>
            <Anchor component={Link} to={`/profile/${user.id}`} size="sm">
              View Public Profile
            </Anchor>
          </Stack>
        </Group>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label="Display Name"
              description="Shows on the leaderboard and your profile"
              placeholder={user.username}
              {...form.getInputProps('displayName')}
            />
            <TextInput
              label="Profile Picture URL"
              description="Direct link to an image"
              placeholder="https://example.com/avatar.png"
              type="url"
              {...form.getInputProps('profilePicture')}
            />
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Updating...' : 'Update Profile'}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
