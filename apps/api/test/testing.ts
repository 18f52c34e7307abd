// What benchmarks and e2e may use of the api's own test kit.
export { buildApp } from '../src/app';
export { testConfig } from './helpers';
export { type PayPalStandIn, startPayPalStandIn } from './stand-ins/paypal-server';
export { startTikTokStandIn, type TikTokStandIn } from './stand-ins/tiktok-server';
export { startTwitchStandIn, type TwitchStandIn, type TwitchStandInState } from './stand-ins/twitch-server';
export { startYouTubeFeedStandIn, type YouTubeFeedStandIn } from './stand-ins/youtube-feed';
