import { Anchor, Badge, Card, Center, Code, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  deliveriesInProgress,
  formatNumber,
  historyStatus,
  MAX_DELIVERY_ATTEMPTS,
  type TDeliveryDetail,
} from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTRPC } from '../../trpc';
import { QueryError } from '../common/QueryError';
import { DELIVERY_LABELS, LIVE_REFRESH_MS, STATUS_COLORS } from './history-status';

interface Props {
  /** The trigger shown; null closes the dialog. */
  historyId: number | null;
  onClose: () => void;
}

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * One trigger's delivery detail: each target with its attempts, last error, response and times.
 * It refetches every LIVE_REFRESH_MS while a delivery is queued or being sent, and stops after.
 */
export function HistoryDetailModal({ historyId, onClose }: Props) {
  const trpc = useTRPC();
  const detail = useQuery(
    trpc.history.detail.queryOptions(
      { id: historyId ?? 0 },
      {
        enabled: historyId !== null,
        refetchInterval: (query) =>
          query.state.data && deliveriesInProgress(query.state.data.deliveries) ? LIVE_REFRESH_MS : false,
      },
    ),
  );

  let body: ReactNode;
  if (detail.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading delivery detail" />
      </Center>
    );
  } else if (detail.isError) {
    body = (
      <QueryError
        title="Failed to load the delivery detail"
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  } else {
    const { record, deliveries } = detail.data;
    const status = historyStatus(record);
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Field label="User">
            <Anchor component={Link} to={`/profile/${record.userId}`} size="sm" onClick={onClose}>
              {record.username || `User #${record.userId}`}
            </Anchor>
          </Field>
          <Field label="Action">{record.actionName}</Field>
          <Field label="Cost">{formatNumber(record.cost)} coins</Field>
          <Field label="Status">
            <Badge color={STATUS_COLORS[status]} variant="light" data-testid="detail-status">
              {status}
            </Badge>
          </Field>
          <Field label="Triggered">{when(record.timestamp)}</Field>
        </SimpleGrid>
        {deliveries.length === 0 ? (
          <Text c="dimmed" size="sm">
            {record.isTest
              ? 'A test is sent at once, outside the delivery queue; each target’s answer was shown when it ran.'
              : 'No delivery was queued for this action.'}
          </Text>
        ) : (
          deliveries.map((d) => <DeliveryCard key={d.id} delivery={d} />)
        )}
      </Stack>
    );
  }

  return (
    <Modal opened={historyId !== null} onClose={onClose} title="Delivery detail" size="lg" centered>
      {body}
    </Modal>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function DeliveryCard({ delivery: d }: { delivery: TDeliveryDetail }) {
  // A queued row that was already tried is waiting for its next retry.
  const { label, color } =
    d.status === 'queued' && d.attempts > 0 ? { label: 'Retrying', color: 'orange' } : DELIVERY_LABELS[d.status];
  return (
    <Card withBorder padding="sm" data-testid="delivery-detail">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm">
              {d.endpointDescription ?? 'Deleted endpoint'}
            </Text>
            {d.endpointLabel && (
              <Text size="xs" c="dimmed">
                {d.endpointLabel}
              </Text>
            )}
          </Stack>
          <Group gap={6} wrap="nowrap">
            {d.isResend && (
              <Badge variant="outline" color="gray">
                Resend
              </Badge>
            )}
            <Badge color={color} variant="light" data-testid="delivery-status">
              {label}
            </Badge>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <Field label="Attempts">
            {d.attempts} of {MAX_DELIVERY_ATTEMPTS}
          </Field>
          <Field label="Created">{when(d.createdAt)}</Field>
          <Field label="Last change">{when(d.updatedAt)}</Field>
        </SimpleGrid>
        {d.nextAttemptAt && d.attempts > 0 && (
          <Text size="xs" c="dimmed">
            Next attempt at {when(d.nextAttemptAt)}
          </Text>
        )}
        {d.lastError && (
          <div>
            <Text size="xs" c="dimmed">
              Last error
            </Text>
            <Code block c="red" data-testid="delivery-error">
              {d.lastError}
            </Code>
          </div>
        )}
        {d.response && (
          <div>
            <Text size="xs" c="dimmed">
              Response
            </Text>
            <Code block style={{ maxHeight: 160, overflow: 'auto' }}>
              {d.response}
            </Code>
          </div>
        )}
      </Stack>
    </Card>
  );
}
