import { Text, type TextProps } from '@mantine/core';
import { formatSignedCoins } from '@shop/domain';
import { amountColor } from './transactions';

/** A ledger amount as the spec shows it: '+500' in green for credits, '-50' in red for debits. */
export function TransactionAmount({ amount, ...props }: { amount: number } & TextProps) {
  return (
    <Text fw={700} c={amountColor(amount)} data-testid="transaction-amount" {...props}>
      {formatSignedCoins(amount)}
    </Text>
  );
}
