export function VerifyOtpPage() {
  return <h1>Verify</h1>;
}
