import {
  PASSKEY_MESSAGES,
  type PasskeyAuthenticationResponse,
  type PasskeyCreationOptions,
  type PasskeyRegistrationResponse,
  type PasskeyRequestOptions,
} from '@app/contracts';
import { ApiError } from './api-error';

/*
 * The browser's side of passkeys (WebAuthn, @simplewebauthn/browser), loaded when a passkey is first used, so
 * the pages that never touch one do not carry it.
 */
const loadBrowser = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all. */
export const supportsPasskeys = async (): Promise<boolean> => (await loadBrowser()).browserSupportsWebAuthn();

/** Asks the browser for a new passkey; returns only the fields the API reads. */
export async function createPasskey(options: PasskeyCreationOptions): Promise<PasskeyRegistrationResponse> {
  const { startRegistration } = await loadBrowser();
  const answer = await startRegistration({ optionsJSON: options });
  const { response } = answer;
  return {
    id: answer.id,
    rawId: answer.rawId,
    type: 'public-key',
    response: {
      clientDataJSON: response.clientDataJSON,
      attestationObject: response.attestationObject,
      ...(response.authenticatorData ? { authenticatorData: response.authenticatorData } : {}),
      ...(response.transports ? { transports: response.transports } : {}),
      ...(response.publicKeyAlgorithm !== undefined
        ? { publicKeyAlgorithm: response.publicKeyAlgorithm }
        : {}),
      ...(response.publicKey ? { publicKey: response.publicKey } : {}),
    },
    ...(answer.authenticatorAttachment ? { authenticatorAttachment: answer.authenticatorAttachment } : {}),
    clientExtensionResults: answer.clientExtensionResults.credProps
      ? {
          credProps: {
            ...(answer.clientExtensionResults.credProps.rk !== undefined
              ? { rk: answer.clientExtensionResults.credProps.rk }
              : {}),
          },
        }
      : {},
  };
}

/**
 * Asks the browser to sign in with one of its passkeys for this site. `autofill`: wait for the member to pick
 * one in the email field's suggestions instead of opening the browser's dialog.
 */
export async function getPasskey(
  options: PasskeyRequestOptions,
  autofill = false,
): Promise<PasskeyAuthenticationResponse> {
  const { startAuthentication } = await loadBrowser();
  const answer = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
  const { response } = answer;
  return {
    id: answer.id,
    rawId: answer.rawId,
    type: 'public-key',
    response: {
      clientDataJSON: response.clientDataJSON,
      authenticatorData: response.authenticatorData,
      signature: response.signature,
      ...(response.userHandle ? { userHandle: response.userHandle } : {}),
    },
    ...(answer.authenticatorAttachment ? { authenticatorAttachment: answer.authenticatorAttachment } : {}),
    clientExtensionResults: {},
  };
}

/** Stops a passkey request still waiting (the autofill one, when the login page goes away). */
export const cancelPasskeyRequest = async (): Promise<void> => {
  (await loadBrowser()).WebAuthnAbortService.cancelCeremony();
};

/** The member closed the browser's dialog, or another ceremony replaced this one: nothing to report. */
export const isPasskeyCancelled = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'NotAllowedError' ||
    error.name === 'AbortError' ||
    (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED');

/** The Spanish message of a failed passkey step: the server's own, or what the browser refused. */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message.trim() !== '') return error.message;
  if (isPasskeyCancelled(error)) return PASSKEY_MESSAGES.cancelled;
  if (error instanceof Error && error.name === 'InvalidStateError') return PASSKEY_MESSAGES.alreadyAdded;
  return fallback;
}
