import {
  ACCOUNTS,
  expect,
  expectAccessible,
  mailTo,
  MOBILE,
  newAccount,
  openSignedIn,
  signIn,
  test,
  unique,
} from './fixtures';

const DESKTOP = { width: 1366, height: 768 };

test.describe('Comunicados', () => {
  // An administrator's writing, two members' dashboards, an email and its unsubscribe page, axe at both sizes.
  test.slow();

  test('an administrator writes to the VIP role; a VIP member reads it and unsubscribes by email, a Cafeínas member sees nothing', async ({
    page,
    browser,
    request,
  }) => {
    const vip = await newAccount(request, { prefix: 'comvip', password: 'comvip-e2e-secret', role: 'vip' });
    const cafe = await newAccount(request, {
      prefix: 'comcafe',
      password: 'comcafe-e2e-secret',
      role: 'cafeinas',
    });
    const title = `Nueva clase en directo ${unique()}`;

    await openSignedIn(page, ACCOUNTS.admin, '/comunicados');
    await page.getByRole('button', { name: 'Nuevo comunicado' }).click();
    const editor = page.getByRole('region', { name: 'Nuevo comunicado' });
    await editor.getByRole('textbox', { name: 'Título' }).fill(title);
    await editor
      .getByRole('textbox', { name: 'Texto' })
      .fill('El jueves a las 19:00 repasamos el tueste en directo.');
    await editor.getByRole('combobox', { name: 'Audiencia' }).click();
    await page.getByRole('option', { name: 'Roles elegidos' }).click();
    await editor.getByRole('combobox', { name: 'Roles' }).click();
    await page.getByRole('option', { name: /^vip$/i }).click();
    await page.keyboard.press('Escape');
    // How many it reaches, before sending: at least the VIP member made for this test.
    await expect(editor.getByTestId('reach')).toContainText(/Llega a \d+ miembros?/);

    await editor.getByRole('button', { name: 'Vista previa' }).click();
    const preview = page.getByRole('dialog', { name: 'Vista previa' });
    await expect(preview.getByRole('heading', { name: title })).toBeVisible();
    await preview.getByRole('tab', { name: 'Como correo' }).click();
    await expect(preview).toContainText(`Asunto: ${title}`);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    await editor.getByRole('button', { name: 'Publicar ahora' }).click();
    const sending = page.getByRole('region', { name: title });
    await expect(sending.getByRole('status', { name: 'Progreso del envío' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    // On a phone each announcement is a card: no table scrolling sideways (axe: a scrollable region must be
    // reachable by keyboard), its columns named on each line (drawn by CSS, read from the header by a reader).
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toHaveCSS('display', 'block');
    const tableWidth = await row
      .locator('xpath=ancestor::table')
      .evaluate((table) => table.getBoundingClientRect().width);
    expect(tableWidth).toBeLessThanOrEqual(MOBILE.width);
    await expectAccessible(page);

    // The VIP member: on the dashboard, unread, and its own page (the web copy the email links to).
    for (const viewport of [DESKTOP, MOBILE]) {
      const context = await browser.newContext({ viewport });
      const member = await context.newPage();
      await signIn(member, vip);
      await expect(member).toHaveURL(/\/dashboard$/);
      const latest = member.getByRole('region', { name: 'Comunicados' });
      await expect(latest.getByRole('link', { name: title })).toBeVisible();
      await expectAccessible(member);
      await latest.getByRole('link', { name: title }).click();
      await expect(member.getByRole('heading', { name: title })).toBeVisible();
      await expect(member.getByText('El jueves a las 19:00 repasamos el tueste en directo.')).toBeVisible();
      await expectAccessible(member);
      // «Comunicados»: the member's list, read a page at a time.
      await member.goto('/mis-comunicados');
      await expect(member.getByRole('link', { name: title })).toBeVisible();
      await expectAccessible(member);
      await context.close();
    }

    // The Cafeínas member is not in the audience: nothing on their dashboard, no email.
    const cafeContext = await browser.newContext({ viewport: DESKTOP });
    const cafePage = await cafeContext.newPage();
    await signIn(cafePage, cafe);
    await expect(cafePage).toHaveURL(/\/dashboard$/);
    await expect(cafePage.getByRole('link', { name: title })).toHaveCount(0);
    await cafeContext.close();

    // The email reaches the VIP member with a link that unsubscribes without signing in.
    let unsubscribeLink = '';
    await expect
      .poll(async () => {
        const mail = (await mailTo(vip.email)).find((message) => message.subject === title);
        unsubscribeLink = /https?:\/\/\S+\/baja-comunicados\?token=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
        return unsubscribeLink;
      })
      .not.toBe('');
    expect((await mailTo(cafe.email)).filter((message) => message.subject === title)).toEqual([]);
    const visitor = await browser.newContext({ viewport: MOBILE });
    const out = await visitor.newPage();
    await out.goto(unsubscribeLink);
    await expect(out.getByRole('heading', { name: 'Comunicados por correo' })).toBeVisible();
    await expectAccessible(out);
    await out.getByRole('button', { name: 'Darme de baja' }).click();
    await expect(out.getByRole('status')).toContainText('ya no recibirás los comunicados por correo');
    await visitor.close();
  });
});
