export default function Page() {
  return <h1>messages</h1>;
}
