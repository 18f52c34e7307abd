import { Avatar, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatNumber, initials, type TLeaderboardEntry } from '@shop/domain';
import { IconTrophy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { useTRPC } from '../../trpc';
import { QueryError } from '../common/QueryError';
import { ordinal } from './ordinal';

/** viewer-spec section 9: the loading skeleton has 5 rows. */
const SKELETON_ROWS = 5;
const PODIUM_COLORS = ['yellow', 'gray', 'orange'];

interface Props {
  /** viewer-spec section 9: the page asks for 20, the component's own default is 10. */
  limit?: number;
}

/** The Top Supporters table: rank, supporter, actions sent, coins spent, and a link to the profile. */
export function Leaderboard({ limit = 10 }: Props) {
  const trpc = useTRPC();
  // Deferred: the render that swaps skeletons for data runs in slices between frames instead of
  // one long task the moment the data arrives (the skeletons stay up a frame or two longer).
  const board = useDeferredValue(useQuery(trpc.community.leaderboard.queryOptions({ limit })));

  if (board.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading leaderboard">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <Skeleton key={i} h={48} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (board.isError) {
    return <QueryError title="Failed to fetch leaderboard" error={board.error} onRetry={() => void board.refetch()} />;
  }
  if (board.data.length === 0) {
    return (
      <Paper withBorder p="xl">
        <Stack align="center" gap="xs" ta="center">
          <IconTrophy size={40} aria-hidden />
          <Text fw={700}>No actions have been sent yet</Text>
          <Text c="dimmed">Be the first to trigger actions and appear on the leaderboard!</Text>
        </Stack>
      </Paper>
    );
  }

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Rank</Table.Th>
            <Table.Th>Supporter</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
            <Table.Th ta="right">Coins Spent</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {board.data.map((entry, index) => (
            <LeaderboardRow key={entry.userId} entry={entry} rank={index + 1} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function LeaderboardRow({ entry, rank }: { entry: TLeaderboardEntry; rank: number }) {
  // The display name where one is set; the login name stays in the link target and under it.
  const name = entry.displayName || entry.username;
  return (
    <Table.Tr data-testid="leaderboard-row">
      <Table.Td>
        <Badge color={PODIUM_COLORS[rank - 1] ?? 'violet'} variant={rank <= 3 ? 'filled' : 'light'}>
          {ordinal(rank)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={entry.profilePicture || null} alt={name} radius="xl" color="violet">
            {initials(name)}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600}>{name}</Text>
            {entry.displayName && (
              <Text size="xs" c="dimmed">
                @{entry.username}
              </Text>
            )}
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td ta="right">{formatNumber(entry.actionCount)}</Table.Td>
      <Table.Td ta="right">{formatNumber(entry.totalCost)}</Table.Td>
      <Table.Td ta="right">
        <Button component={Link} to={`/profile/${entry.userId}`} size="xs" variant="light">
          View
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
