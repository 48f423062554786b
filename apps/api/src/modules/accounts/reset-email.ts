import { RESET_TOKEN_TTL_MINUTES } from '@app/contracts';
import type { MailMessage } from '../../integrations/mailer';

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The password-recovery email, in Spanish, as plain text and HTML. */
export function resetPasswordEmail(to: { email: string; username: string }, link: string): MailMessage {
  const subject = 'Recupera tu contraseña';
  const text = [
    `Hola, ${to.username}:`,
    '',
    'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta.',
    `Para elegir una nueva contraseña, abre este enlace (caduca en ${RESET_TOKEN_TTL_MINUTES} minutos y solo puede usarse una vez):`,
    '',
    link,
    '',
    'Si no has solicitado este cambio, ignora este mensaje: tu contraseña actual seguirá funcionando.',
    '',
    'Un saludo,',
    'El equipo de la comunidad',
  ].join('\n');
  const safeLink = escapeHtml(link);
  const html = `<!doctype html>
<html lang="es">
  <body style="font-family: Arial, sans-serif; color: #1a1b1e; line-height: 1.5;">
    <p>Hola, ${escapeHtml(to.username)}:</p>
    <p>Hemos recibido una solicitud para restablecer la contraseña de tu cuenta.</p>
    <p>
      <a href="${safeLink}" style="display: inline-block; padding: 10px 18px; background: #228be6; color: #ffffff; border-radius: 6px; text-decoration: none;">Elegir una nueva contraseña</a>
    </p>
    <p>El enlace caduca en ${RESET_TOKEN_TTL_MINUTES} minutos y solo puede usarse una vez. Si el botón no funciona, copia esta dirección en tu navegador:<br><a href="${safeLink}">${safeLink}</a></p>
    <p>Si no has solicitado este cambio, ignora este mensaje: tu contraseña actual seguirá funcionando.</p>
    <p>Un saludo,<br>El equipo de la comunidad</p>
  </body>
</html>`;
  return { to: to.email, subject, text, html, link };
}
