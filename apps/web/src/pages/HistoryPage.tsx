import { Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { TTransaction, TTransactionFilter } from '@shop/domain';
import { TransactionRow } from '../components/coins/TransactionRow';
import { groupByDay } from '../components/coins/transactions';
import { useTransactionPages } from '../components/coins/use-transactions';
import { PageHeading } from '../components/common/PageHeading';
import { QueryError } from '../components/common/QueryError';

const TABS: { value: TTransactionFilter; label: string; empty: string; note: string | null }[] = [
  { value: 'all', label: 'All Transactions', empty: "You don't have any transactions yet.", note: null },
  {
    value: 'purchases',
    label: 'Purchases',
    empty: "You haven't purchased any coins yet.",
    note: 'Coins bought, and any taken back when a payment was refunded. They add up to Coins Purchased.',
  },
  {
    value: 'spending',
    label: 'Spending',
    empty: "You haven't spent any coins yet.",
    note: 'Actions, crowd-goal shares and gifts you sent, with the refunds that gave coins back. They add up to Total Spent.',
  },
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

function TabBody({ filter, empty }: { filter: TTransactionFilter; empty: string }) {
  const pages = useTransactionPages(filter);
  if (pages.isPending) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        Loading transactions...
      </Text>
    );
  }
  // A failed 'Load more' also puts the query in error, with the pages already shown still in data.
  if (!pages.data) {
    return <QueryError title="Could not load your transactions" error={pages.error} onRetry={() => pages.refetch()} />;
  }
  const shown = pages.data.pages.flatMap((page) => page.items);
  if (shown.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="lg">
      {filter === 'all' ? <ByDay transactions={shown} /> : <Rows transactions={shown} />}
      {pages.isFetchNextPageError && (
        <QueryError
          title="Could not load older transactions"
          error={pages.error}
          onRetry={() => pages.fetchNextPage()}
        />
      )}
      {pages.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="default"
            loading={pages.isFetchingNextPage}
            onClick={() => pages.fetchNextPage()}
            data-testid="history-load-more"
          >
            Load more
          </Button>
        </Group>
      ) : (
        <Text c="dimmed" ta="center" size="sm">
          That is everything.
        </Text>
      )}
    </Stack>
  );
}

/** viewer-spec section 2, Transaction History. Login-required; RequireAuth guards the route. */
export function HistoryPage() {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <PageHeading title="Transaction History" />
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
              {tab.note && (
                <Text size="sm" c="dimmed" mb="md">
                  {tab.note}
                </Text>
              )}
              <TabBody filter={tab.value} empty={tab.empty} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
