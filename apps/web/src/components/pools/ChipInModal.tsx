import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { useRefreshBalance } from '../actions/use-refresh-balance';
import { chipInError, chipInNote, defaultChipIn, type PoolCard } from './pool-view';

/** 32 random hex digits, one per opened dialog: a double click or a retry is charged once. */
function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The 'Chip in' dialog: an amount (what is missing, or a tenth of the goal), checked as the server checks it. */
export function ChipInModal({ card, onClose }: { card: PoolCard; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  const [amount, setAmount] = useState<number | string>(() => defaultChipIn(card));
  const [requestId] = useState(newRequestId);
  const [touched, setTouched] = useState(false);
  const mutation = useMutation(
    trpc.pools.contribute.mutationOptions({
      onSuccess: async (result) => {
        if (result.historyId !== null) notify.success('Goal reached!', `${card.actionName} goes out now.`);
        else notify.success('Coins in', `You put ${result.coins} coins toward ${card.actionName}.`);
        onClose();
        await Promise.all([refreshBalance(), queryClient.invalidateQueries({ queryKey: trpc.pools.list.queryKey() })]);
      },
      onError: (err) => notify.error('Could not chip in', errorMessage(err)),
    }),
  );
  const value = typeof amount === 'number' ? amount : amount === '' ? '' : Number(amount);
  const error = chipInError(value);
  const note = typeof value === 'number' && !error ? chipInNote(value, card) : null;

  return (
    <Modal opened onClose={() => !mutation.isPending && onClose()} title={`Chip in: ${card.actionName}`} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (error || typeof value !== 'number') return;
          mutation.mutate({ actionId: card.actionId, coins: value, requestId });
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {card.raised.toLocaleString('en-US')} of {card.goal.toLocaleString('en-US')} coins so far. If the goal is
            not reached in time, every coin goes back.
          </Text>
          <NumberInput
            label="Coins"
            value={amount}
            onChange={setAmount}
            onBlur={() => setTouched(true)}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            error={touched ? error : null}
            data-autofocus
          />
          {note && (
            <Text size="sm" c="dimmed">
              {note}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Chip in
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
