import { Group, Paper, Text } from '@mantine/core';
import { formatNumber } from '@shop/domain';
import { IconCoin } from '@tabler/icons-react';
import { usePaymentModal } from '../coins/PaymentModalContext';
import { BuyCoinsButton } from './BuyCoinsButton';
import classes from './CoinBalancePill.module.css';
import { useHighlightOnChange } from './use-highlight-on-change';
import { useLedgerFollowsBalance } from './use-ledger-follows-balance';

/** viewer-spec section 9: the balance highlight lasts 1000 ms. */
const HIGHLIGHT_MS = 1000;

export function CoinBalancePill({ balance }: { balance: number }) {
  const payment = usePaymentModal();
  const highlighted = useHighlightOnChange(balance, HIGHLIGHT_MS);
  useLedgerFollowsBalance(balance);

  return (
    <Paper
      className={classes.pill}
      data-testid="coin-balance"
      title="Coin balance"
      data-highlight={highlighted ? 'true' : 'false'}
      radius="xl"
      withBorder
      px={6}
      py={2}
    >
      <Group gap={6} wrap="nowrap">
        <IconCoin size={18} className={classes.coin} aria-hidden />
        <Text fw={700} size="sm">
          {formatNumber(balance)}
        </Text>
        {/* viewer-spec section 2: opens the payment dialog, where the user picks a package. */}
        <BuyCoinsButton onClick={() => payment.open()} />
      </Group>
    </Paper>
  );
}
