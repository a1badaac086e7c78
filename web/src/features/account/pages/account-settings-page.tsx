import { PageHeader } from '../../../components/page-header';
import { useCurrentUser } from '../../../lib/current-user';
import { ProfileCard } from '../components/profile-card';
import { UpdatePasswordCard } from '../components/update-password-card';

export function AccountSettingsPage() {
  const user = useCurrentUser();
  return (
    <section>
      <PageHeader
        title="Account Settings"
        description="Manage your profile, sign-in security and password."
      />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ProfileCard user={user} />
        <UpdatePasswordCard />
      </div>
    </section>
  );
}
