import { z } from 'zod';
import { SessionUser, PASSWORD_MAX } from './auth';
import { endpointsOf, ID_MAX, OkResponse } from './http';
import { IdParams } from './settings';

const endpoint = endpointsOf('passkeys');
const authEndpoint = endpointsOf('auth');

export const PASSKEY_NAME_MAX = 60;
/** How long the browser has to answer a WebAuthn challenge; the server forgets it after this. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

export const PASSKEY_MESSAGES = {
  nameRequired: 'Escribe un nombre para la llave de acceso.',
  nameTooLong: `El nombre admite como mucho ${PASSKEY_NAME_MAX} caracteres.`,
  notFound: 'No se encontró esa llave de acceso.',
  challengeExpired: 'La solicitud ha caducado. Vuelve a intentarlo.',
  notVerified: 'No se pudo comprobar la llave de acceso. Vuelve a intentarlo.',
  alreadyAdded: 'Esa llave de acceso ya está añadida a una cuenta.',
  unknownPasskey: 'Esta llave de acceso no está asociada a ninguna cuenta.',
  passwordRequired: 'Escribe tu contraseña actual.',
  passwordWrong: 'La contraseña actual no es correcta.',
  added: 'Llave de acceso añadida. Hemos cerrado tus otras sesiones.',
  renamed: 'Nombre de la llave de acceso guardado.',
  removed: 'Llave de acceso eliminada.',
  cancelled: 'Se canceló la operación con la llave de acceso.',
  unsupported: 'Este navegador no admite llaves de acceso.',
} as const;

const Base64Url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'La solicitud no es válida');
const Transport = z.string().max(32);

/** Options for `navigator.credentials.create()`, as @simplewebauthn/server writes them. */
export const PasskeyCreationOptions = z.strictObject({
  rp: z.strictObject({ name: z.string(), id: z.string().optional() }),
  user: z.strictObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.strictObject({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z
    .array(
      z.strictObject({
        id: z.string(),
        type: z.literal('public-key'),
        transports: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  authenticatorSelection: z
    .strictObject({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.strictObject({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
});
export type PasskeyCreationOptions = z.infer<typeof PasskeyCreationOptions>;

/** Options for `navigator.credentials.get()`: no credential named, so the browser offers the member's passkeys. */
export const PasskeyRequestOptions = z.strictObject({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z
    .array(
      z.strictObject({
        id: z.string(),
        type: z.literal('public-key'),
        transports: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
});
export type PasskeyRequestOptions = z.infer<typeof PasskeyRequestOptions>;

const ClientExtensionResults = z.strictObject({
  credProps: z.strictObject({ rk: z.boolean().optional() }).optional(),
});

/** The browser's answer to `create()` (RegistrationResponseJSON), with only the fields the server reads. */
export const PasskeyRegistrationResponse = z.strictObject({
  id: Base64Url.min(1),
  rawId: Base64Url.min(1),
  type: z.literal('public-key'),
  response: z.strictObject({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    authenticatorData: Base64Url.optional(),
    transports: z.array(Transport).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: Base64Url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ClientExtensionResults,
});
export type PasskeyRegistrationResponse = z.infer<typeof PasskeyRegistrationResponse>;

/** The browser's answer to `get()` (AuthenticationResponseJSON). */
export const PasskeyAuthenticationResponse = z.strictObject({
  id: Base64Url.min(1),
  rawId: Base64Url.min(1),
  type: z.literal('public-key'),
  response: z.strictObject({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: Base64Url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ClientExtensionResults,
});
export type PasskeyAuthenticationResponse = z.infer<typeof PasskeyAuthenticationResponse>;

const PasskeyName = z
  .string({ error: PASSKEY_MESSAGES.nameRequired })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameTooLong);

/** A passkey as /perfil lists it. Times are ISO instants; `last_used_at` is null until it signs in once. */
export const Passkey = z.strictObject({
  id: z.number().int().positive().max(ID_MAX),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof Passkey>;

export const PasskeyList = z.strictObject({ passkeys: z.array(Passkey) });

export const AddPasskeyBody = z.strictObject({
  name: PasskeyName,
  response: PasskeyRegistrationResponse,
});
export type AddPasskeyBody = z.input<typeof AddPasskeyBody>;

export const RenamePasskeyBody = z.strictObject({ name: PasskeyName });

/** Removing a passkey asks for the current password: a session left open elsewhere cannot remove it alone. */
export const RemovePasskeyBody = z.strictObject({
  password: z
    .string({ error: PASSKEY_MESSAGES.passwordRequired })
    .min(1, PASSKEY_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX, 'La contraseña es demasiado larga'),
});

/**
 * Signing in with a passkey: without a password, or as the second step of a sign-in whose password was right
 * (then at /api/auth/second-step/passkey, for that same account only).
 */
export const PasskeySignInBody = z.strictObject({ response: PasskeyAuthenticationResponse });
export type PasskeySignInBody = z.input<typeof PasskeySignInBody>;

export const listPasskeys = endpoint({
  summary: 'Lista las llaves de acceso de la cuenta',
  method: 'GET',
  path: '/api/account/passkeys',
  response: PasskeyList,
});

export const passkeyRegistrationOptions = endpoint({
  summary: 'Prepara el alta de una llave de acceso (reto de WebAuthn)',
  method: 'POST',
  path: '/api/account/passkeys/options',
  response: PasskeyCreationOptions,
});

export const addPasskey = endpoint({
  summary: 'Añade una llave de acceso y cierra las demás sesiones de la cuenta',
  method: 'POST',
  path: '/api/account/passkeys',
  body: AddPasskeyBody,
  response: Passkey,
});

export const renamePasskey = endpoint({
  summary: 'Cambia el nombre de una llave de acceso',
  method: 'PATCH',
  path: '/api/account/passkeys/:id',
  params: IdParams,
  body: RenamePasskeyBody,
  response: Passkey,
});

export const removePasskey = endpoint({
  summary: 'Elimina una llave de acceso (pide la contraseña actual)',
  method: 'POST',
  path: '/api/account/passkeys/:id/remove',
  params: IdParams,
  body: RemovePasskeyBody,
  response: OkResponse,
});

export const passkeySignInOptions = authEndpoint({
  summary: 'Prepara el inicio de sesión con una llave de acceso (reto de WebAuthn)',
  method: 'POST',
  path: '/api/auth/passkey/options',
  response: PasskeyRequestOptions,
});

export const passkeySignIn = authEndpoint({
  summary: 'Inicia sesión con una llave de acceso',
  method: 'POST',
  path: '/api/auth/passkey',
  body: PasskeySignInBody,
  response: SessionUser,
});
