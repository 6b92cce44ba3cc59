// The gateway for scripts/bench-server.mjs, in a process of its own (so its CPU is not the server's): the
// mock gateway app at zero latency, no webhooks, on BENCH_GATEWAY_PORT (loopback).
import { serve } from '@hono/node-server';
import { createMockGatewayApp } from '../server/mock-gateway/mock-gateway-app.ts';

const port = Number(process.env.BENCH_GATEWAY_PORT);
const app = createMockGatewayApp({ publicBaseUrl: `http://127.0.0.1:${port}`, merchantName: 'Bench' });
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => process.send?.('ready'));
process.on('SIGTERM', () => process.exit(0));
