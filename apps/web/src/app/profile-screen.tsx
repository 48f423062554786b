import { ProfilePage } from '@/features/accounts/profile-page';
import { EmailChoiceSection } from '@/features/announcements/email-choice-section';
import { SecuritySection } from '@/features/accounts/security-section';
import { SubscriptionSection } from '@/features/billing/subscription-section';
import { PasskeysCard } from '@/features/passkeys/passkeys-card';
import { SessionsCard } from '@/features/sessions/sessions-card';
import { MyDataSection } from '@/features/data-archive/my-data-section';
import { DeleteAccountSection } from '@/features/erasure/delete-account-section';

/**
 * /perfil: the account form, "Mi suscripción", Seguridad (passkeys, sessions), «Comunicados» (email choice), then
 * «Mis datos» and its erasure.
 */
export function ProfileScreen() {
  return (
    <ProfilePage>
      <SubscriptionSection />
      <SecuritySection />
      <PasskeysCard />
      <SessionsCard />
      <EmailChoiceSection />
      <MyDataSection />
      <DeleteAccountSection />
    </ProfilePage>
  );
}
