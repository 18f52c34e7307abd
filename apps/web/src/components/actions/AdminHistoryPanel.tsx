import { Button, Center, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatNumber, historyNeedsLiveUpdates, type TActionHistoryRecord } from '@shop/domain';
import { IconChevronLeft, IconChevronRight, IconRefresh } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { QueryError } from '../common/QueryError';
import { ConfirmModal } from './ConfirmModal';
import { HistoryDetailModal } from './HistoryDetailModal';
import { HistoryFilters, type HistoryFilterValues, NO_FILTERS } from './HistoryFilters';
import { HistoryTable } from './HistoryTable';
import { LIVE_REFRESH_MS } from './history-status';
import { useNow } from './use-now';
import { useRefreshBalance } from './use-refresh-balance';

const PAGE_SIZE = 25;

type Confirming = { kind: 'refund' | 'resend'; record: TActionHistoryRecord } | null;

/**
 * Admin Action History (admin-spec section 2): every trigger, filtered and a page at a time, with
 * refund, resend and each trigger's delivery detail. Live updates: while a visible row is Pending
 * (or being resent) the page refetches every LIVE_REFRESH_MS and stops once everything settled. A
 * poll, not the socket: admins' sockets only get receipts for their own triggers, and a refetch
 * also shows retries and resends, which no socket message describes.
 */
export function AdminHistoryPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  const now = useNow(60_000);
  const [filters, setFilters] = useState<HistoryFilterValues>(NO_FILTERS);
  const [debounced] = useDebouncedValue(filters, 300);
  /** Cursors of the pages seen so far: [null] is the first page; the last one is shown. */
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [openId, setOpenId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  const cursor = cursors.at(-1) ?? null;
  const history = useQuery(
    trpc.history.list.queryOptions(
      {
        username: debounced.username.trim() || undefined,
        actionName: debounced.actionName.trim() || undefined,
        status: debounced.status ?? undefined,
        cursor,
        limit: PAGE_SIZE,
      },
      {
        placeholderData: keepPreviousData,
        refetchInterval: (query) => (historyNeedsLiveUpdates(query.state.data?.items ?? []) ? LIVE_REFRESH_MS : false),
      },
    ),
  );

  const changeFilters = (next: HistoryFilterValues) => {
    setFilters(next);
    setCursors([null]);
  };
  // List and detail both show the record's status: reload both.
  const reloadHistory = () => queryClient.invalidateQueries(trpc.history.pathFilter());
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
        notify.error('Refund failed', errorMessage(err) || 'Failed to refund action');
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
        notify.error('Resend failed', errorMessage(err) || 'Failed to resend action');
      },
    }),
  );

  const header = (
    <Group justify="space-between" wrap="wrap">
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

  let body: ReactNode;
  if (history.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading action history" />
      </Center>
    );
  } else if (history.isError) {
    body = (
      <QueryError title="Failed to fetch action history" error={history.error} onRetry={() => void history.refetch()} />
    );
  } else if (history.data.items.length === 0) {
    body = (
      <Center py="xl">
        <Text c="dimmed">No action history found.</Text>
      </Center>
    );
  } else {
    const { items, nextCursor } = history.data;
    const page = cursors.length;
    body = (
      <>
        <HistoryTable
          records={items}
          now={now}
          busyId={{
            // The id input is coerced by the schema, so its input type is unknown; we sent a number.
            refund: refund.isPending ? Number(refund.variables?.id) : null,
            resend: resend.isPending ? Number(resend.variables?.id) : null,
          }}
          onRefund={(record) => setConfirming({ kind: 'refund', record })}
          onResend={(record) => setConfirming({ kind: 'resend', record })}
          onOpen={(record) => setOpenId(record.id)}
        />
        <Group justify="space-between" mt="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            Page {page}
            {historyNeedsLiveUpdates(items) && ' · updating while deliveries are on their way'}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconChevronLeft size={14} />}
              disabled={page === 1}
              onClick={() => setCursors((list) => list.slice(0, -1))}
            >
              Previous
            </Button>
            <Button
              variant="default"
              size="xs"
              rightSection={<IconChevronRight size={14} />}
              disabled={!nextCursor || history.isPlaceholderData}
              onClick={() => nextCursor && setCursors((list) => [...list, nextCursor])}
            >
              Next
            </Button>
          </Group>
        </Group>
      </>
    );
  }

  return (
    <Paper withBorder p="md">
      {header}
      <HistoryFilters value={filters} onChange={changeFilters} />
      {body}
      <HistoryDetailModal historyId={openId} onClose={() => setOpenId(null)} />
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

function confirmText(confirming: Confirming) {
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
