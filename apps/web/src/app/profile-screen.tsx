import { ProfilePage } from '@/features/accounts/profile-page';
import { SubscriptionSection } from '@/features/billing/subscription-section';
import { DeleteAccountSection } from '@/features/erasure/delete-account-section';

/** /perfil: the member's account form, then "Mi suscripción", then "Eliminar mi cuenta". */
export function ProfileScreen() {
  return (
    <ProfilePage>
      <SubscriptionSection />
      <DeleteAccountSection />
    </ProfilePage>
  );
}
