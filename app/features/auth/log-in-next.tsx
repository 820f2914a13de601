import { href } from "react-router";
import { FormMessage } from "../../components/ui/form-message.tsx";

/** A form that made a password: the server's message in green and the way on; an empty form under it would invite a second try. */
export function LogInNext({ success }: { success: string }) {
  return (
    <div className="space-y-5">
      <FormMessage success={success} />
      <a href={href("/login")} className="btn-primary w-full">
        Log in
      </a>
    </div>
  );
}
