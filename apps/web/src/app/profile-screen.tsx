import { ProfilePage } from '@/features/accounts/profile-page';
import { SecuritySection } from '@/features/accounts/security-section';
import { SubscriptionSection } from '@/features/billing/subscription-section';
import { PasskeysCard } from '@/features/passkeys/passkeys-card';
import { SessionsCard } from '@/features/sessions/sessions-card';
import { MyDataSection } from '@/features/data-archive/my-data-section';
import { DeleteAccountSection } from '@/features/erasure/delete-account-section';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

/** /perfil: the account form, "Mi suscripción", Seguridad (passkeys, sessions), then «Mis datos» and its erasure. */
export function ProfileScreen() {
  useScrollToHash();
  return (
    <ProfilePage>
      <SubscriptionSection />
      <SecuritySection />
      <PasskeysCard />
      <SessionsCard />
      <MyDataSection />
      <DeleteAccountSection />
    </ProfilePage>
  );
}
