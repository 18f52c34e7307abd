import { Anchor, Badge, Button, Center, Group, Loader, Paper, Table, Text, Title, Tooltip } from '@mantine/core';
import {
  canRefund,
  canResend,
  formatNumber,
  historyStatus,
  type TActionHistoryRecord,
  type THistoryStatus,
  type TResendOutcome,
} from '@shop/domain';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { QueryError } from '../common/QueryError';
import { ConfirmModal } from './ConfirmModal';
import { relativeTime } from './relative-time';
import { useNow } from './use-now';
import { useRefreshBalance } from './use-refresh-balance';

const STATUS_COLORS: Record<THistoryStatus, string> = {
  Refunded: 'blue',
  Test: 'grape',
  Success: 'green',
  Pending: 'yellow',
  Failed: 'red',
};

/** Admin Action History (admin-spec section 2): every trigger, with refund and resend. */
export function AdminHistoryPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  const history = useQuery(trpc.history.list.queryOptions());
  const now = useNow(60_000);
  const [confirming, setConfirming] = useState<{ kind: 'refund' | 'resend'; record: TActionHistoryRecord } | null>(
    null,
  );

  const reloadHistory = () => queryClient.invalidateQueries({ queryKey: trpc.history.list.queryKey() });
  const refund = useMutation(
    trpc.history.refund.mutationOptions({
      onSuccess: async () => {
        setConfirming(null);
        notify.success('Action refunded', 'The coins went back to the viewer.');
        // The refunded viewer may be the admin looking at this, so their balance reloads too.
        await Promise.all([reloadHistory(), refreshBalance()]);
      },
      onError: (err) => {
        setConfirming(null);
        notify.error('Refund failed', errorMessage(err));
      },
    }),
  );
  const resend = useMutation(
    trpc.history.resend.mutationOptions({
      onSuccess: async () => {
        setConfirming(null);
        notify.success('Action resent', 'The action was queued for delivery again.');
        await reloadHistory();
      },
      onError: (err) => {
        setConfirming(null);
        notify.error('Resend failed', errorMessage(err));
      },
    }),
  );

  const header = (
    <Group justify="space-between">
      <Title order={3}>Action History</Title>
      <Button
        variant="light"
        leftSection={<IconRefresh size={16} />}
        onClick={() => void history.refetch()}
        loading={history.isFetching && !history.isPending}
      >
        Refresh
      </Button>
    </Group>
  );

  if (history.isPending) {
    return (
      <Paper withBorder p="md">
        {header}
        <Center py="xl">
          <Loader aria-label="Loading action history" />
        </Center>
      </Paper>
    );
  }
  if (history.isError) {
    return (
      <Paper withBorder p="md">
        {header}
        <QueryError
          title="Failed to fetch action history"
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      </Paper>
    );
  }

  const busy = (m: { isPending: boolean; variables?: { id: unknown } }, id: number) =>
    m.isPending && m.variables?.id === id;

  return (
    <Paper withBorder p="md">
      {header}
      {history.data.length === 0 ? (
        <Center py="xl">
          <Text c="dimmed">No action history found.</Text>
        </Center>
      ) : (
        <Table.ScrollContainer minWidth={720} mt="md">
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>User</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Cost</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((record) => (
                <HistoryRow
                  key={record.id}
                  record={record}
                  now={now}
                  refunding={busy(refund, record.id)}
                  resending={busy(resend, record.id)}
                  onRefund={() => setConfirming({ kind: 'refund', record })}
                  onResend={() => setConfirming({ kind: 'resend', record })}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmModal
        opened={confirming !== null}
        {...confirmText(confirming)}
        loading={refund.isPending || resend.isPending}
        onClose={() => {
          if (!refund.isPending && !resend.isPending) setConfirming(null);
        }}
        onConfirm={() => {
          if (!confirming) return;
          const input = { id: confirming.record.id };
          if (confirming.kind === 'refund') refund.mutate(input);
          else resend.mutate(input);
        }}
      />
    </Paper>
  );
}

function confirmText(confirming: { kind: 'refund' | 'resend'; record: TActionHistoryRecord } | null) {
  const name = confirming?.record.actionName ?? '';
  const who = confirming ? confirming.record.username || `User #${confirming.record.userId}` : '';
  if (confirming?.kind === 'refund') {
    return {
      title: 'Refund this action?',
      message: `${formatNumber(confirming.record.cost)} coins go back to ${who} for ${name}. This cannot be undone.`,
      confirmLabel: 'Refund',
      color: 'orange',
    };
  }
  return {
    title: 'Resend this action?',
    message: `The game will run the command of ${name} again for ${who}. No coins move.`,
    confirmLabel: 'Resend',
    color: 'blue',
  };
}

const RESEND_LABELS: Record<TResendOutcome['status'], { label: string; color: string }> = {
  pending: { label: 'Resending', color: 'yellow' },
  delivered: { label: 'Resent', color: 'teal' },
  failed: { label: 'Resend failed', color: 'red' },
};

/** A resend never changes the trigger's own status (or money); its outcome shows beside it. */
function ResendBadge({ outcome }: { outcome: TResendOutcome }) {
  const { label, color } = RESEND_LABELS[outcome.status];
  const badge = (
    <Badge color={color} variant="outline" data-testid="resend-badge">
      {label}
    </Badge>
  );
  return outcome.error ? <Tooltip label={outcome.error}>{badge}</Tooltip> : badge;
}

interface RowProps {
  record: TActionHistoryRecord;
  now: number;
  refunding: boolean;
  resending: boolean;
  onRefund: () => void;
  onResend: () => void;
}

function HistoryRow({ record, now, refunding, resending, onRefund, onResend }: RowProps) {
  const status = historyStatus(record);
  return (
    <Table.Tr data-testid="history-row">
      <Table.Td>
        <Tooltip label={new Date(record.timestamp).toLocaleString()}>
          <Text size="sm">{relativeTime(record.timestamp, now)}</Text>
        </Tooltip>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={`/profile/${record.userId}`} size="sm">
          {record.username || `User #${record.userId}`}
        </Anchor>
      </Table.Td>
      <Table.Td>{record.actionName}</Table.Td>
      <Table.Td>{formatNumber(record.cost)}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Badge color={STATUS_COLORS[status]} variant="light">
            {status}
          </Badge>
          {record.lastResend && <ResendBadge outcome={record.lastResend} />}
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {canRefund(record) && (
            <Button size="xs" variant="light" color="orange" onClick={onRefund} loading={refunding}>
              Refund
            </Button>
          )}
          {canResend(record) && (
            <Button size="xs" variant="default" onClick={onResend} loading={resending}>
              Resend
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
