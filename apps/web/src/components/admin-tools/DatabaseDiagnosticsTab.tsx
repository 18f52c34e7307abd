import { Button, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { ADMIN_TOOLS_MSG, type TDiagnosticsResult } from '@shop/domain';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { QueryError } from '../common/QueryError';
import { ConnectionForm } from './ConnectionForm';
import { DiagnosticsResultView } from './DiagnosticsResultView';

/** The spec's notices for a diagnostics answer that arrived: complete, or what failed. */
function announce(result: TDiagnosticsResult, failureTitle: string): void {
  if (result.success) notify.success(ADMIN_TOOLS_MSG.diagnosticsComplete, result.message);
  else notify.error(failureTitle, result.error ?? result.message);
}

function EnvironmentDiagnostics() {
  const trpc = useTRPC();
  // Runs when the tab opens; 'Run Again' asks the database afresh.
  const diagnostics = useQuery({ ...trpc.adminTools.dbDiagnostics.queryOptions(), staleTime: 0 });
  const runAgain = async () => {
    const next = await diagnostics.refetch();
    if (next.data) announce(next.data, ADMIN_TOOLS_MSG.diagnosticsFailed);
    else if (next.error) notify.error(ADMIN_TOOLS_MSG.diagnosticsError, errorMessage(next.error));
  };
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          The database this shop runs on (DATABASE_URL).
        </Text>
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} />}
          onClick={() => void runAgain()}
          loading={diagnostics.isFetching}
        >
          Run Again
        </Button>
      </Group>
      {diagnostics.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Running diagnostics">
          <Skeleton height={60} />
          <Skeleton height={200} />
        </Stack>
      ) : diagnostics.isError ? (
        <QueryError
          title={ADMIN_TOOLS_MSG.diagnosticsError}
          error={diagnostics.error}
          onRetry={() => void diagnostics.refetch()}
        />
      ) : (
        <DiagnosticsResultView result={diagnostics.data} />
      )}
    </Stack>
  );
}

function CustomDiagnostics() {
  const trpc = useTRPC();
  const run = useMutation(
    trpc.adminTools.dbDiagnosticsCustom.mutationOptions({
      onSuccess: (result) => announce(result, ADMIN_TOOLS_MSG.connectionFailed),
      onError: (err) => notify.error(ADMIN_TOOLS_MSG.diagnosticsError, errorMessage(err)),
    }),
  );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Another MySQL server. The password is used for this one connection and is never shown or stored.
      </Text>
      <ConnectionForm submitLabel="Run Diagnostics" loading={run.isPending} onSubmit={(c) => run.mutate(c)} />
      {run.data && <DiagnosticsResultView result={run.data} />}
    </Stack>
  );
}

/** Database Diagnostics (admin-spec section 2): the configured database or a custom MySQL connection. */
export function DatabaseDiagnosticsTab() {
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Title order={3}>Database Diagnostics</Title>
        <Tabs defaultValue="environment" variant="pills" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="environment">Environment</Tabs.Tab>
            <Tabs.Tab value="custom">Custom Connection</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="environment">
            <EnvironmentDiagnostics />
          </Tabs.Panel>
          <Tabs.Panel value="custom">
            <CustomDiagnostics />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}
