export default function Page() {
  return <h1>payouts</h1>;
}
