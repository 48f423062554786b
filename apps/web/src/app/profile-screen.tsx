import { ProfilePage } from '@/features/accounts/profile-page';
import { SubscriptionSection } from '@/features/billing/subscription-section';

/** /perfil: the member's account form, then "Mi suscripción". */
export function ProfileScreen() {
  return (
    <ProfilePage>
      <SubscriptionSection />
    </ProfilePage>
  );
}
