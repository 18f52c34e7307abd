import { Alert, Badge, Code, Group, Paper, SimpleGrid, Spoiler, Stack, Table, Text, Title } from '@mantine/core';
import { formatNumber, type TDiagnosticsResult } from '@shop/domain';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { formatBytes } from './format-bytes';
import { InfoRows } from './InfoRows';

function YesNo({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return (
    <Badge color={value ? 'green' : 'red'} variant="light" size="sm">
      {value ? yes : no}
    </Badge>
  );
}

/** One diagnostics answer: outcome, connection, network, server environment, ledger and tables. */
export function DiagnosticsResultView({ result }: { result: TDiagnosticsResult }) {
  const d = result.details;
  const connectionRows: [string, React.ReactNode][] = d.config
    ? [
        ['Host', d.config.host],
        ['Port', d.config.port],
        ['User', d.config.user],
        ['Database', d.config.database || '(none)'],
        ['Server version', d.serverVersion ?? 'unknown'],
      ]
    : [
        ['Engine', 'SQLite (embedded)'],
        ['File', d.file?.path ?? 'unknown'],
        ['Size', d.file?.sizeBytes == null ? 'unknown' : formatBytes(d.file.sizeBytes)],
        ['Version', d.serverVersion ?? 'unknown'],
      ];
  const env = d.environment;
  return (
    <Stack gap="md" data-testid="diagnostics-result">
      <Alert
        color={result.success ? 'green' : 'red'}
        variant="light"
        icon={result.success ? <IconCircleCheck /> : <IconAlertCircle />}
        title={result.message}
      >
        {result.error ?? (result.success ? 'Every check answered.' : '')}
      </Alert>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="sm">
          <Title order={5} mb="xs">
            Connection
          </Title>
          <InfoRows label="Connection" rows={connectionRows} />
        </Paper>
        <Paper withBorder p="sm">
          <Title order={5} mb="xs">
            Network
          </Title>
          {d.network ? (
            <InfoRows
              label="Network"
              rows={[
                ['Host', d.network.host],
                ['Local', <YesNo key="l" value={d.network.isLocal} yes="Local" no="Remote" />],
                ['Reachable', <YesNo key="r" value={d.network.isPingable} yes="Reachable" no="Unreachable" />],
                ['TCP check', d.network.pingResult],
              ]}
            />
          ) : (
            <Text size="sm" c="dimmed">
              SQLite is a local file: no network is involved.
            </Text>
          )}
        </Paper>
        <Paper withBorder p="sm">
          <Title order={5} mb="xs">
            Server environment
          </Title>
          <InfoRows
            label="Server environment"
            rows={[
              ['Node.js', env.nodeVersion],
              ['mysql2 client', env.mysqlClientVersion],
              ['Platform', `${env.platform} ${env.release}`],
              ['Memory free / total', `${formatBytes(env.memory.free)} / ${formatBytes(env.memory.total)}`],
            ]}
          />
          <Text size="sm" fw={500} mt="sm">
            Environment variables set ({env.environmentVariables.length}, names only)
          </Text>
          <Spoiler maxHeight={60} showLabel="Show all" hideLabel="Hide">
            <Group gap={4}>
              {env.environmentVariables.map((name) => (
                <Code key={name}>{name}</Code>
              ))}
            </Group>
          </Spoiler>
        </Paper>
        <Paper withBorder p="sm">
          <Title order={5} mb="xs">
            Ledger check
          </Title>
          {d.ledger === null ? (
            <Text size="sm" c="dimmed">
              Only checked on the shop's own database.
            </Text>
          ) : d.ledger.ok ? (
            <Text size="sm">
              <Badge color="green" variant="light" mr="xs">
                Consistent
              </Badge>
              Every balance equals the sum of its ledger rows.
            </Text>
          ) : (
            <Stack gap="xs">
              <Badge color="red" variant="light">
                {d.ledger.problems.length} user(s) differ from their ledger
              </Badge>
              <Table.ScrollContainer minWidth={300}>
                <Table verticalSpacing={2} aria-label="Ledger problems">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>User</Table.Th>
                      <Table.Th>Balance</Table.Th>
                      <Table.Th>Ledger sum</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.ledger.problems.map((p) => (
                      <Table.Tr key={p.userId}>
                        <Table.Td>#{p.userId}</Table.Td>
                        <Table.Td>{formatNumber(p.balance)}</Table.Td>
                        <Table.Td>{formatNumber(p.ledgerSum)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          )}
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="sm">
        <Title order={5} mb="xs">
          Tables ({d.tables.length})
        </Title>
        {d.tables.length === 0 ? (
          <Text size="sm" c="dimmed">
            No tables read.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={300}>
            <Table striped verticalSpacing={2} aria-label="Tables">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Table</Table.Th>
                  <Table.Th ta="right">Rows</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.tables.map((table) => (
                  <Table.Tr key={table}>
                    <Table.Td>
                      <Code>{table}</Code>
                    </Table.Td>
                    <Table.Td ta="right">{formatNumber(d.tableCounts[table] ?? 0)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
