export function LandingPage() {
  return <h1>Home</h1>;
}
