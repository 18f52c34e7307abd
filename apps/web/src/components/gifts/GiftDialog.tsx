import { Button, Group, Modal, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { coinsWord, GIFT_COINS_MAX, GIFT_MESSAGE_MAX } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../auth/AuthContext';
import { errorMessage, errorStatus } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { newRequestId } from '../../lib/request-id';
import { useTRPC } from '../../trpc';
import { useRefreshBalance } from '../actions/use-refresh-balance';
import { usePaymentModal } from '../coins/PaymentModalContext';
import { emptyGift, type GiftFormValues, giftFormErrors, giftRequest, giveLabel } from './gift-form';

/** The server's answer to more than the balance (domain errors: INSUFFICIENT_COINS). */
const PAYMENT_REQUIRED = 402;

export interface GiftDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Set on a profile page: the recipient is fixed and not asked for. */
  recipient?: string;
}

/** 'Give coins': who (unless fixed), how many, an optional note; one confirm is one gift. */
export function GiftDialog({ opened, onClose, recipient }: GiftDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={recipient ? `Give coins to ${recipient}` : 'Give coins'} centered>
      {/* Mounted per opening: a fresh form, and a fresh requestId for this confirm. */}
      {opened && <GiftForm onClose={onClose} recipient={recipient} />}
    </Modal>
  );
}

function GiftForm({ onClose, recipient }: Omit<GiftDialogProps, 'opened'>) {
  const trpc = useTRPC();
  const { user } = useAuth();
  const payment = usePaymentModal();
  const refreshBalance = useRefreshBalance();
  const balance = user?.coinBalance ?? 0;
  // One key per opened dialog: a double click, or a retry after a lost reply, moves the coins once.
  const [requestId] = useState(newRequestId);
  const form = useForm<GiftFormValues>({
    initialValues: emptyGift(recipient),
    validate: (values) => giftFormErrors(values, balance),
  });
  const send = useMutation(
    trpc.gifts.send.mutationOptions({
      onSuccess: async (result) => {
        notify.success('Gift sent', result.message);
        onClose();
        await refreshBalance();
      },
      onError: async (err) => {
        // The dialog stays open: a mistyped name or too many coins is fixed here and sent again.
        const buyCoins = errorStatus(err) === PAYMENT_REQUIRED;
        notify.error(
          'Could not give coins',
          errorMessage(err),
          buyCoins ? { action: { label: 'Buy Coins', onClick: () => payment.open() } } : undefined,
        );
        await refreshBalance();
      },
    }),
  );

  const submit = form.onSubmit((values) => {
    if (!send.isPending) send.mutate(giftRequest(values, requestId));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {!recipient && (
          <TextInput
            label="Username"
            placeholder="Who gets the coins"
            data-autofocus
            autoComplete="off"
            {...form.getInputProps('toUsername')}
          />
        )}
        <NumberInput
          label="Coins"
          description={`Your balance: ${coinsWord(balance)}`}
          placeholder="e.g. 100"
          min={1}
          max={GIFT_COINS_MAX}
          allowDecimal={false}
          allowNegative={false}
          data-autofocus={recipient ? true : undefined}
          {...form.getInputProps('coins')}
        />
        <Textarea
          label="Message (optional)"
          placeholder="Shown to them and in both coin histories"
          autosize
          minRows={2}
          maxRows={4}
          maxLength={GIFT_MESSAGE_MAX}
          {...form.getInputProps('message')}
        />
        <Text size="xs" c="dimmed">
          The coins leave your balance at once and cannot be taken back.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="pink" loading={send.isPending}>
            {giveLabel(form.values)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
