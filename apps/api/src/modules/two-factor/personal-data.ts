import { rowsOf, type PersonalData } from '../../db/personal-data';
import { backupCodes, loginChallenges, totpFactors, trustedDevices } from './schema';

/** The member's second factors, the sign-ins waiting for one, and the browsers that skip it for a while. */
export const twoFactorPersonalData: PersonalData = {
  tables: [
    { table: totpFactors, erasure: { action: 'delete', column: totpFactors.user_id } },
    { table: backupCodes, erasure: { action: 'delete', column: backupCodes.user_id } },
    { table: loginChallenges, erasure: { action: 'delete', column: loginChallenges.user_id } },
    { table: trustedDevices, erasure: { action: 'delete', column: trustedDevices.user_id } },
  ],
  archive: [
    rowsOf({
      file: 'aplicacion-de-autenticacion.json',
      about: 'Tu aplicación de autenticación: cuándo la activaste (el secreto no se incluye).',
      table: totpFactors,
      by: totpFactors.user_id,
      omit: ['secret', 'last_step'],
    }),
    rowsOf({
      file: 'codigos-de-recuperacion.csv',
      about: 'Tus códigos de recuperación: cuáles usaste y cuándo (los códigos no se incluyen).',
      table: backupCodes,
      by: backupCodes.user_id,
      omit: ['id', 'code_hash'],
    }),
    rowsOf({
      file: 'verificaciones-pendientes.csv',
      about: 'Los inicios de sesión que esperan su segundo paso (caducan a los pocos minutos).',
      table: loginChallenges,
      by: loginChallenges.user_id,
      omit: ['id_hash', 'email_code_hash', 'token_version'],
    }),
    rowsOf({
      file: 'dispositivos-recordados.csv',
      about: 'Los navegadores de administrador verificados con un código, que no lo piden durante 30 días.',
      table: trustedDevices,
      by: trustedDevices.user_id,
      omit: ['device_hash', 'epoch', 'session_id'],
    }),
  ],
};
