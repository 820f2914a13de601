import { Link } from "react-router";
import { site } from "../site.ts";

export function BrandLink({ className = "" }: { className?: string }) {
  return (
    <Link to="/" className={`flex items-center gap-2.5 text-white ${className}`}>
      <img src={site.token.logo} alt="" width={36} height={36} className="size-9" />
      <span className="text-lg font-bold tracking-tight">
        {site.token.name} <span className="font-semibold text-gold-400">{site.token.symbol}</span>
      </span>
    </Link>
  );
}
