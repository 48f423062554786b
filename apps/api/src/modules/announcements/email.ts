import { escapeHtml } from '../../integrations/letter';
import type { MailMessage } from '../../integrations/mailer';
import { bodyText } from './body';

export interface AnnouncementLetter {
  to: string;
  titulo: string;
  /** Sanitised HTML. */
  cuerpo_html: string;
  /** The web copy (APP_URL/mis-comunicados/:id). */
  webUrl: string;
  /** The page whose button unsubscribes (no session needed); null for a test to the author. */
  unsubscribePage: string | null;
  /** RFC 8058's POST target; null for a test. */
  oneClickUrl: string | null;
}

const TEAM = 'El equipo de la comunidad';

/**
 * An announcement as an email: plain-text and HTML parts, a link to its web copy, and for members the
 * unsubscribe link and RFC 8058's headers, so a mail client offers one-click unsubscribe. No tracking pixel.
 */
export function announcementEmail(letter: AnnouncementLetter): MailMessage {
  const { to, titulo, cuerpo_html, webUrl, unsubscribePage, oneClickUrl } = letter;
  const footerText = [
    `Léelo en la web: ${webUrl}`,
    ...(unsubscribePage
      ? [`¿No quieres recibir los comunicados por correo? Date de baja: ${unsubscribePage}`]
      : []),
  ];
  const text = [titulo, '', bodyText(cuerpo_html), '', 'Un saludo,', TEAM, '', '--', ...footerText].join(
    '\n',
  );
  const unsubscribeHtml = unsubscribePage
    ? `<br>¿No quieres recibir los comunicados por correo? <a href="${escapeHtml(unsubscribePage)}">Darte de baja</a>`
    : '';
  const html = `<!doctype html>
<html lang="es">
  <body style="font-family: Arial, sans-serif; color: #1a1b1e; line-height: 1.5;">
    <h1 style="font-size: 22px;">${escapeHtml(titulo)}</h1>
    ${cuerpo_html}
    <p>Un saludo,<br>${TEAM}</p>
    <hr>
    <p style="font-size: 13px; color: #495057;"><a href="${escapeHtml(webUrl)}">Léelo en la web</a>${unsubscribeHtml}</p>
  </body>
</html>`;
  return {
    to,
    subject: titulo,
    text,
    html,
    link: webUrl,
    ...(oneClickUrl
      ? {
          headers: {
            'List-Unsubscribe': `<${oneClickUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}
