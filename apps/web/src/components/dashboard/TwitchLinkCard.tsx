import { Alert, Badge, Button, Card, Divider, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MSG, type TUser, TWITCH_VERIFY_MSG, ZLinkTwitch } from '@shop/domain';
import { IconBrandTwitch, IconCoin, IconShieldCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '../../auth/AuthContext';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { TwitchNoticeAlert } from '../watch-time/TwitchNoticeAlert';
import { twitchVerifyNotice } from './twitch-verify-notice';

/** A full page load, not a route: the server sends the browser on to Twitch and back. */
const VERIFY_HREF = '/api/twitch/verify';

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
        notify.success('Twitch account linked', 'Verify it with Twitch to start earning coins while you watch.');
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
        <TwitchNoticeAlert read={twitchVerifyNotice} />
        {user.twitchUsername ? (
          <Stack>
            <Group gap="sm">
              {user.twitchVerified ? <Badge color="green">Verified</Badge> : <Badge color="yellow">Not verified</Badge>}
              <Text fw={600}>@{user.twitchUsername}</Text>
            </Group>
            {user.twitchVerified ? (
              <Alert color="green" variant="light" icon={<IconCoin />}>
                You earn coins automatically while watching the stream, and channel points turn into coins.
              </Alert>
            ) : (
              <Alert color="yellow" variant="light" icon={<IconShieldCheck />}>
                {TWITCH_VERIFY_MSG.whatItUnlocks} A typed name earns nothing until Twitch confirms it is yours.
              </Alert>
            )}
            <Group grow preventGrowOverflow={false} wrap="wrap">
              {!user.twitchVerified && (
                <Button component="a" href={VERIFY_HREF} leftSection={<IconShieldCheck size={16} />}>
                  Verify with Twitch
                </Button>
              )}
              <Button variant="outline" color="red" onClick={unlink} loading={link.isPending}>
                Unlink Account
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack>
            <Button component="a" href={VERIFY_HREF} leftSection={<IconShieldCheck size={16} />}>
              Verify with Twitch
            </Button>
            <Text size="xs" c="dimmed">
              {TWITCH_VERIFY_MSG.whatItUnlocks}
            </Text>
            <Divider label="or type your name" labelPosition="center" />
            <form onSubmit={submit} noValidate>
              <Stack>
                <TextInput
                  label="Twitch Username"
                  description="Your exact Twitch username, without @ (verify it afterwards to earn coins)"
                  autoComplete="off"
                  {...form.getInputProps('twitchUsername')}
                />
                <Button
                  type="submit"
                  variant="light"
                  loading={link.isPending}
                  leftSection={<IconBrandTwitch size={16} />}
                >
                  Link Twitch Account
                </Button>
              </Stack>
            </form>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
