import { z } from 'zod';

/**
 * The fields of a user account and their rules (spec section 5), shared by registration, the profile page and
 * the admin user dialog, on the client and the server alike.
 */
export const USER_LIMITS = { username: 50, email: 254, phone: 30, passwordMin: 6, passwordMax: 128 } as const;

export const USERNAME_MESSAGES = {
  invisible:
    'El nombre de usuario no puede contener caracteres invisibles o de control (espacios de ancho cero, cambios de dirección del texto)',
  mixedScripts:
    'El nombre de usuario no puede mezclar letras de alfabetos distintos (por ejemplo, latinas y cirílicas)',
} as const;

/** Control (Cc: NUL, line breaks...) and format (Cf: bidi overrides, zero-width) characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

/**
 * Alphabets whose letters look alike. A name written in one of them is fine; a mix (a Cyrillic "а" among Latin
 * letters, "аdmin") is how a look-alike of another member's name is made (UTS #39's single-script rule).
 */
const SCRIPTS = [
  /\p{Script=Latin}/u,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Greek}/u,
  /\p{Script=Armenian}/u,
  /\p{Script=Cherokee}/u,
  /\p{Script=Georgian}/u,
];
const scriptsUsed = (value: string) => SCRIPTS.filter((script) => script.test(value)).length;

/** Normalised (NFKC: full-width and compatibility forms become their plain letters) before any check. */
export const UsernameField = z
  .string()
  .trim()
  .normalize('NFKC')
  .min(1, 'El nombre de usuario es obligatorio')
  .max(USER_LIMITS.username, `El nombre de usuario no puede superar ${USER_LIMITS.username} caracteres`)
  .refine((value) => !INVISIBLE.test(value), USERNAME_MESSAGES.invisible)
  .refine((value) => scriptsUsed(value) <= 1, USERNAME_MESSAGES.mixedScripts);

export const EmailField = z
  .string()
  .trim()
  .min(1, 'El correo electrónico es obligatorio')
  .max(USER_LIMITS.email, 'El correo electrónico no es válido')
  .pipe(z.email('El correo electrónico no es válido'));

/** Optional (admin dialog, profile): blank means no phone. */
export const PhoneField = z
  .string()
  .trim()
  .max(USER_LIMITS.phone, `El teléfono no puede superar ${USER_LIMITS.phone} caracteres`);

/** Required (registration). */
export const RequiredPhoneField = PhoneField.min(1, 'El teléfono es obligatorio');

export const PasswordField = z
  .string()
  .min(1, 'La contraseña es obligatoria')
  .min(USER_LIMITS.passwordMin, `La contraseña debe tener al menos ${USER_LIMITS.passwordMin} caracteres`)
  .max(USER_LIMITS.passwordMax, `La contraseña no puede superar ${USER_LIMITS.passwordMax} caracteres`);

export const PASSWORD_MISMATCH = 'Las contraseñas no coinciden';

/** Which unique account field a write collided with. */
export type AccountConflictField = 'email' | 'username';

/** A taken email or username (spec section 5), for registration and the admin user dialog alike. */
export const TAKEN_MESSAGES: Record<AccountConflictField, string> = {
  email: 'Este correo electrónico ya está registrado',
  username: 'Este nombre de usuario ya está en uso',
};
