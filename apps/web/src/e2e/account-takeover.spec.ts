import { expect, mailTo, newAccount, signIn, test, unique } from './fixtures';

/** The newest link to `path` in the mail to `address`. */
async function linkIn(address: string, subject: string, path: string): Promise<string> {
  await expect
    .poll(async () => (await mailTo(address)).some((mail) => mail.subject === subject), { timeout: 30_000 })
    .toBe(true);
  const mail = (await mailTo(address)).filter((m) => m.subject === subject).at(-1);
  const link = new RegExp(`https?://\\S+${path}\\?token=[\\w%-]+`).exec(mail?.text ?? '')?.[0];
  expect(link, `a ${path} link in «${subject}»`).toBeTruthy();
  return link ?? '';
}

test.describe('An email change against the owner’s password reset', () => {
  test('someone who knows the password asks for their address; the owner resets; the owner keeps the account', async ({
    browser,
    request,
  }) => {
    test.slow();
    const password = 'robada-e2e-123';
    const owner = await newAccount(request, { prefix: 'duena', password });
    const intruderAddress = `intruso${unique()}@e2e.test`;

    // The intruder signs in with the known password and asks for their own address.
    const intruder = await (await browser.newContext()).newPage();
    await signIn(intruder, owner);
    await expect(intruder).toHaveURL(/\/dashboard$/);
    await intruder.goto('/perfil');
    await intruder.getByLabel('Correo Electrónico').fill(intruderAddress);
    await intruder.getByLabel('Contraseña actual').fill(password);
    await intruder.getByRole('button', { name: 'Actualizar Perfil' }).click();
    const confirmLink = await linkIn(intruderAddress, 'Confirma tu correo electrónico', '/confirmar-email');
    // The owner is told, and does what the email says: a new password through a recovery link.
    await expect
      .poll(async () => (await mailTo(owner.email)).map((mail) => mail.subject), { timeout: 30_000 })
      .toContain('Se ha pedido cambiar el correo de tu cuenta');

    const ownerPage = await (await browser.newContext()).newPage();
    await ownerPage.goto('/reset-password');
    await ownerPage.getByLabel('Correo Electrónico').fill(owner.email);
    await ownerPage.getByRole('button', { name: 'Enviar Instrucciones' }).click();
    const resetLink = await linkIn(owner.email, 'Recupera tu contraseña', '/reset-password');
    await ownerPage.goto(resetLink);
    await ownerPage.getByLabel('Nueva contraseña').fill('recuperada-e2e-456');
    await ownerPage.getByLabel('Confirmar contraseña').fill('recuperada-e2e-456');
    await ownerPage.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(ownerPage).toHaveURL(/\/login$/);

    // The intruder's confirmation link died with the old password.
    await intruder.goto(confirmLink);
    await intruder.getByRole('button', { name: 'Confirmar mi correo' }).click();
    await expect(
      intruder.getByText('El enlace para confirmar el correo no es válido o ha caducado.'),
    ).toBeVisible();
    // A recovery asked for the intruder's address reaches no account.
    await intruder.goto('/reset-password');
    await intruder.getByLabel('Correo Electrónico').fill(intruderAddress);
    await intruder.getByRole('button', { name: 'Enviar Instrucciones' }).click();
    await expect(intruder.getByText('Instrucciones enviadas a tu correo electrónico')).toBeVisible();

    // The owner signs in with the new password, and the account's address is still the owner's.
    await signIn(ownerPage, { email: owner.email, password: 'recuperada-e2e-456' });
    await expect(ownerPage).toHaveURL(/\/dashboard$/);
    await ownerPage.goto('/perfil');
    await expect(ownerPage.getByLabel('Correo Electrónico')).toHaveValue(owner.email);
    expect((await mailTo(intruderAddress)).map((mail) => mail.subject)).not.toContain(
      'Recupera tu contraseña',
    );
  });
});
