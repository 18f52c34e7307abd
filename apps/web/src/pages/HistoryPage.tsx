import { Container, Stack, Tabs, Text, Title } from '@mantine/core';
import type { TTransaction } from '@shop/domain';
import { TransactionRow } from '../components/coins/TransactionRow';
import { filterTransactions, groupByDay, type HistoryFilter } from '../components/coins/transactions';
import { useTransactions } from '../components/coins/use-transactions';
import { QueryError } from '../components/common/QueryError';

const TABS: { value: HistoryFilter; label: string; empty: string }[] = [
  { value: 'all', label: 'All Transactions', empty: "You don't have any transactions yet." },
  { value: 'purchases', label: 'Purchases', empty: "You haven't purchased any coins yet." },
  { value: 'spending', label: 'Spending', empty: "You haven't spent any coins yet." },
];

function Rows({ transactions }: { transactions: TTransaction[] }) {
  return (
    <Stack gap="xs">
      {transactions.map((t) => (
        <TransactionRow key={t.id} transaction={t} />
      ))}
    </Stack>
  );
}

/** 'All Transactions' groups by the viewer's calendar day, with the day as a heading. */
function ByDay({ transactions }: { transactions: TTransaction[] }) {
  return (
    <Stack gap="lg">
      {groupByDay(transactions).map(({ day, transactions: rows }) => (
        <Stack key={day} gap="xs" component="section" aria-label={day}>
          <Title order={2} size="h5" c="dimmed" data-testid="transaction-day">
            {day}
          </Title>
          <Rows transactions={rows} />
        </Stack>
      ))}
    </Stack>
  );
}

function TabBody({
  filter,
  empty,
  transactions,
}: {
  filter: HistoryFilter;
  empty: string;
  transactions: TTransaction[];
}) {
  const shown = filterTransactions(transactions, filter);
  if (shown.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  }
  return filter === 'all' ? <ByDay transactions={shown} /> : <Rows transactions={shown} />;
}

/** viewer-spec section 2, Transaction History. Login-required; RequireAuth guards the route. */
export function HistoryPage() {
  const transactions = useTransactions();

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Transaction History</Title>
        {/* Only the open tab is mounted, so each amount on screen is in the DOM once. */}
        <Tabs defaultValue="all" keepMounted={false}>
          <Tabs.List mb="lg">
            {TABS.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Panel key={tab.value} value={tab.value}>
              {transactions.isPending ? (
                <Text c="dimmed" ta="center" py="xl">
                  Loading transactions...
                </Text>
              ) : transactions.isError ? (
                <QueryError
                  title="Could not load your transactions"
                  error={transactions.error}
                  onRetry={() => transactions.refetch()}
                />
              ) : (
                <TabBody filter={tab.value} empty={tab.empty} transactions={transactions.data} />
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
