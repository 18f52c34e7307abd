// What benchmarks and e2e may use of the api's own test kit.
export { buildApp } from '../src/app';
export { testConfig } from './helpers';
export { type PayPalStandIn, startPayPalStandIn } from './stand-ins/paypal-server';
