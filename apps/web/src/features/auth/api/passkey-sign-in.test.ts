import { MESSAGES } from '@app/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import type * as webauthn from '@/lib/webauthn';
import { passkeySignInFailure, signInWithPasskey } from './passkey-sign-in';

const calls = vi.hoisted(() => ({ api: vi.fn(), getPasskey: vi.fn() }));
vi.mock('@/lib/api', () => ({ api: calls.api }));
vi.mock('@/lib/webauthn', async (importOriginal) => ({
  ...(await importOriginal<typeof webauthn>()),
  getPasskey: calls.getPasskey,
}));

/** A browser that refuses the site's passkeys (on an IP address, "This is an invalid domain."). */
const refusedSite = () => Promise.reject(new DOMException('This is an invalid domain.', 'SecurityError'));

/** What the member is told when a passkey sign-in (from the autofill or the button) fails. */
const toldAfter = async (autofill: boolean) =>
  passkeySignInFailure(
    await signInWithPasskey(autofill).then(
      () => undefined,
      (error: unknown) => error,
    ),
  );

beforeEach(() => {
  calls.api.mockReset().mockResolvedValue({ challenge: 'c' });
  calls.getPasskey.mockReset();
});

describe('passkey sign-in failures', () => {
  it('tells nothing when the autofill offer cannot start (the browser refuses the site)', async () => {
    calls.getPasskey.mockImplementation(refusedSite);
    expect(await toldAfter(true)).toBeNull();
  });

  it('tells nothing when the autofill offer cannot fetch its challenge', async () => {
    calls.api.mockRejectedValue(new ApiError(MESSAGES.network, 0));
    expect(await toldAfter(true)).toBeNull();
  });

  it('tells a visitor who pressed the button that it failed', async () => {
    calls.getPasskey.mockImplementation(refusedSite);
    expect(await toldAfter(false)).toBe(MESSAGES.loginFailed);
  });

  it("tells the server's refusal of a passkey chosen in the autofill", async () => {
    calls.getPasskey.mockResolvedValue({ id: 'x' });
    calls.api
      .mockResolvedValueOnce({ challenge: 'c' })
      .mockRejectedValueOnce(new ApiError('Llave de acceso no reconocida', 401));
    expect(await toldAfter(true)).toBe('Llave de acceso no reconocida');
  });
});
