// The api as its own process for the fault test, which kills it with SIGKILL mid-run.
// Usage: node --import tsx test/delivery-fault-child.ts <DATABASE_URL>; prints 'listening <port>' when ready.
import { buildApp } from '../src/app';
import { testConfig } from './helpers';

const databaseUrl = process.argv[2];
if (!databaseUrl) throw new Error('usage: delivery-fault-child.ts <DATABASE_URL>');
const { app } = await buildApp(testConfig({ databaseUrl, delivery: { autoStart: true, timeoutMs: 2_000 } }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
