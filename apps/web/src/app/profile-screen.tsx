import { ProfilePage } from '@/features/accounts/profile-page';
import { SubscriptionSection } from '@/features/billing/subscription-section';
import { PasskeysCard } from '@/features/passkeys/passkeys-card';
import { SessionsCard } from '@/features/sessions/sessions-card';
import { MyDataSection } from '@/features/data-archive/my-data-section';

/** /perfil: the member's account form, "Mi suscripción", Seguridad (passkeys, sessions), then «Mis datos». */
export function ProfileScreen() {
  return (
    <ProfilePage>
      <SubscriptionSection />
      <PasskeysCard />
      <SessionsCard />
      <MyDataSection />
    </ProfilePage>
  );
}
