export default function Page() {
  return <h1>audit</h1>;
}
