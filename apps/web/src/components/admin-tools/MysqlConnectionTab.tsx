import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ADMIN_TOOLS_MSG, type TMysqlTestResult } from '@shop/domain';
import { IconPlugConnected } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { QueryError } from '../common/QueryError';
import { ConnectionForm } from './ConnectionForm';
import { MysqlResultView } from './MysqlResultView';

function announce(result: TMysqlTestResult): void {
  if (result.success) notify.success('Connection Successful', result.message);
  // Nothing was tried (the shop runs on SQLite): a note, not a failure.
  else if (!result.applicable) notify.warning('Not using MySQL', result.message);
  else notify.error(ADMIN_TOOLS_MSG.mysqlFailed, result.error ?? result.message);
}

/** MySQL Connection (admin-spec section 2): test DATABASE_URL or credentials typed in. */
export function MysqlConnectionTab() {
  const trpc = useTRPC();
  // Only on request: each test opens a new connection to the server.
  const configured = useQuery({ ...trpc.adminTools.mysqlTest.queryOptions(), enabled: false, staleTime: 0 });
  const custom = useMutation(
    trpc.adminTools.mysqlTestCustom.mutationOptions({
      onSuccess: announce,
      onError: (err) => notify.error(ADMIN_TOOLS_MSG.mysqlFailed, errorMessage(err)),
    }),
  );
  const testConfigured = async () => {
    const next = await configured.refetch();
    if (next.data) announce(next.data);
    else if (next.error) notify.error(ADMIN_TOOLS_MSG.mysqlFailed, errorMessage(next.error));
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3}>Environment configuration</Title>
          <Text size="sm" c="dimmed">
            Opens a fresh connection with the credentials in DATABASE_URL (5 s timeout).
          </Text>
          <Group>
            <Button
              leftSection={<IconPlugConnected size={16} />}
              onClick={() => void testConfigured()}
              loading={configured.isFetching}
            >
              Test Connection
            </Button>
          </Group>
          {configured.isError && (
            <QueryError
              title={ADMIN_TOOLS_MSG.mysqlFailed}
              error={configured.error}
              onRetry={() => void testConfigured()}
            />
          )}
          {configured.data && <MysqlResultView result={configured.data} />}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3}>Custom credentials</Title>
          <Text size="sm" c="dimmed">
            Any MySQL server this machine can reach. The password is never shown or stored.
          </Text>
          <ConnectionForm submitLabel="Test Connection" loading={custom.isPending} onSubmit={(c) => custom.mutate(c)} />
          {custom.data && <MysqlResultView result={custom.data} />}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
