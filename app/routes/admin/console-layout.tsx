import { Outlet } from "react-router";

export default function ConsoleLayout() {
  return (
    <div>
      <p>console</p>
      <Outlet />
    </div>
  );
}
