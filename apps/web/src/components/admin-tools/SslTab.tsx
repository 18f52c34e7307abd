import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { ADMIN_TOOLS_MSG } from '@shop/domain';
import { IconLock, IconLockOpen, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';
import { QueryError } from '../common/QueryError';
import { InfoRows } from './InfoRows';

/** SSL Configuration (admin-spec section 2): how this very request reached the server. */
export function SslTab() {
  const trpc = useTRPC();
  const check = useQuery({ ...trpc.adminTools.sslCheck.queryOptions(), staleTime: 0 });

  const header = (
    <Group justify="space-between">
      <Title order={3}>SSL Configuration</Title>
      <Button
        variant="light"
        leftSection={<IconRefresh size={16} />}
        onClick={() => void check.refetch()}
        loading={check.isFetching && !check.isPending}
      >
        Check Again
      </Button>
    </Group>
  );

  if (check.isPending) {
    return (
      <Paper withBorder p="md">
        {header}
        <Stack gap="sm" mt="md" aria-busy="true" aria-label="Checking SSL">
          <Skeleton height={120} />
          <Skeleton height={200} />
        </Stack>
      </Paper>
    );
  }
  if (check.isError) {
    return (
      <Paper withBorder p="md">
        {header}
        <Stack mt="md">
          <QueryError title={ADMIN_TOOLS_MSG.sslError} error={check.error} onRetry={() => void check.refetch()} />
        </Stack>
      </Paper>
    );
  }
  const ssl = check.data;
  const headers = Object.entries(ssl.headers).sort(([a], [b]) => a.localeCompare(b));
  return (
    <Paper withBorder p="md">
      {header}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="md">
        <Paper withBorder p="sm">
          <InfoRows
            label="SSL status"
            rows={[
              [
                'Protocol',
                <Badge
                  key="p"
                  color={ssl.secure ? 'green' : 'red'}
                  variant="light"
                  leftSection={ssl.secure ? <IconLock size={12} /> : <IconLockOpen size={12} />}
                >
                  {ssl.protocol.toUpperCase()} · {ssl.secure ? 'Secure' : 'Insecure'}
                </Badge>,
              ],
              [
                'Cloudflare',
                <Badge key="c" color={ssl.cloudflare ? 'orange' : 'gray'} variant="light">
                  {ssl.cloudflare ? 'Detected' : 'Not detected'}
                </Badge>,
              ],
              ['Host', ssl.host],
              ['Client IP', ssl.clientIp],
              ['Trusted proxies', ssl.trustProxy],
            ]}
          />
        </Paper>
        <Text size="sm" c="dimmed">
          {ssl.secure
            ? 'Visitors reach the shop over HTTPS: session cookies travel encrypted.'
            : 'This request arrived over plain HTTP. Behind a TLS proxy or Cloudflare, set TRUST_PROXY to the number of proxy hops so the server sees the original protocol; without any proxy, serve the shop over HTTPS.'}
        </Text>
      </SimpleGrid>
      <Title order={5} mt="md" mb="xs">
        Request headers ({headers.length}; Cookie and Authorization are never shown)
      </Title>
      <Table striped verticalSpacing={2} aria-label="Request headers" layout="fixed">
        <Table.Tbody>
          {headers.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Td w="35%" fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Table.Td>
              <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
