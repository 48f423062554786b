// @vitest-environment node
// No browser here, as in the build: the pages must render from the components alone.
import { describe, expect, it } from 'vitest';
import { render } from './pages';

describe('the prerendered pages', () => {
  it('renders the login card with its texts, and its form disabled until the app takes over', async () => {
    const { html, title } = await render('/login');
    expect(title).toBe('Iniciar Sesión | Comunidad - Herramientas');
    expect(html).toContain('Ingresa tus credenciales para continuar');
    expect(html).toContain('Correo Electrónico');
    expect(html).toContain('Regístrate aquí');
    expect(html).toMatch(/<fieldset[^>]* disabled=""/);
    // Signed out: the bar offers to sign in, and no member's menu.
    expect(html).toContain('aria-label="Acceder"');
  });

  it('renders /auth as the login screen and /register as the registration form', async () => {
    expect((await render('/auth')).html).toContain('Ingresa tus credenciales para continuar');
    const register = await render('/register');
    expect(register.title).toBe('Crear Cuenta | Comunidad - Herramientas');
    expect(register.html).toContain('Completa tus datos para solicitar acceso');
    expect(register.html).toMatch(/<fieldset[^>]* disabled=""/);
  });

  it("renders the dashboard's frame for a member it does not know: fixed texts, no made-up name or role", async () => {
    const { html, title } = await render('/dashboard');
    expect(title).toBe('Inicio | Comunidad - Herramientas');
    expect(html).toContain('Selecciona una herramienta para comenzar');
    expect(html).toContain('Cargando herramientas...');
    expect(html).not.toContain('Usuario');
    // The bar of a signed-in member: no sign-in button.
    expect(html).not.toContain('aria-label="Acceder"');
    // A signed-out page rendered after it is a signed-out page again.
    expect((await render('/login')).html).toContain('aria-label="Acceder"');
  });
});
