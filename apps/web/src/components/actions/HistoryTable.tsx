import { Anchor, Badge, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import {
  canRefund,
  canResend,
  formatNumber,
  historyStatus,
  type TActionHistoryRecord,
  type TResendOutcome,
} from '@shop/domain';
import type { KeyboardEvent, MouseEvent } from 'react';
import { Link } from 'react-router';
import { RESEND_LABELS, STATUS_COLORS } from './history-status';
import { relativeTime } from './relative-time';

interface Props {
  records: TActionHistoryRecord[];
  now: number;
  busyId: { refund: number | null; resend: number | null };
  onRefund: (record: TActionHistoryRecord) => void;
  onResend: (record: TActionHistoryRecord) => void;
  onOpen: (record: TActionHistoryRecord) => void;
}

/** The panel's table (admin-spec section 2); it scrolls inside its card on narrow screens. */
export function HistoryTable({ records, now, busyId, onRefund, onResend, onOpen }: Props) {
  return (
    <Table.ScrollContainer minWidth={760} mt="md">
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
          {records.map((record) => (
            <HistoryRow
              key={record.id}
              record={record}
              now={now}
              refunding={busyId.refund === record.id}
              resending={busyId.resend === record.id}
              onRefund={() => onRefund(record)}
              onResend={() => onResend(record)}
              onOpen={() => onOpen(record)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A resend never changes the trigger's own status (or money); its outcome shows beside it. */
function ResendBadge({ outcome }: { outcome: TResendOutcome }) {
  const { label, color } = RESEND_LABELS[outcome.status];
  const badge = (
    <Badge color={color} variant="outline" data-testid="resend-badge" style={{ flexShrink: 0 }}>
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
  onOpen: () => void;
}

/** Buttons and the user link inside a row act on their own; a click elsewhere opens the detail. */
const own = (handler: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  handler();
};

function HistoryRow({ record, now, refunding, resending, onRefund, onResend, onOpen }: RowProps) {
  const status = historyStatus(record);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onOpen();
    }
  };
  return (
    <Table.Tr
      data-testid="history-row"
      onClick={onOpen}
      onKeyDown={onKeyDown}
      tabIndex={0}
      aria-label={`Delivery detail of ${record.actionName}`}
      style={{ cursor: 'pointer' }}
    >
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Tooltip label={new Date(record.timestamp).toLocaleString()}>
          <Text size="sm">{relativeTime(record.timestamp, now)}</Text>
        </Tooltip>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={`/profile/${record.userId}`} size="sm" onClick={(e) => e.stopPropagation()}>
          {record.username || `User #${record.userId}`}
        </Anchor>
      </Table.Td>
      <Table.Td>{record.actionName}</Table.Td>
      <Table.Td>{formatNumber(record.cost)}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Badge color={STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }} data-testid="history-status">
            {status}
          </Badge>
          {record.deliveryState === 'retrying' && (
            <Badge color="yellow" variant="outline" style={{ flexShrink: 0 }}>
              Retrying
            </Badge>
          )}
          {record.attempts > 0 && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="history-attempts">
              {record.attempts} of {record.maxAttempts} {record.maxAttempts === 1 ? 'try' : 'tries'}
            </Text>
          )}
          {record.lastResend && <ResendBadge outcome={record.lastResend} />}
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {canRefund(record) && (
            <Button size="xs" variant="light" color="orange" onClick={own(onRefund)} loading={refunding}>
              Refund
            </Button>
          )}
          {canResend(record) && (
            <Button size="xs" variant="default" onClick={own(onResend)} loading={resending}>
              Resend
            </Button>
          )}
          <Button size="xs" variant="subtle" onClick={own(onOpen)}>
            Details
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
