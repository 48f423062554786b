import { TRUSTED_DEVICE_DAYS, type SecondFactor, type SessionUser } from '@app/contracts';
import type { DeviceCookie, FactorChecks, TwoFactorServiceDeps } from './checks';
import { hashCode, randomToken } from './codes';
import { deviceAfterSignIn, holdsAdministration } from './decide';
import { newDeviceEmail } from './emails';

const DAY_MS = 24 * 60 * 60_000;

/** An administrator's remembered browsers: no emailed code from them, and a new one told to the owner. */
export function createDevices(deps: TwoFactorServiceDeps, checks: FactorChecks) {
  const { repo, clock } = deps;

  /** A device verified under the account's current epoch (a credential change forgets every device). */
  async function isTrusted(userId: number, device: DeviceCookie | null): Promise<boolean> {
    if (device?.userId !== userId) return false;
    const row = await repo.findTrustedDevice(userId, hashCode(device.deviceId), clock.now().toISOString());
    const account = await repo.findAccount(userId);
    return !!row && !!account && row.epoch === account.token_version;
  }

  return {
    isTrusted,

    /**
     * After a session opened: an administrator's browser is remembered for a while (no emailed code from it),
     * and a device new to the account is told to its owner by email (decide.ts says which).
     */
    async afterSignIn(
      user: SessionUser,
      sessionId: string,
      device: DeviceCookie | null,
      method: SecondFactor | null,
    ): Promise<DeviceCookie | null> {
      const administers = holdsAdministration(user);
      const trusted = administers && !!device && (await isTrusted(user.id, device));
      const decision = deviceAfterSignIn({ administers, trusted, method });
      if (decision.kind === 'touch' && device) {
        await repo.touchTrustedDevice(user.id, hashCode(device.deviceId), sessionId);
      }
      if (decision.kind !== 'remember') return null;
      const account = await repo.findAccount(user.id);
      if (!account) return null;
      const deviceId = randomToken();
      await repo.trustDevice({
        user_id: user.id,
        device_hash: hashCode(deviceId),
        epoch: account.token_version,
        session_id: sessionId,
        expires_at: new Date(clock.now().getTime() + TRUSTED_DEVICE_DAYS * DAY_MS).toISOString(),
      });
      if (decision.tellOwner) await checks.notify(newDeviceEmail(user, checks.securityLink()));
      return { userId: user.id, deviceId };
    },
  };
}

export type Devices = ReturnType<typeof createDevices>;
