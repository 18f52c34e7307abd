import { Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import type { TOverviewTopAction, TOverviewTopSupporter } from '@shop/domain';
import type { ReactNode } from 'react';
import { formatCount } from './format';

function ListCard({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={4} mb="sm">
        {title}
      </Title>
      {empty ? (
        <Text size="sm" c="dimmed">
          No paid triggers in this period.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={280}>{children}</Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** Top five actions (by triggers) and supporters (by coins), refunds and tests left out. */
export function OverviewTopLists({
  actions,
  supporters,
}: {
  actions: readonly TOverviewTopAction[];
  supporters: readonly TOverviewTopSupporter[];
}) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ListCard title="Top actions" empty={actions.length === 0}>
        <Table striped aria-label="Top actions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Action</Table.Th>
              <Table.Th ta="right">Triggers</Table.Th>
              <Table.Th ta="right">Coins</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {actions.map((a) => (
              <Table.Tr key={`${a.actionId}-${a.name}`}>
                <Table.Td>{a.name}</Table.Td>
                <Table.Td ta="right">{formatCount(a.triggers)}</Table.Td>
                <Table.Td ta="right">{formatCount(a.coins)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListCard>
      <ListCard title="Top supporters" empty={supporters.length === 0}>
        <Table striped aria-label="Top supporters">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Viewer</Table.Th>
              <Table.Th ta="right">Coins spent</Table.Th>
              <Table.Th ta="right">Triggers</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {supporters.map((s) => (
              <Table.Tr key={s.userId}>
                <Table.Td>
                  {s.displayName ?? s.username}
                  {s.displayName && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      @{s.username}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatCount(s.coins)}</Table.Td>
                <Table.Td ta="right">{formatCount(s.triggers)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListCard>
    </SimpleGrid>
  );
}
