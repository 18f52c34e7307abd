import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MSG, type TUser, ZLinkTwitch } from '@shop/domain';
import { IconBrandTwitch, IconCoin } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '../../auth/AuthContext';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';

export function TwitchLinkCard({ user }: { user: TUser }) {
  const trpc = useTRPC();
  const { setUser } = useAuth();
  const form = useForm({ initialValues: { twitchUsername: '' } });
  const link = useMutation(trpc.user.linkTwitch.mutationOptions({ onSuccess: (fresh) => setUser(fresh) }));

  const submit = form.onSubmit((values) => {
    const parsed = ZLinkTwitch.safeParse(values);
    // An empty name means 'unlink' to the server, so the link form must refuse it here.
    if (!parsed.success || parsed.data.twitchUsername === '') {
      notify.error('Invalid username', MSG.twitchInvalid);
      return;
    }
    link.mutate(parsed.data, {
      onSuccess: () => {
        form.reset();
        notify.success('Twitch account linked', 'You now earn coins while watching the stream.');
      },
      onError: (err) => notify.error('Failed to link Twitch account', errorMessage(err)),
    });
  });

  const unlink = () =>
    link.mutate(
      { twitchUsername: '' },
      {
        onSuccess: () => notify.success('Twitch account unlinked', 'You will no longer earn coins for watching.'),
        onError: (err) => notify.error('Failed to unlink Twitch account', errorMessage(err)),
      },
    );

  return (
    <Card withBorder padding="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h3">
            Streaming Platform
          </Title>
          <IconBrandTwitch aria-hidden />
        </Group>
        <Text size="sm" c="dimmed">
          Link your Twitch account to earn coins automatically while you watch the stream.
        </Text>
        {user.twitchUsername ? (
          <Stack>
            <Group gap="sm">
              <Badge color="green">Linked</Badge>
              <Text fw={600}>@{user.twitchUsername}</Text>
            </Group>
            <Alert color="green" variant="light" icon={<IconCoin />}>
              You earn coins automatically while watching the stream.
            </Alert>
            <Button variant="outline" color="red" onClick={unlink} loading={link.isPending}>
              Unlink Account
            </Button>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <TextInput
                label="Twitch Username"
                description="Your exact Twitch username, without @"
                autoComplete="off"
                {...form.getInputProps('twitchUsername')}
              />
              <Button type="submit" loading={link.isPending} leftSection={<IconBrandTwitch size={16} />}>
                Link Twitch Account
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
