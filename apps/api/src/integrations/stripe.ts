import type Stripe from 'stripe';
import type { Config } from '../config';

/**
 * The Stripe API version this code is written against. Pinned so that Stripe's objects keep the shape the code
 * reads; the webhook endpoint must be registered with the same version (docs/payments.md).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** The official SDK's client. app.ts makes one per app and hands it to the modules that call Stripe. */
export type StripeClient = Stripe;

/**
 * The official SDK, or undefined when no secret key is configured. STRIPE_API_URL points it at another host
 * (the tests' local stand-in) through the SDK's own host, port and protocol options. The SDK is loaded only
 * when a key is configured: a server without payments never spends its start-up on it.
 */
export async function createStripe(config: Config): Promise<StripeClient | undefined> {
  const { secretKey, apiUrl } = config.stripe;
  if (!secretKey) return undefined;
  const { default: StripeSdk } = await import('stripe');
  const target = apiUrl ? new URL(apiUrl) : undefined;
  return new StripeSdk(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    timeout: config.outgoingTimeoutMs,
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: 'comunidad-miembros' },
    ...(target && {
      host: target.hostname,
      port: target.port || (target.protocol === 'https:' ? 443 : 80),
      protocol: target.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}
