export default function Page() {
  return <h1>member</h1>;
}
