export function ForgotPasswordPage() {
  return <h1>Forgot</h1>;
}
