import { z } from 'zod';

/**
 * The fields of a user account and their rules (spec section 5), shared by registration, the profile page and
 * the admin user dialog, on the client and the server alike.
 */
export const USER_LIMITS = { username: 50, email: 254, phone: 30, passwordMin: 6, passwordMax: 128 } as const;

export const USERNAME_MESSAGES = {
  invisible:
    'El nombre de usuario no puede contener caracteres invisibles o de control (espacios de ancho cero, cambios de dirección del texto)',
  notAllowed:
    "El nombre de usuario contiene caracteres no permitidos: usa letras, números, espacios y los signos . _ - '",
  mixedScripts:
    'El nombre de usuario no puede mezclar letras de alfabetos distintos (por ejemplo, latinas y cirílicas)',
  lookalike: 'Ese nombre de usuario se parece demasiado a otro existente',
} as const;

/**
 * Characters that draw nothing or only change how others are drawn: controls, format characters (bidi,
 * zero-width), line and paragraph separators, and Unicode's default-ignorable code points (fillers, variation
 * selectors, joiners), which let "admin" followed by an invisible character pass for "admin".
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/** The separators a name may hold, and ASCII digits: they belong to no script, so they go with any. */
const SEPARATORS = new Set([' ', '.', '_', '-', "'", '0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);

/**
 * The scripts UTS #31 recommends for identifiers (its table 5): letters of the others (Coptic, Cherokee,
 * historic and symbol-like scripts) are refused, as UTS #39's "highly restrictive" level does.
 */
const RECOMMENDED_SCRIPTS = [
  'Arabic',
  'Armenian',
  'Bengali',
  'Bopomofo',
  'Cyrillic',
  'Devanagari',
  'Ethiopic',
  'Georgian',
  'Greek',
  'Gujarati',
  'Gurmukhi',
  'Han',
  'Hangul',
  'Hebrew',
  'Hiragana',
  'Kannada',
  'Katakana',
  'Khmer',
  'Lao',
  'Latin',
  'Malayalam',
  'Myanmar',
  'Oriya',
  'Sinhala',
  'Tamil',
  'Telugu',
  'Thaana',
  'Thai',
  'Tibetan',
].map((name) => ({ name, test: new RegExp(`\\p{Script_Extensions=${name}}`, 'u') }));

/**
 * Latin letters outside the alphabets of living languages (IPA, phonetic small capitals such as "ᴍ", Latin
 * Extended-C to -G) are technical symbols that pass for ordinary letters.
 */
const isTechnicalLatin = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  return /\p{Script=Latin}/u.test(ch) && code > 0x24f && (code < 0x1e00 || code > 0x1eff);
};

/** Han is written together with kana (Japanese), Hangul (Korean) or Bopomofo: UTS #39's augmented sets. */
const WRITING_SYSTEMS: Record<string, string[]> = {
  Han: ['Han', 'Japanese', 'Korean', 'Bopomofo'],
  Hiragana: ['Japanese'],
  Katakana: ['Japanese'],
  Hangul: ['Korean'],
  Bopomofo: ['Bopomofo'],
};

/**
 * A generic mark (script "Inherited": accents, overlays) left after NFKC composed what it could sits on no
 * letter of its own: stacked or overlaid, it disguises the letter beneath.
 */
const LOOSE_MARK = /\p{Script=Inherited}/u;

/** The writing systems a letter, digit or mark can belong to (empty: none we accept). */
function writingSystems(ch: string): string[] {
  if (!/[\p{L}\p{M}\p{Nd}]/u.test(ch) || LOOSE_MARK.test(ch) || isTechnicalLatin(ch)) return [];
  return RECOMMENDED_SCRIPTS.filter((script) => script.test.test(ch)).flatMap(
    ({ name }) => WRITING_SYSTEMS[name] ?? [name],
  );
}

const hasOnlyAllowedCharacters = (value: string) =>
  [...value].every((ch) => SEPARATORS.has(ch) || writingSystems(ch).length > 0);

/**
 * One writing system per name (UTS #39's single-script rule): a Cyrillic "а" among Latin letters ("аdmin") is
 * how a look-alike of another member's name is made. Separators and ASCII digits go with any script.
 */
function isSingleScript(value: string): boolean {
  let common: string[] | undefined;
  for (const ch of value) {
    if (SEPARATORS.has(ch)) continue;
    const systems = writingSystems(ch);
    common = common ? common.filter((s) => systems.includes(s)) : systems;
    if (common.length === 0) return false;
  }
  return true;
}

/**
 * Normalised (NFKC: full-width and compatibility forms become their plain letters) before any check. What it
 * lets through may still look like another member's name: the server compares confusable skeletons too.
 */
export const UsernameField = z
  .string()
  .trim()
  .normalize('NFKC')
  .min(1, 'El nombre de usuario es obligatorio')
  .max(USER_LIMITS.username, `El nombre de usuario no puede superar ${USER_LIMITS.username} caracteres`)
  .refine((value) => !INVISIBLE.test(value), USERNAME_MESSAGES.invisible)
  .refine(hasOnlyAllowedCharacters, { message: USERNAME_MESSAGES.notAllowed, abort: true })
  .refine(isSingleScript, USERNAME_MESSAGES.mixedScripts);

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
