import { roleDisplayName } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf, spanishKeys, type PersonalData } from '../../db/personal-data';
import { roles, users } from '../../db/schema';
import { accountErasures, emailConfirmations, passwordResetTokens } from './schema';

async function profile(db: Db, userId: number): Promise<unknown> {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      phone: users.phone,
      rol: roles.name,
      is_active: users.is_active,
      email_verified: users.email_verified,
      deactivated_by_admin: users.deactivated_by_admin,
      fecha_alta: users.created_at,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(eq(users.id, userId));
  if (!user) return null;
  return { ...spanishKeys(user), rol: roleDisplayName(user.rol) };
}

/** The account itself, and the links and the scheduled erasure issued to it. */
export const accountsPersonalData: PersonalData = {
  tables: [
    { table: passwordResetTokens, erasure: { action: 'delete', column: passwordResetTokens.user_id } },
    { table: emailConfirmations, erasure: { action: 'delete', column: emailConfirmations.user_id } },
    { table: accountErasures, erasure: { action: 'delete', column: accountErasures.user_id } },
    // The erasure deletes the account itself after every other table (and its kept count with it).
    { table: users, erasure: { action: 'delete', column: users.id } },
  ],
  archive: [
    {
      file: 'perfil.json',
      about: 'Tu cuenta: nombre de usuario, correo, teléfono, rol, estado y fecha de alta.',
      tables: ['users'],
      kind: 'json',
      read: profile,
    },
    rowsOf({
      file: 'eliminacion-programada.json',
      about: 'Si pediste eliminar tu cuenta al final del periodo pagado: cuándo se eliminará.',
      table: accountErasures,
      by: accountErasures.user_id,
    }),
    rowsOf({
      file: 'enlaces-de-recuperacion.csv',
      about: 'Los enlaces para cambiar tu contraseña que pediste: cuándo se crearon, caducan o se usaron.',
      table: passwordResetTokens,
      by: passwordResetTokens.user_id,
      omit: ['id', 'token_hash', 'epoch'],
    }),
    rowsOf({
      file: 'confirmaciones-de-correo.csv',
      about: 'Los enlaces para confirmar un correo que te enviamos y aún no has usado.',
      table: emailConfirmations,
      by: emailConfirmations.user_id,
      omit: ['id', 'token_hash', 'epoch'],
    }),
  ],
};
