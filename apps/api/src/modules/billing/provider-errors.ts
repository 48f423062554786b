import { BILLING_MESSAGES } from '@app/contracts';
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors';

type StripeError = InstanceType<typeof Stripe.errors.StripeError>;

/**
 * An error of Stripe's SDK of this kind. The SDK names each error's class in its `type`, so the check needs no
 * copy of the SDK loaded (it loads with the client: integrations/stripe.ts).
 */
export const isStripeError = (
  error: unknown,
  type:
    | 'StripeInvalidRequestError'
    | 'StripeAuthenticationError'
    | 'StripePermissionError'
    | 'StripeConnectionError',
): error is StripeError => error instanceof Error && (error as Partial<StripeError>).type === type;

/** Stripe's "no such price/customer" answer. */
export const isMissingResource = (error: unknown): boolean =>
  isStripeError(error, 'StripeInvalidRequestError') && error.code === 'resource_missing';

/** Stripe refused the configured secret key (wrong, revoked, or without the needed permission). */
export const isBadKey = (error: unknown): boolean =>
  isStripeError(error, 'StripeAuthenticationError') || isStripeError(error, 'StripePermissionError');

/**
 * A failed call to Stripe as the error the client sees: 503 when Stripe could not be reached, 502 when it
 * answered with an error. Stripe's own words go to the log only (they may name the account or the key).
 */
export function providerError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const status = isStripeError(error, 'StripeConnectionError') ? 503 : 502;
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new AppError(status, BILLING_MESSAGES.unreachable).withDetail(detail);
}

/** Runs one call to Stripe, turning its failure into the client's error. */
export async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerError(error);
  }
}
