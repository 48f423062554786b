import { IconCreditCard, IconDatabase, IconMail, IconShieldLock, IconUser } from '@tabler/icons-react';
import { PROFILE_FORM_SECTION, ProfilePage } from '@/features/accounts/profile-page';
import { EmailChoiceSection } from '@/features/announcements/email-choice-section';
import { SecuritySection } from '@/features/accounts/security-section';
import { SubscriptionSection, useSubscriptionShown } from '@/features/billing/subscription-section';
import { PasskeysCard } from '@/features/passkeys/passkeys-card';
import { SessionsCard } from '@/features/sessions/sessions-card';
import { MyDataSection } from '@/features/data-archive/my-data-section';
import { DeleteAccountSection } from '@/features/erasure/delete-account-section';
import type { PageSection } from '@/components/section-nav';
import sectionClasses from '@/components/section-nav.module.css';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

const icon = { size: 16, 'aria-hidden': true } as const;
const PROFILE: PageSection = { id: PROFILE_FORM_SECTION, label: 'Perfil', icon: <IconUser {...icon} /> };
const SECURITY: PageSection = { id: 'seguridad', label: 'Seguridad', icon: <IconShieldLock {...icon} /> };
const SUBSCRIPTION: PageSection = {
  id: 'suscripcion',
  label: 'Suscripción',
  icon: <IconCreditCard {...icon} />,
};
const MAIL: PageSection = { id: 'comunicados', label: 'Comunicados', icon: <IconMail {...icon} /> };
// «Mis datos» is the section's own anchor (the archive email links to it); erasure follows it.
const MY_DATA: PageSection = { id: 'mis-datos', label: 'Mis datos', icon: <IconDatabase {...icon} /> };

/**
 * /perfil: the account form, Seguridad (second factors, passkeys, sessions), "Mi suscripción", «Comunicados»
 * (whether announcements come by email), then «Mis datos» and its erasure, with a side navigation between them.
 */
export function ProfileScreen() {
  useScrollToHash();
  const subscription = useSubscriptionShown();
  const sections = subscription
    ? [PROFILE, SECURITY, SUBSCRIPTION, MAIL, MY_DATA]
    : [PROFILE, SECURITY, MAIL, MY_DATA];
  return (
    <ProfilePage sections={sections}>
      <div id={SECURITY.id} className={sectionClasses.section}>
        <SecuritySection />
        <PasskeysCard />
        <SessionsCard />
      </div>
      {subscription && (
        <div id={SUBSCRIPTION.id} className={sectionClasses.section}>
          <SubscriptionSection />
        </div>
      )}
      <div id={MAIL.id} className={sectionClasses.section}>
        <EmailChoiceSection />
      </div>
      <MyDataSection />
      <DeleteAccountSection />
    </ProfilePage>
  );
}
