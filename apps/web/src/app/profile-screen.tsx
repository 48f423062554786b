import { ProfilePage } from '@/features/accounts/profile-page';
import { SecuritySection } from '@/features/accounts/security-section';
import { SubscriptionSection } from '@/features/billing/subscription-section';

/** /perfil: the member's account form, then «Seguridad» and "Mi suscripción". */
export function ProfileScreen() {
  return (
    <ProfilePage>
      <SecuritySection />
      <SubscriptionSection />
    </ProfilePage>
  );
}
