import { PASSWORD_SETUP_TTL_DAYS } from '@app/contracts';
import type { MailMessage } from '../../integrations/mailer';
import { escapeHtml } from '../accounts/reset-email';

/**
 * The email an imported member without a password gets: the community moved to this app, and the link lets
 * them choose a password (the recovery page, with a link that lasts days instead of an hour).
 */
export function passwordSetupEmail(to: { email: string; username: string }, link: string): MailMessage {
  const subject = 'Tu cuenta en la comunidad: elige tu contraseña';
  const text = [
    `Hola, ${to.username}:`,
    '',
    'Tu cuenta de la comunidad ya está disponible en nuestra nueva plataforma.',
    `Para entrar, elige tu contraseña con este enlace (caduca en ${PASSWORD_SETUP_TTL_DAYS} días y solo puede usarse una vez):`,
    '',
    link,
    '',
    'Si el enlace caduca, usa «¿Olvidaste tu contraseña?» en la pantalla de inicio de sesión.',
    '',
    'Un saludo,',
    'El equipo de la comunidad',
  ].join('\n');
  const safeLink = escapeHtml(link);
  const html = `<!doctype html>
<html lang="es">
  <body style="font-family: Arial, sans-serif; color: #1a1b1e; line-height: 1.5;">
    <p>Hola, ${escapeHtml(to.username)}:</p>
    <p>Tu cuenta de la comunidad ya está disponible en nuestra nueva plataforma.</p>
    <p>
      <a href="${safeLink}" style="display: inline-block; padding: 10px 18px; background: #228be6; color: #ffffff; border-radius: 6px; text-decoration: none;">Elegir mi contraseña</a>
    </p>
    <p>El enlace caduca en ${PASSWORD_SETUP_TTL_DAYS} días y solo puede usarse una vez. Si el botón no funciona, copia esta dirección en tu navegador:<br><a href="${safeLink}">${safeLink}</a></p>
    <p>Si el enlace caduca, usa «¿Olvidaste tu contraseña?» en la pantalla de inicio de sesión.</p>
    <p>Un saludo,<br>El equipo de la comunidad</p>
  </body>
</html>`;
  return { to: to.email, subject, text, html, link };
}
