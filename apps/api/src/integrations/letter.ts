import type { Mailer, MailMessage } from './mailer';

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface Letter {
  to: string;
  subject: string;
  greeting: string;
  /** Plain-text paragraphs before the link, escaped for the HTML part. */
  paragraphs: string[];
  /** The call to action: a button in HTML, the bare link in text. `note` is said next to it (how long it lasts). */
  button?: { label: string; link: string; note?: string };
  /** Paragraphs after the link. */
  closing?: string[];
}

const TEAM = 'El equipo de la comunidad';
const SIGNATURE = ['Un saludo,', TEAM];

const htmlParagraph = (text: string) => `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;

/** Every account email in one look, as plain text and HTML (the link is also returned for the test mailbox). */
export function letter({ to, subject, greeting, paragraphs, button, closing = [] }: Letter): MailMessage {
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(button ? [button.link, ''] : []),
    ...(button?.note ? [button.note, ''] : []),
    ...closing.flatMap((p) => [p, '']),
    ...SIGNATURE,
  ].join('\n');
  const buttonHtml = button
    ? `<p><a href="${escapeHtml(button.link)}" style="display: inline-block; padding: 10px 18px; background: #228be6; color: #ffffff; border-radius: 6px; text-decoration: none;">${escapeHtml(button.label)}</a></p>
    <p>${button.note ? `${escapeHtml(button.note)} ` : ''}Si el botón no funciona, copia esta dirección en tu navegador:<br><a href="${escapeHtml(button.link)}">${escapeHtml(button.link)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="es">
  <body style="font-family: Arial, sans-serif; color: #1a1b1e; line-height: 1.5;">
    <p>${escapeHtml(greeting)}</p>
    ${paragraphs.map(htmlParagraph).join('\n    ')}
    ${buttonHtml}
    ${closing.map(htmlParagraph).join('\n    ')}
    <p>${SIGNATURE.join('<br>')}</p>
  </body>
</html>`;
  return { to, subject, text, html, ...(button ? { link: button.link } : {}) };
}

/** The community's name and its logo's absolute address, as the letters show them (null: the defaults). */
export interface LetterBrand {
  name: string | null;
  logoUrl: string | null;
}

/**
 * Every letter of this mailer signed with the community's name and headed by its logo, read when each one is
 * sent; with neither set, a letter goes out as written.
 */
export function brandedMailer(mailer: Mailer, brand: () => Promise<LetterBrand>): Mailer {
  return {
    get kept() {
      return mailer.kept;
    },
    close: () => mailer.close(),
    async send(message) {
      await mailer.send(withBrand(message, await brand()));
    },
  };
}

function withBrand(message: MailMessage, { name, logoUrl }: LetterBrand): MailMessage {
  if (name === null && logoUrl === null) return message;
  const team = name === null ? TEAM : `El equipo de ${name}`;
  const header = [
    logoUrl ? `<img src="${escapeHtml(logoUrl)}" alt="" height="48" style="height: 48px;">` : '',
    name ? `<p style="font-size: 18px; font-weight: bold;">${escapeHtml(name)}</p>` : '',
  ].join('');
  return {
    ...message,
    text: message.text.replace(TEAM, () => team),
    html: message.html
      .replace(`<br>${TEAM}</p>`, () => `<br>${escapeHtml(team)}</p>`)
      .replace(/<body([^>]*)>/, (body) => `${body}\n    ${header}`),
  };
}
