export default function Page() {
  return <h1>review</h1>;
}
