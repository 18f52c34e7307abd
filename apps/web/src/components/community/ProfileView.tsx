import { Avatar, Badge, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatNumber, initials, type TPublicProfile } from '@shop/domain';
import { PageHeading } from '../common/PageHeading';
import { GiveCoinsButton } from '../gifts/GiveCoinsButton';
import { formatDay } from './format-date';

type Entry = TPublicProfile['actionHistory'][number];

const STATUS: Record<'true' | 'false' | 'null', { label: string; color: string }> = {
  true: { label: 'Success', color: 'green' },
  false: { label: 'Failed', color: 'red' },
  null: { label: 'Unknown', color: 'gray' },
};
const REFUNDED = { label: 'Refunded', color: 'yellow' };

/** A public profile (viewer-spec section 2): who they are and the actions they sent. */
export function ProfileView({ profile }: { profile: TPublicProfile }) {
  const name = profile.displayName || profile.username;
  return (
    <Stack gap="lg">
      <Paper withBorder p="xl">
        <Group gap="lg" wrap="wrap">
          <Avatar src={profile.profilePicture || null} alt={name} size={96} radius="50%" color="violet">
            {initials(name)}
          </Avatar>
          <Stack gap={4}>
            <PageHeading title={name} description={profile.displayName ? `@${profile.username}` : undefined} />
            <Group gap="lg" mt="xs">
              <Text size="sm">
                <Text span c="dimmed">
                  Joined{' '}
                </Text>
                {formatDay(profile.createdAt)}
              </Text>
              <Text size="sm">
                <Text span c="dimmed">
                  Actions sent{' '}
                </Text>
                <Text span fw={700} data-testid="profile-action-count">
                  {formatNumber(profile.actionCount)}
                </Text>
              </Text>
            </Group>
            <Group mt="xs">
              <GiveCoinsButton recipient={profile.username} />
            </Group>
          </Stack>
        </Group>
      </Paper>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Recent Activity
        </Title>
        {profile.actionHistory.length === 0 ? (
          <Text c="dimmed">No actions sent yet</Text>
        ) : (
          profile.actionHistory.map((entry) => <ActivityEntry key={entry.id} entry={entry} />)
        )}
      </Stack>
    </Stack>
  );
}

function ActivityEntry({ entry }: { entry: Entry }) {
  // Refunded wins over the delivery outcome: the coins came back, and the action count leaves it out.
  const status = entry.refunded ? REFUNDED : STATUS[String(entry.success) as keyof typeof STATUS];
  return (
    <Card withBorder padding="sm" data-testid="profile-activity">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600}>{entry.actionName}</Text>
          <Text size="xs" c="dimmed">
            {formatDay(entry.timestamp)}
          </Text>
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <Text size="sm">{formatNumber(entry.cost)} coins</Text>
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
        </Group>
      </Group>
    </Card>
  );
}
