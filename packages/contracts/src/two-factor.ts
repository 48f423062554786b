import { z } from 'zod';
import { endpointsOf, ID_MAX, OkResponse } from './http';
import { LoginAnswer, PASSWORD_MAX, SecondFactor, SessionUser } from './auth';
import { PasskeySignInBody } from './passkeys';
import { IdParams } from './settings';

const endpoint = endpointsOf('two-factor');
const authEndpoint = endpointsOf('auth');

/** The name authenticator apps show next to the codes (the app has no community-name setting: its title). */
export const TOTP_ISSUER = 'Comunidad - Herramientas';
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const BACKUP_CODE_COUNT = 10;
export const EMAIL_CODE_MINUTES = 10;
export const EMAIL_CODE_TRIES = 5;
/** How long a new emailed code must wait before «Reenviar código» sends another (the screen counts it down). */
export const EMAIL_CODE_RESEND_SECONDS = 60;
export const TRUSTED_DEVICE_DAYS = 30;

export const TWO_FACTOR_MESSAGES = {
  invalidCode: 'El código no es válido o ha caducado. Inténtalo de nuevo.',
  codeUsed: 'Ese código ya se ha usado. Espera al siguiente código de tu aplicación.',
  stepExpired: 'La verificación ha caducado. Vuelve a iniciar sesión.',
  emailCodeExpired: 'El código ha caducado. Vuelve a iniciar sesión para recibir uno nuevo.',
  emailCodeTries: 'Has superado el número de intentos. Vuelve a iniciar sesión para recibir un código nuevo.',
  tooManyTries: 'Demasiados intentos. Espera unos minutos antes de volver a intentarlo.',
  alreadyOn: 'La verificación en dos pasos con aplicación ya está activada.',
  notOn: 'La verificación en dos pasos con aplicación no está activada.',
  noSetup: 'Empieza de nuevo la configuración de la aplicación de autenticación.',
  wrongPassword: 'La contraseña actual no es correcta.',
  setupRequired: 'Tu comunidad exige la verificación en dos pasos: configúrala para continuar.',
  unknownRole: 'Uno de los roles elegidos no existe.',
  turnedOn: 'Verificación en dos pasos activada.',
  turnedOff: 'Verificación en dos pasos desactivada.',
  codesRenewed: 'Códigos de recuperación renovados.',
  rulesSaved: 'Reglas de verificación en dos pasos guardadas.',
  resetDone: 'Se ha restablecido la verificación en dos pasos del usuario.',
  confirmIdentity: 'Confirma que eres tú para continuar.',
  tooManyEmailCodes:
    'Te hemos enviado varios códigos seguidos. Espera un rato antes de pedir otro o usa el último que recibiste.',
  resendWait: 'Espera un minuto antes de pedir otro código.',
  noEmailStep: 'Este paso no usa un código por correo. Vuelve a iniciar sesión.',
  codeResent: 'Te hemos enviado un código nuevo. El anterior ya no sirve.',
} as const;

/**
 * Sudo mode: adding a passkey or an authenticator app, renewing backup codes and changing the email ask for the
 * current password (and a code where the account has the app) once; the confirmation lasts this long on that
 * session. An API answer of 403 with `field: REAUTH_FIELD` (http.ts) asks for it.
 */
export const CONFIRM_IDENTITY_MINUTES = 10;

/** A 6-digit code from the app or the email; spaces are allowed (people type it as it is shown: 123 456). */
export const SixDigitCode = z
  .string({ error: 'Escribe el código de 6 dígitos.' })
  .max(16, 'Escribe el código de 6 dígitos.')
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Escribe el código de 6 dígitos.'));

/** A backup code as shown (xxxxx-xxxxx); case, spaces and the dash do not matter. */
export const BackupCode = z
  .string({ error: 'Escribe un código de recuperación.' })
  .max(32, 'Escribe un código de recuperación.')
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'Escribe un código de recuperación.'));

const CurrentPassword = z
  .string({ error: 'Escribe tu contraseña actual.' })
  .min(1, 'Escribe tu contraseña actual.')
  .max(PASSWORD_MAX, 'La contraseña es demasiado larga');

export const SecondStepBody = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('totp'), code: SixDigitCode }),
  z.strictObject({ method: z.literal('email'), code: SixDigitCode }),
  z.strictObject({ method: z.literal('backup'), code: BackupCode }),
]);
export type SecondStepBody = z.input<typeof SecondStepBody>;

/** What an authenticator app needs: the otpauth:// URI (as a QR code, SVG) and the secret to type by hand. */
export const TotpSetup = z.strictObject({
  secret: z.string(),
  uri: z.string(),
  qr_svg: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetup>;

export const TotpConfirmBody = z.strictObject({ code: SixDigitCode });

/** Ten single-use codes, shown once. */
export const BackupCodes = z.strictObject({ backup_codes: z.array(z.string()) });
export type BackupCodes = z.infer<typeof BackupCodes>;

export const SignedInWithCodes = z.strictObject({ user: SessionUser, backup_codes: z.array(z.string()) });

export const verifySecondStep = authEndpoint({
  summary: 'Completa el inicio de sesión con el segundo paso',
  method: 'POST',
  path: '/api/auth/second-step',
  body: SecondStepBody,
  response: LoginAnswer,
});

export const resendSecondStepEmail = authEndpoint({
  summary: 'Envía un código nuevo por correo para el segundo paso (el anterior deja de servir)',
  method: 'POST',
  path: '/api/auth/second-step/email/resend',
  body: z.strictObject({}),
  response: OkResponse,
});

export const verifySecondStepPasskey = authEndpoint({
  summary: 'Completa el inicio de sesión con una llave de acceso como segundo paso',
  method: 'POST',
  path: '/api/auth/second-step/passkey',
  body: PasskeySignInBody,
  response: LoginAnswer,
});

export const startRequiredTotp = authEndpoint({
  summary: 'Prepara la aplicación de autenticación que exige la comunidad',
  method: 'POST',
  path: '/api/auth/second-step/totp/setup',
  response: TotpSetup,
});

export const confirmRequiredTotp = authEndpoint({
  summary: 'Activa la aplicación de autenticación exigida e inicia la sesión',
  method: 'POST',
  path: '/api/auth/second-step/totp/confirm',
  body: TotpConfirmBody,
  response: SignedInWithCodes,
});

/** The account's own second factors, as Seguridad in /perfil shows them. */
export const TwoFactorStatus = z.strictObject({
  totp: z.boolean(),
  backup_codes_left: z.number().int(),
  /** The community requires a second factor of this account. */
  required: z.boolean(),
  factors: z.array(SecondFactor),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const getTwoFactor = endpoint({
  summary: 'Devuelve la verificación en dos pasos de la cuenta',
  method: 'GET',
  path: '/api/account/two-factor',
  response: TwoFactorStatus,
});

export const startTotp = endpoint({
  summary: 'Prepara una aplicación de autenticación (secreto y código QR)',
  method: 'POST',
  path: '/api/account/two-factor/totp/setup',
  response: TotpSetup,
});

export const confirmTotp = endpoint({
  summary: 'Activa la aplicación de autenticación con un primer código',
  method: 'POST',
  path: '/api/account/two-factor/totp/confirm',
  body: TotpConfirmBody,
  response: BackupCodes,
});

export const PasswordBody = z.strictObject({ password: CurrentPassword });

export const ConfirmIdentityBody = z.strictObject({
  password: CurrentPassword,
  /** A code of the authenticator app or a backup code, where the account has the app. */
  code: z.string().max(32, 'Escribe un código.').optional(),
});
export type ConfirmIdentityBody = z.infer<typeof ConfirmIdentityBody>;

export const confirmIdentity = endpoint({
  summary: 'Confirma la identidad antes de un cambio de seguridad (válido unos minutos en esta sesión)',
  method: 'POST',
  path: '/api/account/confirm-identity',
  body: ConfirmIdentityBody,
  response: z.strictObject({ confirmed_until: z.string() }),
});

export const renewBackupCodes = endpoint({
  summary: 'Genera diez códigos de recuperación nuevos',
  method: 'POST',
  path: '/api/account/two-factor/backup-codes',
  body: PasswordBody,
  response: BackupCodes,
});

export const DisableTotpBody = z.strictObject({
  password: CurrentPassword,
  code: z.string({ error: 'Escribe un código.' }).max(32, 'Escribe un código.'),
});

export const disableTotp = endpoint({
  summary: 'Desactiva la aplicación de autenticación',
  method: 'POST',
  path: '/api/account/two-factor/totp/disable',
  body: DisableTotpBody,
  response: OkResponse,
});

/** The community's rules (Configuración): who must have a second factor. */
export const TwoFactorRules = z.strictObject({
  require_admins: z.boolean(),
  required_role_ids: z.array(z.number().int().positive().max(ID_MAX)).max(100),
});
export type TwoFactorRules = z.infer<typeof TwoFactorRules>;

export const TwoFactorRulesView = TwoFactorRules.extend({
  /** Whether the server can send email (SMTP_URL): without it administrators' new devices get no code. */
  mail_configured: z.boolean(),
});

export const getTwoFactorRules = endpoint({
  summary: 'Devuelve las reglas de verificación en dos pasos',
  method: 'GET',
  path: '/api/admin/two-factor',
  response: TwoFactorRulesView,
});

export const saveTwoFactorRules = endpoint({
  summary: 'Guarda las reglas de verificación en dos pasos',
  method: 'PUT',
  path: '/api/admin/two-factor',
  body: TwoFactorRules,
  response: TwoFactorRulesView,
});

export const resetUserTwoFactor = endpoint({
  summary: 'Restablece la verificación en dos pasos de un usuario',
  method: 'POST',
  path: '/api/admin/users/:id/two-factor-reset',
  params: IdParams,
  response: OkResponse,
});
