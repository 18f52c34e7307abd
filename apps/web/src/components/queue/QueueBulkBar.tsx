import { Button, Checkbox, Group } from '@mantine/core';
import type { TBulkDecision } from './decisions';

interface Props {
  total: number;
  selected: number;
  /** How many of the selected triggers each bulk decision applies to (their states allow it). */
  rejectable: number;
  skippable: number;
  busy: boolean;
  onSelectAll: (all: boolean) => void;
  onBulk: (decision: TBulkDecision) => void;
}

/** Select all, and the decisions that apply to many triggers at once. */
export function QueueBulkBar({ total, selected, rejectable, skippable, busy, onSelectAll, onBulk }: Props) {
  const all = total > 0 && selected === total;
  return (
    <Group gap="sm" wrap="wrap">
      <Checkbox
        label={selected > 0 ? `${selected} selected` : 'Select all'}
        checked={all}
        indeterminate={selected > 0 && !all}
        onChange={() => onSelectAll(!all)}
        disabled={total === 0}
      />
      <Button
        size="xs"
        variant="light"
        color="red"
        disabled={rejectable === 0 || busy}
        onClick={() => onBulk('reject')}
      >
        Reject selected ({rejectable})
      </Button>
      <Button
        size="xs"
        variant="light"
        color="orange"
        disabled={skippable === 0 || busy}
        onClick={() => onBulk('skip')}
      >
        Skip selected ({skippable})
      </Button>
    </Group>
  );
}
