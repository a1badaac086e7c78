import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { DeleteAccountCard } from '../components/delete-account-card';
import { ExportCard } from '../components/export-card';
import { ImportCard } from '../components/import-card';
import { NotificationSettingsCard } from '../components/notification-settings-card';
import { ProfileCard } from '../components/profile-card';
import { SpeakingPaceCard } from '../components/speaking-pace-card';
import { StorageCard } from '../components/storage-card';
import { UpdatePasswordCard } from '../components/update-password-card';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function AccountSettingsPage() {
  useDocumentTitle('Account Settings');
  const user = useCurrentUser();
  return (
    <section>
      <PageHeader
        title="Account Settings"
        description="Manage your profile, sign-in security and password."
      />
      <div className="grid grid-cols-1 items-start gap-6 *:min-w-0 lg:grid-cols-2">
        <ProfileCard user={user} />
        <UpdatePasswordCard />
        <StorageCard />
        <ExportCard />
        <ImportCard />
        <SpeakingPaceCard wordsPerMinute={user.words_per_minute} />
        <NotificationSettingsCard />
        <DeleteAccountCard />
      </div>
    </section>
  );
}
