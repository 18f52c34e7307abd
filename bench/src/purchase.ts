// pnpm bench:purchase — purchase crediting through the real HTTP stack against the PayPal stand-in.
import { buildApp, startPayPalStandIn, testConfig } from '@shop/api/testing';
import { findLedgerProblems, insertCoinPackage } from '@shop/db';
import { createTestDb } from '@shop/db/testing';
import { benchDialects, post, register, report, run } from './measure';

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 200);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 500);

for (const dialect of benchDialects()) {
  const paypal = await startPayPalStandIn();
  const db = await createTestDb(dialect);
  const { app } = await buildApp(
    testConfig({
      payments: {
        provider: 'paypal',
        clientId: paypal.clientId,
        clientSecret: paypal.clientSecret,
        baseUrl: paypal.baseUrl,
      },
    }),
    { db },
  );
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const packageId = await insertCoinPackage(db.kysely, {
      name: 'Bench Pack',
      description: '',
      image_url: null,
      amount: 100,
      price_cents: 499,
      created_at: Date.now(),
    });
    const buyer = await register(address, `bench_${dialect}`);
    const openOrders = async (n: number) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const res = await post(`${address}/api/paypal/order`, buyer.cookie, { packageId });
        const { id } = (await res.json()) as { id: string };
        paypal.approve(id);
        ids.push(id);
      }
      return ids;
    };
    const purchase = (orderId: string) => async () => {
      const res = await post(`${address}/api/purchases`, buyer.cookie, { packageId, paypalOrderId: orderId });
      if (!res.ok) throw new Error(`purchase: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };

    console.log(`\n== purchase crediting on ${dialect} ==`);
    const sequential = await openOrders(SEQUENTIAL);
    report('sequential, distinct orders', await run(sequential.length, 1, (i) => purchase(sequential[i] ?? '')()));
    const concurrent = await openOrders(CONCURRENT);
    report(
      '50-way concurrent, distinct orders',
      await run(concurrent.length, 50, (i) => purchase(concurrent[i] ?? '')()),
    );
    const [same] = await openOrders(1);
    report('50-way concurrent, one order (1 credit)', await run(500, 50, () => purchase(same ?? '')()));
    const problems = await findLedgerProblems(db.kysely);
    const user = await db.kysely
      .selectFrom('users')
      .select('coin_balance')
      .where('id', '=', buyer.id)
      .executeTakeFirst();
    const expected = (SEQUENTIAL + CONCURRENT + 1) * 100;
    console.log(
      `ledger invariant: ${problems.length === 0 ? 'holds' : 'BROKEN'}; balance ${user?.coin_balance} (expected ${expected})`,
    );
  } finally {
    await app.close();
    await db.destroy();
    await paypal.close();
  }
}
