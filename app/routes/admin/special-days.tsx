export default function Page() {
  return <h1>special-days</h1>;
}
