import { z } from "zod";

/** /healthz and /readyz, for load balancers and orchestrators. */
export const healthReply = z.object({ status: z.enum(["ok", "unavailable"]) });
