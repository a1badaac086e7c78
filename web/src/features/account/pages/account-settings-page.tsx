export function AccountSettingsPage() {
  return <h1>Account</h1>;
}
