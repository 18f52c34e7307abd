import { Button, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  ADJUSTMENT_REASON_MAX,
  formatNumber,
  insufficientForAdjustmentMessage,
  type TAdminUserSummary,
  ZCoinAdjustmentForm,
} from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../auth/AuthContext';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { ConfirmModal } from '../actions/ConfirmModal';
import { useRefreshBalance } from '../actions/use-refresh-balance';

interface Values {
  amount: number | string;
  reason: string;
}

/** A manual correction of the user's coins: one ledger row with the reason, never below zero. */
export function CoinAdjustmentForm({ user }: { user: TAdminUserSummary }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  const { user: me } = useAuth();
  const [confirming, setConfirming] = useState<{ amount: number; reason: string } | null>(null);
  const form = useForm<Values>({
    initialValues: { amount: '', reason: '' },
    validate: (values) => {
      const errors = schemaResolver(ZCoinAdjustmentForm, { sync: true })(values);
      // The server refuses it too; saying so here saves a round trip and a confusing dialog.
      const amount = Number(values.amount);
      if (!errors.amount && amount < 0 && -amount > user.coinBalance) {
        errors.amount = insufficientForAdjustmentMessage(user.coinBalance);
      }
      return errors;
    },
  });
  const adjust = useMutation(
    trpc.adminTools.adjustCoins.mutationOptions({
      onSuccess: async (result) => {
        notify.success('Coins adjusted', result.message);
        form.reset();
        setConfirming(null);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.adminTools.getUser.queryKey({ userId: user.id }) }),
          queryClient.invalidateQueries({ queryKey: trpc.adminTools.userTransactions.queryKey({ userId: user.id }) }),
          queryClient.invalidateQueries({ queryKey: trpc.adminTools.searchUsers.queryKey() }),
          // An admin adjusting their own coins sees the header balance move too.
          me?.id === user.id ? refreshBalance() : Promise.resolve(),
        ]);
      },
      onError: (err) => {
        notify.error('Failed to adjust coins', errorMessage(err));
        setConfirming(null);
      },
    }),
  );

  const submit = form.onSubmit((values) =>
    setConfirming({ amount: Number(values.amount), reason: values.reason.trim() }),
  );
  const describe = (amount: number) =>
    amount > 0
      ? `Add ${formatNumber(amount)} coins to ${user.username}`
      : `Remove ${formatNumber(-amount)} coins from ${user.username}`;

  return (
    <Stack gap="sm">
      <Title order={4}>Adjust coins</Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <NumberInput
            label="Amount"
            description={`Positive adds, negative removes. Balance: ${formatNumber(user.coinBalance)}`}
            placeholder="e.g. 100 or -50"
            allowDecimal={false}
            allowNegative
            {...form.getInputProps('amount')}
          />
          <TextInput
            label="Reason"
            placeholder="Shown in the user's coin history"
            maxLength={ADJUSTMENT_REASON_MAX}
            {...form.getInputProps('reason')}
          />
          <Text size="xs" c="dimmed">
            Recorded in the ledger with your name; the balance never goes below zero.
          </Text>
          <Button type="submit" variant="light" loading={adjust.isPending}>
            Apply Adjustment
          </Button>
        </Stack>
      </form>
      <ConfirmModal
        opened={confirming !== null}
        title="Adjust coins?"
        message={confirming ? `${describe(confirming.amount)}? Reason: ${confirming.reason}` : ''}
        confirmLabel="Apply"
        color="orange"
        loading={adjust.isPending}
        onConfirm={() => confirming && adjust.mutate({ userId: user.id, ...confirming })}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
