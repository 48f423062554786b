import {
  IconBuildingCommunity,
  IconClockPlay,
  IconCreditCard,
  IconDatabaseCog,
  IconPlugConnected,
} from '@tabler/icons-react';
import { ConnectionsTab } from '@/features/ai/connections-tab';
import { FailingAddressBadge } from '@/features/announcements/failing-address-badge';
import { PlansTab } from '@/features/billing/plans-tab';
import { CommunityTab } from '@/features/community/community-tab';
import { MemberArchiveAction } from '@/features/data-archive/member-archive-action';
import { JobsTab } from '@/features/jobs/jobs-tab';
import { RetentionTab } from '@/features/retention/retention-tab';
import { SettingsPage, type SettingsTab, type UserAction } from '@/features/settings/settings-page';

const TABS: readonly SettingsTab[] = [
  {
    value: 'plans',
    label: 'Planes',
    icon: <IconCreditCard size={16} aria-hidden="true" />,
    panel: <PlansTab />,
  },
  {
    value: 'ai',
    label: 'Conexiones de IA',
    icon: <IconPlugConnected size={16} aria-hidden="true" />,
    panel: <ConnectionsTab />,
  },
  {
    value: 'retention',
    label: 'Conservación de datos',
    icon: <IconDatabaseCog size={16} aria-hidden="true" />,
    panel: <RetentionTab />,
  },
  {
    value: 'community',
    label: 'Comunidad',
    icon: <IconBuildingCommunity size={16} aria-hidden="true" />,
    panel: <CommunityTab />,
  },
  {
    value: 'jobs',
    label: 'Tareas',
    icon: <IconClockPlay size={16} aria-hidden="true" />,
    panel: <JobsTab />,
  },
];

/** Each user's row: the member's data archive, from data-archive; a refused address, from Comunicados. */
const USER_ACTIONS: UserAction = (user) => (
  <>
    <FailingAddressBadge userId={user.id} />
    <MemberArchiveAction user={user} />
  </>
);

/**
 * /config: the settings tabs, with the paid plans' tab from billing, "Conservación de datos", the community's
 * name and logo, the background jobs, and the members' archive action.
 */
export function SettingsScreen() {
  // The AI tools' warning stays on the dashboard: above every tab here it only repeated itself.
  return <SettingsPage extraTabs={TABS} userActions={USER_ACTIONS} />;
}
