import { ProfilePage } from '@/features/accounts/profile-page';
import { SubscriptionSection } from '@/features/billing/subscription-section';
import { MyDataSection } from '@/features/data-archive/my-data-section';

/** /perfil: the member's account form, then "Mi suscripción" and «Mis datos». */
export function ProfileScreen() {
  return (
    <ProfilePage>
      <SubscriptionSection />
      <MyDataSection />
    </ProfilePage>
  );
}
