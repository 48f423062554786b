import { IconBuildingCommunity, IconCreditCard } from '@tabler/icons-react';
import { PlansTab } from '@/features/billing/plans-tab';
import { CommunityTab } from '@/features/community/community-tab';
import { AiToolsNotice } from '@/features/dashboard/ai-tools-notice';
import { useAdminOverview } from '@/features/dashboard/api/get-admin-overview';
import { SettingsPage, type SettingsTab } from '@/features/settings/settings-page';

const TABS: readonly SettingsTab[] = [
  {
    value: 'plans',
    label: 'Planes',
    icon: <IconCreditCard size={16} aria-hidden="true" />,
    panel: <PlansTab />,
  },
  {
    value: 'community',
    label: 'Comunidad',
    icon: <IconBuildingCommunity size={16} aria-hidden="true" />,
    panel: <CommunityTab />,
  },
];

/** /config: the settings tabs, with the paid plans' tab from billing and the community's name and logo. */
export function SettingsScreen() {
  // The AI tools' state comes with the first screen's overview (administrators only hold config).
  const overview = useAdminOverview();
  return <SettingsPage extraTabs={TABS} notice={<AiToolsNotice ai={overview.data?.ai} mb="lg" />} />;
}
