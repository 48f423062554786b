import { PASSKEY_MESSAGES } from '@app/contracts';
import { unauthorized } from '../../lib/errors';

/**
 * The account whose password step a second-step token stands for. A passkey sign-in that carries one finishes
 * that sign-in: the passkey is then its second factor, and it must belong to the same account.
 *
 * This module issues no such token: the sign-in's second step (another module) does. Until the app hands its
 * check in (`PasskeysServiceDeps.resolvePendingSecondStep`), every token is refused as expired.
 */
export type ResolvePendingSecondStep = (pendingToken: string) => Promise<{ userId: number } | null>;

export const refuseEveryPendingToken: ResolvePendingSecondStep = () => Promise.resolve(null);

export const secondStepExpired = () => unauthorized(PASSKEY_MESSAGES.secondStepUnavailable);
